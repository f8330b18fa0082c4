"""The web board without a browser or a bot: the service over a fresh database, the web board
over it (without Discord in the process: posts stay owed), and the fake Discord answering the
board's questions (the code exchange, the user, the instance). A test signs users in as the
page does, with a code the fake client would have minted, and calls the API with aiohttp."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

from bot.service import GameService
from bot.settings import Settings
from bot.store import open_database
from bot.web import open_web
from bot.web.clients import Network
from bot.web.limits import Limits, RateLimit
from bot.web.server import WebServer
from testing.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeUser
from testing.servicekit import COMPUTER, CountingSeeds, FakeClock

GENEROUS = Limits(
    moves=RateLimit(burst=100, rate=10),
    clicks=RateLimit(burst=100, rate=10),
    connections=RateLimit(burst=100, rate=10),
    sign_ins=RateLimit(burst=100, rate=10),
)
"""Limits no test of the API's behaviour reaches (the limits' own tests set theirs)."""


@dataclass
class WebApi:
    """A running web board over `service`, the fake Discord, a server and three users."""

    fake: FakeDiscord
    service: GameService
    server: WebServer
    http: aiohttp.ClientSession
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser

    def url(self, path: str) -> str:
        return f"{self.server.url}{path}"

    async def sign_in(self, user: FakeUser, channel: FakeChannel | None = None) -> str:
        """`user` opens the Activity in `channel` and signs in: their session token."""
        instance = self.fake.activities.launch(user, channel or self.channel)
        code = self.fake.activities.mint_code(user)
        status, body = await self.post(
            "api/session", {"code": code, "instance_id": instance.instance_id}
        )
        assert status == 200, body
        return str(body["session"])

    async def post(self, path: str, body: Any, session: str | None = None) -> tuple[int, Any]:
        headers = {"Authorization": f"Bearer {session}"} if session else {}
        async with self.http.post(self.url(path), json=body, headers=headers) as response:
            return response.status, await response.json()

    async def get(self, path: str, session: str | None = None) -> tuple[int, Any]:
        headers = {"Authorization": f"Bearer {session}"} if session else {}
        async with self.http.get(self.url(path), headers=headers) as response:
            return response.status, await response.json()


@asynccontextmanager
async def web_api(
    database: str | Path,
    *,
    limits: Limits | None = None,
    trusted: tuple[Network, ...] = (),
    public_key: bytes | None = None,
) -> AsyncIterator[WebApi]:
    """The web board over a new service on `database`, with Activities enabled on the fake."""
    async with FakeDiscord() as fake:
        fake.activities.enable()
        guild = fake.add_guild("Spieleabend", locale="en-US")
        users = (
            fake.add_user("alice"),
            fake.add_user("bob", locale="de"),
            fake.add_user("carol", locale="fr"),
        )
        async with (
            web_board(fake, database, limits=limits, trusted=trusted, public_key=public_key) as (
                service,
                server,
            ),
            aiohttp.ClientSession() as http,
        ):
            yield WebApi(fake, service, server, http, guild, guild.text_channel, *users)


@asynccontextmanager
async def web_board(
    fake: FakeDiscord,
    database: str | Path,
    *,
    limits: Limits | None = None,
    trusted: tuple[Network, ...] = (),
    public_key: bytes | None = None,
) -> AsyncIterator[tuple[GameService, WebServer]]:
    """A web board process (`python -m bot web`) on `database`: another one beside a test's
    is a second process behind the same load balancer."""
    # As `python -m bot web` opens it: no Discord in the process, so it posts nothing.
    service = GameService(
        await open_database(database),
        clock=FakeClock(),
        seeds=CountingSeeds(),
        computer_id=COMPUTER,
        name="web",
        posts=False,
    )
    settings = Settings(
        token=fake.token,
        api_base=fake.api_base,
        activity_client_secret=fake.world.activities.client_secret,
        web_port=0,
        web_trusted_proxies=trusted,
        discord_public_key=public_key,
    )
    try:
        async with open_web(
            settings, service, application_id=fake.application_id, limits=limits
        ) as server:
            assert server is not None
            yield service, server
    finally:
        await service.connection.close()


def with_secret(settings: Settings, secret: str | None) -> Settings:
    """`settings` with another client secret (None: Activities not configured)."""
    return dataclasses.replace(settings, activity_client_secret=secret)
