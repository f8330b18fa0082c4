"""`FakeDiscord`: the server (REST under ``/api/v10`` and the gateway on one loopback port) and
the API that tests use to wait for what the bot does and check it; building the world comes
from `places.BuildWorld`, the user actions (slash commands, buttons, modals) from
`driver.ActAsUsers`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Awaitable, Callable
from types import TracebackType
from typing import Any, Protocol

from aiohttp import web

from testing.fakediscord.activities import Activities, bearer
from testing.fakediscord.clock import WAIT, Clock, ManualClock
from testing.fakediscord.driver import ActAsUsers
from testing.fakediscord.faults import Fault, RecordedRequest, route_matches
from testing.fakediscord.gateway import Gateway
from testing.fakediscord.interactions import ACK_DEADLINE, InteractionHandle
from testing.fakediscord.models import FakeChannel, FakeGuild, FakeMessage, FakeUser
from testing.fakediscord.places import BuildWorld
from testing.fakediscord.responses import InteractionRoutes
from testing.fakediscord.rest import RestRoutes
from testing.fakediscord.web import BODY, ApiError, json_response, read_body, request_key
from testing.fakediscord.world import World

API = "/api/v10"
# Interaction callbacks and webhooks are authorised by their token, not the bot token.
_TOKEN_ROUTES = ("/interactions/", "/webhooks/")
_MAX_BODY = 64 * 1024 * 1024
RECORD = request_key("fakediscord.record", RecordedRequest)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
log = logging.getLogger("fakediscord")


class Child(Protocol):
    """A process started against the fake (`runner.BotProcess`)."""

    async def kill(self) -> int:
        """SIGKILL it unless it has ended, and reap it; its exit status."""
        ...


class FakeDiscord(ActAsUsers, BuildWorld):
    """A fake Discord API on 127.0.0.1 for the real discord.py client of the bot.

    Build the world (`add_guild`, `add_user`), `start()`, point the bot at `api_base` and
    `gateway_url` (`bot_env()` gives the environment), then drive it as users would and wait for
    what it does. Every wait is event-driven and ends with an `AssertionError` on timeout.
    Discord's deadlines run on real time unless `clock` is a `ManualClock` the test moves.
    """

    def __init__(
        self,
        *,
        token: str | None = None,
        ack_deadline: float = ACK_DEADLINE,
        privileged_intents: int = 0,
        clock: Clock | None = None,
    ) -> None:
        self.world = World(token=token, clock=clock)
        self.ack_deadline = ack_deadline
        self.gateway = Gateway(
            self.world, lambda: self.gateway_url, privileged_intents=privileged_intents
        )
        self.interactions = InteractionRoutes(self.world, self.gateway.publish)
        self.rest = RestRoutes(self.world, self.gateway.publish, lambda: self.gateway_url)
        self.activities = Activities(self.world)
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.internal_errors: list[tuple[RecordedRequest, Exception]] = []
        self._children: list[Child] = []

    # -- lifecycle -----------------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        """Listen on a free port of 127.0.0.1."""
        app = web.Application(middlewares=[self._middleware], client_max_size=_MAX_BODY)
        routes = self.rest.routes() + self.interactions.routes() + self.activities.routes()
        for method, path, handler in routes:
            app.router.add_route(method, API + path, handler)
        app.router.add_get("/", self.gateway.handle)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._cdn)
        app.router.add_route("*", "/{tail:.*}", self._unknown_route)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        self.world.base_url = self.base_url
        return self

    def adopt(self, child: Child) -> None:
        """`child` was started against the fake: `stop()` kills and reaps it if it still
        runs."""
        self._children.append(child)

    async def stop(self) -> None:
        """Kill and reap the processes started against the fake that still run (a test that
        failed before it stopped its bot must not leave it running, talking to nobody), release
        held requests (they are answered as usual), then close the gateway connections and the
        server."""
        children, self._children = self._children, []
        for child in children:
            await child.kill()
        # The server waits for every request in progress before it closes (up to a minute):
        # a held request would only go on at that timeout, so let it go on now.
        self.world.faults.release_all()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """The REST base for ``DISCORD_API_BASE`` (ends in ``/api/v10``)."""
        return self.base_url + API

    @property
    def gateway_url(self) -> str:
        """The websocket URL for ``DISCORD_GATEWAY_URL``."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def token(self) -> str:
        """The only bot token the fake accepts."""
        return self.world.token

    def bot_env(self, dev_guild: FakeGuild | None = None) -> dict[str, str]:
        """The settings that point a bot at this fake (token, both endpoints, dev guild)."""
        env = {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }
        guild = dev_guild or next(iter(self.world.guilds.values()), None)
        if guild is not None:
            env["DEV_GUILD_ID"] = str(guild.id)
        return env

    # -- the world -----------------------------------------------------------------------------

    @property
    def bot_user(self) -> FakeUser:
        """The bot's own user."""
        return self.world.bot_user

    @property
    def application_id(self) -> int:
        """The application's id (also the bot user's id, as on Discord)."""
        return self.world.application_id

    # -- waiting for the bot -------------------------------------------------------------------

    @property
    def ready_count(self) -> int:
        """How many times a bot has identified and received READY."""
        return self.gateway.ready_count

    async def wait_ready(self, count: int = 1, *, timeout: float = WAIT, watch: Any = None) -> None:
        """Wait until READY has been sent `count` times in all (give up early if `watch` ends)."""
        await self.world.wait_until(
            lambda: self.gateway.ready_count >= count,
            timeout=timeout,
            what=f"READY number {count} on the fake gateway",
            watch=watch,
        )

    async def wait_resumed(self, count: int = 1, *, timeout: float = WAIT) -> None:
        """Wait until the bot has resumed its session `count` times in all."""
        await self.world.wait_until(
            lambda: self.gateway.resume_count >= count,
            timeout=timeout,
            what=f"RESUME number {count}",
        )

    async def wait_commands_synced(
        self, guild: FakeGuild | None = None, *, count: int = 1, timeout: float = WAIT
    ) -> list[dict[str, Any]]:
        """Wait until the global (or `guild`'s) commands were overwritten `count` times in all;
        return them as registered."""
        scope = None if guild is None else guild.id
        where = "globally" if guild is None else f"in {guild.name}"
        await self.world.wait_until(
            lambda: self.world.command_syncs.count(scope) >= count,
            timeout=timeout,
            what=f"a command sync {where}",
        )
        return self.world.commands[scope]

    def commands(self, guild: FakeGuild | None = None) -> list[dict[str, Any]]:
        """The registered global (or `guild`'s) commands."""
        return self.world.commands.get(None if guild is None else guild.id, [])

    def mark(self) -> int:
        """A position in the message stream: pass as `since` to wait only for newer messages."""
        return self.world.next_message_seq()

    def messages_in(
        self, channel: FakeChannel, *, since: int = 0, include_hidden: bool = False
    ) -> list[FakeMessage]:
        """The messages in `channel` in order; ephemeral, loading and deleted ones only with
        `include_hidden`."""
        return [
            m
            for m in self.world.messages.values()
            if m.channel is channel and m.seq >= since and (include_hidden or m.visible)
        ]

    async def wait_for_message(
        self,
        channel: FakeChannel,
        *,
        since: int = 0,
        check: Callable[[FakeMessage], bool] | None = None,
        timeout: float = WAIT,
    ) -> FakeMessage:
        """The first visible message in `channel` from position `since` on that passes `check`."""

        def first() -> FakeMessage | None:
            found = (m for m in self.messages_in(channel, since=since) if check is None or check(m))
            return next(found, None)

        return await self.world.wait_until(
            first, timeout=timeout, what=f"a message in #{channel.name}"
        )

    async def wait_for_thread(
        self, parent: FakeChannel, *, name: str | None = None, timeout: float = WAIT
    ) -> FakeChannel:
        """The first thread in `parent` (with `name`, if given)."""

        def first() -> FakeChannel | None:
            threads = (
                c
                for c in self.world.channels.values()
                if c.parent_id == parent.id and (name is None or c.name == name)
            )
            return next(threads, None)

        return await self.world.wait_until(
            first, timeout=timeout, what=f"a thread in #{parent.name}"
        )

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and `user` (where the bot's DMs land)."""
        return self.world.dm_channel(user)

    # -- checks --------------------------------------------------------------------------------

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every REST request so far, with the status it got."""
        return self.world.requests

    def requests_to(self, route: str) -> list[RecordedRequest]:
        """The requests matching ``"METHOD /path/*"`` (see `inject`)."""
        return [r for r in self.world.requests if route_matches(route, r.method, r.path)]

    @property
    def unknown_routes(self) -> list[RecordedRequest]:
        """Requests to routes the fake does not serve (each got a 404)."""
        return self.world.unknown_routes

    def assert_no_unknown_routes(self) -> None:
        """Fail if the bot used a route the fake does not know (a gap in the fake, or a bug),
        or if a route of the fake itself failed."""
        routes = [r.route for r in self.world.unknown_routes]
        assert not routes, f"the bot called routes the fake does not serve: {routes}"
        failed = [f"{r.route}: {error!r}" for r, error in self.internal_errors]
        assert not failed, f"routes of the fake failed: {failed}"

    @property
    def handles(self) -> list[InteractionHandle]:
        """Every interaction dispatched so far."""
        return list(self.interactions.handles.values())

    def advance_clock(self, seconds: float) -> None:
        """Move the fake's `ManualClock` on by `seconds`; waits for a deadline that has now
        passed (an acknowledgement, say) end at once. `TypeError` on a real-time fake."""
        clock = self.world.clock
        if not isinstance(clock, ManualClock):
            raise TypeError("this fake keeps real time: pass clock=ManualClock() to move it")
        clock.advance(seconds)
        self.world.changed()

    def late_interactions(self) -> list[str]:
        """Reports of interactions acknowledged late or not at all, as of now."""
        now = self.world.clock.now()
        reports = (handle.late_report(now) for handle in self.interactions.handles.values())
        return [report for report in reports if report is not None]

    async def check_acknowledgements(self) -> None:
        """Fail unless every interaction was acknowledged within the deadline.

        Waits for pending interactions until their deadline, so it belongs at the end of a test.
        """
        for handle in list(self.interactions.handles.values()):
            if handle.response_type is None and not handle.late_callbacks:
                with contextlib.suppress(AssertionError):  # reported below with the others
                    await handle.acknowledged()
        late = self.late_interactions()
        assert not late, "interactions not acknowledged in time: " + "; ".join(late)

    # -- faults and gateway trouble ------------------------------------------------------------

    def inject(
        self,
        route: str,
        status: int,
        *,
        count: int = 1,
        retry_after: float = 0.1,
        is_global: bool = False,
        via: bool = True,
        code: int = 0,
        message: str | None = None,
    ) -> Fault:
        """Answer the next `count` requests matching ``"METHOD /channels/*/messages"`` with
        `status` (``*`` or ``{name}`` is one path segment; a concrete id targets one channel).

        For 429 the answer has ``Retry-After``, ``X-RateLimit-*``, a JSON body with
        `retry_after` and `global`, and a ``Via`` header unless `via` is false. The returned
        `Fault` records its hits.
        """
        return self.world.faults.add(
            Fault(route, status, count, retry_after, is_global, via, code, message)
        )

    def hold(self, route: str, *, count: int = 1) -> Fault:
        """Keep the next `count` requests matching `route` waiting, unanswered, until the
        returned fault's `release()` (or the fake stops): to kill a bot mid-request, say. Its
        `hits` tell when a request has arrived."""
        return self.world.faults.add(Fault(route, 0, count, held=asyncio.Event()))

    def hold_answer(self, route: str, *, count: int = 1) -> Fault:
        """Act on the next `count` requests matching `route` (a message is posted, say) but
        keep their answers from the bot until `release()` (or the fake stops): a bot killed
        then never heard that Discord accepted them."""
        held = Fault(route, 0, count, held=asyncio.Event(), answer_held=True)
        return self.world.faults.add(held)

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT to the bot (it should come back and RESUME)."""
        await self.gateway.request_reconnect()

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close the bot's websocket with `code` (4000 lets it resume)."""
        await self.gateway.drop_connection(code)

    # -- server internals ----------------------------------------------------------------------

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not request.path.startswith(API + "/"):
            return await handler(request)
        record = RecordedRequest(
            request.method,
            request.path.removeprefix(API),
            dict(request.query),
            None,
            (),
            self.world.clock.now(),
        )
        self.world.requests.append(record)
        request[RECORD] = record
        response = await self._answer(request, handler, record)
        record.status = response.status
        self.world.changed()
        return response

    async def _answer(
        self, request: web.Request, handler: Handler, record: RecordedRequest
    ) -> web.StreamResponse:
        try:
            body = await read_body(request)
            request[BODY] = body
            record.payload, record.files = body.payload, body.files
            fault = self.world.faults.take(record)
            if fault is not None:
                self.world.changed()  # a hit is news to whoever waits for it (a hold, say)
                if fault.held is None:
                    return fault.response()
                if not fault.answer_held:
                    await fault.held.wait()  # a hold: as slow as Discord at its worst
                    if fault.abandoned:  # it never arrived
                        return json_response({"message": "503: Service Unavailable"}, 503)
            self._authorise(request, record)
            response = await handler(request)
            if fault is not None and fault.held is not None and fault.answer_held:
                await fault.held.wait()  # done, but its sender does not hear so yet
            return response
        except ApiError as error:
            return error.response()
        except Exception as error:
            # A bug in the fake must not look like Discord trouble: aiohttp would answer 500,
            # which discord.py retries for 25 s. A 400 fails the bot's call at once instead,
            # and the test's `assert_no_unknown_routes` reports it.
            log.exception("fakediscord failed on %s", record.route)
            self.internal_errors.append((record, error))
            return json_response({"message": f"fakediscord failed: {error!r}", "code": 0}, 400)

    def _authorise(self, request: web.Request, record: RecordedRequest) -> None:
        if record.path.startswith(_TOKEN_ROUTES) or record.path == "/oauth2/token":
            return  # the token endpoint authenticates the client by the form it posts
        if record.path == "/users/@me" and request.method == "GET" and bearer(request):
            return  # an OAuth2 user's token: the route checks it
        if request.headers.get("Authorization") != f"Bot {self.world.token}":
            raise ApiError(401, 0, "401: Unauthorized")

    async def _unknown_route(self, request: web.Request) -> web.StreamResponse:
        record = request.get(RECORD) or RecordedRequest(
            request.method, request.path, dict(request.query), None, (), 0.0
        )
        self.world.unknown_routes.append(record)
        return json_response({"message": "404: Not Found", "code": 0}, status=404)

    async def _cdn(self, request: web.Request) -> web.StreamResponse:
        raw = request.match_info["attachment_id"]
        attachment = self.world.attachments.get(int(raw)) if raw.isdigit() else None
        if attachment is None:
            return web.Response(status=404)
        return web.Response(body=attachment.data, content_type=attachment.content_type)
