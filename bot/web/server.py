"""The web board's server: the aiohttp application (static page, API, live socket), started
beside the bot (`python -m bot`) or alone (`python -m bot web`), and nothing at all where
Activities are not configured.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass

from aiohttp import WSMsgType, web

from bot.games import Registry
from bot.i18n import include_games, text
from bot.service import GameService
from bot.settings import Settings
from bot.web.actions import Actions
from bot.web.api import Api, WebError, refusals
from bot.web.clients import Network
from bot.web.discord_api import DiscordApi
from bot.web.imports import ImportsApi
from bot.web.keeping import Keeping
from bot.web.limits import Limiter, Limits, TooManyError
from bot.web.live import Hub, Watcher
from bot.web.lobby import LobbyApi
from bot.web.pages import Pages
from bot.web.proxyauth import ProxyAuth
from bot.web.sessions import BadSessionError, Sessions
from bot.web.sight import WebSight

log = logging.getLogger(__name__)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

MAX_BODY = 16 * 1024
"""The largest request body accepted (a move is a few dozen bytes)."""
MAX_MESSAGE = 4 * 1024
"""The largest WebSocket message accepted from a page."""
HELLO_SECONDS = 10.0
"""Seconds a new live connection has to say who it is."""
SHUTDOWN = 3.0
"""Seconds a stopping server gives requests in progress (the pages' sockets are closed first:
they reconnect to another process, or to this one once it is back)."""
HEARTBEAT = 25.0
"""Seconds between pings on a live connection: Discord's proxy closes idle sockets."""


def activities_configured(settings: Settings) -> bool:
    """Whether the Activity is set up (ACTIVITY_CLIENT_SECRET): without it nothing of the web
    board starts and the bot shows no Open board button."""
    return settings.activities


@dataclass
class WebServer:
    """The running server: where it listens, and its hub of live pages."""

    runner: web.AppRunner
    host: str
    port: int
    hub: Hub

    @property
    def url(self) -> str:
        """Its address, such as ``http://127.0.0.1:8080/``."""
        return f"http://{self.host}:{self.port}/"


def make_app(
    actions: Actions,
    discord: DiscordApi,
    sessions: Sessions,
    limits: Limits,
    registry: Registry,
    *,
    trusted: tuple[Network, ...] = (),
    public_key: bytes | None = None,
) -> tuple[web.Application, Hub]:
    """The application: the page and its files, the API, the live socket."""
    hub = Hub(actions, discord.name)
    limiter = Limiter(limits, actions.take, actions.forget_limits)
    proxy = None if public_key is None else ProxyAuth(public_key, discord.application_id)
    api = Api(actions, hub, sessions, discord, limiter, trusted=trusted, proxy=proxy)
    pages = Pages(registry)
    app = web.Application(middlewares=[refusals], client_max_size=MAX_BODY)
    app.add_routes(pages.routes())
    app.add_routes(api.routes())
    app.add_routes(LobbyApi(api, WebSight(discord)).routes())
    app.add_routes(Keeping(api, actions).routes())
    app.add_routes(ImportsApi(api).routes())
    app.add_routes([web.get("/api/live", _live(api, hub, limiter))])
    return app, hub


def _live(api: Api, hub: Hub, limiter: Limiter) -> Handler:
    async def live(request: web.Request) -> web.StreamResponse:
        """The live socket: the page says who it is (`hello`, its session and the state it
        has), then gets its channel's state whenever it changes; `ping` is answered `pong`."""
        # Uncompressed: a state is a few KB, and one compressor per page would cost every
        # broadcast a compression per watcher.
        socket = web.WebSocketResponse(
            heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE, compress=False
        )
        await socket.prepare(request)
        watcher = await _hello(api, hub, limiter, socket)
        if watcher is None:
            return socket
        hub.add(watcher)
        try:
            await hub.send_state(watcher.channel_id, only=watcher)
            async for message in socket:
                if message.type is not WSMsgType.TEXT or not await _heard(
                    api, watcher, message.data
                ):
                    break
        finally:
            hub.remove(watcher)
            await socket.close()
        return socket

    return live


async def _hello(
    api: Api, hub: Hub, limiter: Limiter, socket: web.WebSocketResponse
) -> Watcher | None:
    """The watcher a new socket's first message names; None (and the socket closed with a
    reason the page understands) for a bad or missing session or too many connections."""
    try:
        async with asyncio.timeout(HELLO_SECONDS):
            message = await socket.receive()
        hello = json.loads(message.data) if message.type is WSMsgType.TEXT else None
        session = api.sessions.check(hello.get("session") if isinstance(hello, dict) else None)
    except (TimeoutError, ValueError, BadSessionError):
        await socket.close(code=4001, message=b"sign in")
        return None
    try:
        await limiter.check(limiter.limits.connections, "connection", session.user_id)
    except TooManyError as error:
        refusal = {
            "t": "error",
            "error": text(session.language, "web.too_many"),
            "code": "too_many",
            "retry_after": error.retry_after,
        }
        await socket.send_json(refusal)
        await socket.close(code=4029, message=b"too many connections")
        return None
    key = hello.get("key") if isinstance(hello, dict) else None
    lobby = isinstance(hello, dict) and hello.get("lobby") is True
    return Watcher(
        socket,
        session.channel_id,
        session.user_id,
        key if isinstance(key, str) else None,
        guild_id=session.guild_id,
        lobby=lobby,
    )


async def _heard(api: Api, watcher: Watcher, data: str) -> bool:
    """Answer a page's message; False ends the connection (its session ran out: sign in)."""
    try:
        message = json.loads(data)
    except ValueError:
        return False
    if not isinstance(message, dict) or message.get("t") != "ping":
        return False
    try:
        api.sessions.check(message.get("session"))
    except BadSessionError:
        await watcher.socket.close(code=4001, message=b"sign in")
        return False
    await watcher.send(b'{"t":"pong"}', None)
    return True


@asynccontextmanager
async def open_web(
    settings: Settings,
    service: GameService,
    *,
    application_id: int,
    limits: Limits | None = None,
) -> AsyncIterator[WebServer | None]:
    """The web board on WEB_HOST:WEB_PORT (port 0: any free one) while entered, over `service`;
    None, and nothing started, when Activities are not configured."""
    secret = settings.activity_client_secret
    if not secret:
        yield None
        return
    async with DiscordApi(
        application_id=application_id,
        client_secret=secret,
        bot_token=settings.token or "",
        api_base=settings.api_base,
    ) as discord:
        include_games(service.registry)  # the games' own words, for the rule sentences
        actions = Actions(service)
        app, hub = make_app(
            actions,
            discord,
            Sessions(secret),
            limits or Limits.default(),
            service.registry,
            trusted=settings.web_trusted_proxies,
            public_key=settings.discord_public_key,
        )
        await hub.start()
        runner = web.AppRunner(
            app, handle_signals=False, access_log=None, shutdown_timeout=SHUTDOWN
        )
        await runner.setup()
        try:
            site = web.TCPSite(runner, settings.web_host, settings.web_port)
            try:
                await site.start()
            except OSError as error:  # a port in use, an address not this machine's
                raise settings.cannot_listen(error) from None
            port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
            server = WebServer(runner, settings.web_host, port, hub)
            log.info("the web board listens on %s", server.url)
            yield server
        finally:
            await hub.stop()
            await runner.cleanup()


__all__ = ["WebError", "WebServer", "activities_configured", "make_app", "open_web"]
