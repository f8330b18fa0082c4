"""Signing in to the board behind a proxy (issue 52, point 2): a whole channel signs in through one
address; the limit is per Discord user (and a ceiling per instance and per address sized for a full
channel), held in the database so every process on it shares it; a client's address is read from
a forwarding header only from a proxy the admin trusts; a refusal says when to try again."""

from __future__ import annotations

import asyncio
import ipaddress
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import text
from bot.settings import Settings, SettingsError
from bot.web.clients import client_address
from bot.web.limits import Limits, RateLimit
from testing.fakediscord import FakeChannel, FakeUser
from testing.webapi import WebApi, web_api, web_board

LOOPBACK = (ipaddress.ip_network("127.0.0.1/32"),)


async def sign_in(
    api: WebApi,
    user: FakeUser,
    channel: FakeChannel | None = None,
    *,
    url: str | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, Any, Mapping[str, str]]:
    """`user` opens the Activity and asks for a session: the status, the body, the headers."""
    instance = api.fake.activities.launch(user, channel or api.channel)
    code = api.fake.activities.mint_code(user)
    body = {"code": code, "instance_id": instance.instance_id}
    async with api.http.post(
        (url or api.server.url) + "api/session", json=body, headers=headers or {}
    ) as response:
        return response.status, await response.json(), response.headers


async def test_two_hundred_people_of_one_channel_sign_in_through_one_address(
    tmp_path: Path,
) -> None:
    """The seventh once read 'Slow down a little': the limit was per instance and address."""
    async with web_api(tmp_path / "bot.sqlite3") as api:  # the default limits
        people = [api.fake.add_user(f"player{number}") for number in range(200)]
        statuses = []
        for start in range(0, len(people), 20):  # twenty at a time, as a channel piles in
            batch = people[start : start + 20]
            answers = await asyncio.gather(*(sign_in(api, person) for person in batch))
            statuses += [status for status, _, _ in answers]
        assert statuses == [200] * len(people)


async def test_one_user_signing_in_too_often_is_told_when_to_try_again(tmp_path: Path) -> None:
    async with web_api(tmp_path / "bot.sqlite3") as api:
        burst = Limits.default().sign_ins.burst
        for _ in range(burst):
            assert (await sign_in(api, api.bob))[0] == 200
        status, body, headers = await sign_in(api, api.bob)
        assert status == 429 and body["code"] == "too_many"
        assert body["error"] == text("de", "web.too_many")  # bob's language, said by Discord
        assert int(headers["Retry-After"]) >= 1
        assert (await sign_in(api, api.alice))[0] == 200  # the others are not held back


async def test_two_board_processes_on_one_database_share_the_limit(
    database_at: str | Path,
) -> None:
    """Each process once kept its own counts: two processes let a user in twice as often."""
    database = database_at
    async with (
        web_api(database) as api,
        web_board(api.fake, database) as (_, other),
    ):
        burst = Limits.default().sign_ins.burst
        urls = [api.server.url, other.url]
        statuses = [(await sign_in(api, api.bob, url=urls[n % 2]))[0] for n in range(burst + 2)]
        assert statuses == [200] * burst + [429, 429]


async def test_a_forwarded_address_counts_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    per_address = Limits(
        moves=RateLimit(burst=10, rate=1),
        clicks=RateLimit(burst=10, rate=1),
        connections=RateLimit(burst=10, rate=1),
        sign_ins=RateLimit(burst=10, rate=1),
        address_sign_ins=RateLimit(burst=2, rate=0.001),
    )
    # From an untrusted peer the header is anyone's: every request is the peer's own.
    async with web_api(tmp_path / "a.sqlite3", limits=per_address) as api:
        users = [api.fake.add_user(f"u{number}") for number in range(3)]
        forged = [{"X-Forwarded-For": f"198.51.100.{number}"} for number in range(3)]
        statuses = [
            (await sign_in(api, user, headers=header))[0]
            for user, header in zip(users, forged, strict=True)
        ]
        assert statuses == [200, 200, 429]
    # Behind the trusted proxy each client has an allowance of its own.
    async with web_api(tmp_path / "b.sqlite3", limits=per_address, trusted=LOOPBACK) as api:
        users = [api.fake.add_user(f"u{number}") for number in range(4)]
        clients = ["198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.1"]
        statuses = []
        for user, client in zip(users, clients, strict=True):
            header = {"X-Forwarded-For": f"203.0.113.9, {client}"}  # the client forged one
            statuses.append((await sign_in(api, user, headers=header))[0])
        assert statuses == [200, 200, 200, 200]
        third = api.fake.add_user("third")
        again = {"X-Forwarded-For": "198.51.100.1"}
        assert (await sign_in(api, third, headers=again))[0] == 429


def test_the_client_is_the_first_address_left_of_the_trusted_proxies() -> None:
    proxies = (*LOOPBACK, ipaddress.ip_network("10.0.0.0/8"))
    xff = {"X-Forwarded-For": "192.0.2.7, 198.51.100.5, 10.1.2.3"}
    assert client_address("127.0.0.1", xff, proxies) == "198.51.100.5"
    assert client_address("192.0.2.200", xff, proxies) == "192.0.2.200"  # not a proxy
    assert client_address("127.0.0.1", {}, proxies) == "127.0.0.1"  # nothing forwarded
    forwarded = {"Forwarded": 'for=192.0.2.60;proto=https, for="[2001:db8::1]:4711"'}
    assert client_address("127.0.0.1", forwarded, proxies) == "2001:db8::1"
    garbled = {"X-Forwarded-For": "not-an-address"}
    assert client_address("127.0.0.1", garbled, proxies) == "127.0.0.1"
    mapped = {"X-Forwarded-For": "192.0.2.8"}
    assert client_address("::ffff:127.0.0.1", mapped, proxies) == "192.0.2.8"


def test_a_client_cannot_name_itself_in_the_header_its_proxy_does_not_write() -> None:
    # A proxy writes one of the two headers and passes the other on as the client wrote it:
    # with both, which is the proxy's cannot be told, so neither is believed (a client that
    # named itself could spend a new address's allowance at every sign-in).
    written = {"Forwarded": "for=198.51.100.5", "X-Forwarded-For": "203.0.113.9"}
    assert client_address("127.0.0.1", written, LOOPBACK) == "127.0.0.1"
    appended = {"X-Forwarded-For": "198.51.100.5", "Forwarded": "for=203.0.113.9"}
    assert client_address("127.0.0.1", appended, LOOPBACK) == "127.0.0.1"


def test_the_trusted_proxies_setting_lists_addresses_and_networks() -> None:
    settings = Settings.from_env({"WEB_TRUSTED_PROXIES": "127.0.0.1, ::1 10.0.0.0/8"})
    assert [str(network) for network in settings.web_trusted_proxies] == [
        "127.0.0.1/32",
        "::1/128",
        "10.0.0.0/8",
    ]
    assert Settings.from_env({}).web_trusted_proxies == ()
    with pytest.raises(SettingsError, match="WEB_TRUSTED_PROXIES"):
        Settings.from_env({"WEB_TRUSTED_PROXIES": "127.0.0.1, localhost"})


async def test_discord_not_answering_a_sign_in_is_a_refusal_to_try_again(tmp_path: Path) -> None:
    """A rate-limited or failing Discord once read 'close it and open it again' (403)."""
    async with web_api(tmp_path / "bot.sqlite3") as api:
        for status in (429, 502):
            api.fake.inject("POST /oauth2/token", status)
            refused, body, headers = await sign_in(api, api.bob)
            assert refused == 503 and body["code"] == "discord_unavailable"
            assert body["error"] == text("en", "web.discord_unavailable")
            assert int(headers["Retry-After"]) >= 1
        assert (await sign_in(api, api.bob))[0] == 200  # the next try gets in


async def test_codes_discord_refuses_use_up_no_channels_allowance(tmp_path: Path) -> None:
    small = Limits(
        moves=RateLimit(burst=10, rate=1),
        clicks=RateLimit(burst=10, rate=1),
        connections=RateLimit(burst=10, rate=1),
        sign_ins=RateLimit(burst=10, rate=1),
        instance_sign_ins=RateLimit(burst=2, rate=0.001),
    )
    async with web_api(tmp_path / "bot.sqlite3", limits=small) as api:
        instance = api.fake.activities.launch(api.alice, api.channel)
        for number in range(5):  # someone who knows the instance, with made-up codes
            junk = {"code": f"made-up-{number}", "instance_id": instance.instance_id}
            assert (await api.post("api/session", junk))[0] == 403
        statuses = [(await sign_in(api, user))[0] for user in (api.alice, api.bob, api.carol)]
        assert statuses == [200, 200, 429]  # the ceiling counts people Discord confirmed
