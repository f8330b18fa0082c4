"""The fake `<app_id>.discordsays.com`: Discord's proxy in front of an Activity, and the fake
Discord client page that shows the Activity in an iframe on that same origin.

Discord serves an Activity from the app's own proxy domain, mapping `/` to the host set in the
portal's URL Mappings, WebSockets included (developers/docs/activities/development-guides/
local-development#url-mapping, networking); the Activity's page therefore reaches its server by
relative URLs only. This proxy does the same on loopback: every path but `/.fake-discord/` goes to
`target`. Under `/.fake-discord/` it serves the client page (`client/`, speaking the SDK's
postMessage protocol) and the two things that page asks the fake Discord: a one-time code for
its user (`AUTHORIZE`) and the user of an access token (`AUTHENTICATE`, answered in the shape of
the SDK's `AuthenticateResponse`, src/generated/schemas.ts).

With a `signer` the proxy signs each request it forwards for the user whose Activity frame made it,
as Discord's optional proxy authentication does (`testing.fakediscord.proxyauth`); Discord knows
that user from the client, the fake from the frame's `frame_id` (`frame-<user id>`, see
`client_url`) in the request's Referer, which the board's page sends to its own origin.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode, urlsplit

import aiohttp
from aiohttp import web

from testing.fakediscord.proxyauth import HEADERS, ProxySigner
from testing.fakediscord.web import json_response

if TYPE_CHECKING:
    from testing.fakediscord.models import FakeChannel, FakeUser
    from testing.fakediscord.server import FakeDiscord

CLIENT = Path(__file__).parent / "client"
PREFIX = "/.fake-discord"
HOP_BY_HOP = {
    "connection",
    "keep-alive",
    "proxy-authenticate",
    "proxy-authorization",
    "te",
    "trailers",
    "transfer-encoding",
    "upgrade",
    "content-length",
    "content-encoding",
    "host",
}


class ActivityProxy:
    """The proxy domain of the app's Activity, on a free port of 127.0.0.1, in front of
    `target` (the bot's web board, such as ``http://127.0.0.1:8080``)."""

    def __init__(self, fake: FakeDiscord, target: str) -> None:
        self.fake = fake
        self.target = target.rstrip("/")
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._http: aiohttp.ClientSession | None = None
        self.muted = False  # True: the server's live messages are lost on the way (a bad line)
        self.signer: ProxySigner | None = None  # set: requests are signed for their frame's user

    async def __aenter__(self) -> ActivityProxy:
        self._http = aiohttp.ClientSession(auto_decompress=False)
        app = web.Application(client_max_size=1024 * 1024)
        app.router.add_get(f"{PREFIX}/{{name}}", self._client_file)
        app.router.add_post(f"{PREFIX}/code", self._code)
        app.router.add_post(f"{PREFIX}/authenticate", self._authenticate)
        app.router.add_route("*", "/{tail:.*}", self._forward)
        self._runner = web.AppRunner(
            app, handle_signals=False, access_log=None, shutdown_timeout=1.0
        )
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        if self._http is not None:
            await self._http.close()

    @property
    def origin(self) -> str:
        """``http://127.0.0.1:PORT``: the Activity's origin, as `discordsays.com` is."""
        return f"http://127.0.0.1:{self.port}"

    def client_url(
        self, user: FakeUser, instance_id: str, channel: FakeChannel, *, platform: str = "desktop"
    ) -> str:
        """The fake client page showing the Activity to `user` in instance `instance_id` of
        `channel`, with the query parameters Discord gives an Activity (src/Discord.ts)."""
        query = {
            "frame_id": f"frame-{user.id}",
            "instance_id": instance_id,
            "platform": platform,
            "channel_id": str(channel.id),
            "client_id": str(self.fake.application_id),
            "user": json.dumps({"id": str(user.id), "username": user.name}),
        }
        if channel.guild_id is not None:
            query["guild_id"] = str(channel.guild_id)
        return f"{self.origin}{PREFIX}/client.html?{urlencode(query)}"

    # -- the client's side -------------------------------------------------------------------

    async def _client_file(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        kinds = {"client.html": "text/html", "client.mjs": "text/javascript"}
        if name not in kinds:
            raise web.HTTPNotFound()
        return web.Response(body=(CLIENT / name).read_bytes(), content_type=kinds[name])

    async def _code(self, request: web.Request) -> web.Response:
        body = await request.json()
        user = self.fake.world.user(str(body["user_id"]))
        return json_response({"code": self.fake.activities.mint_code(user)})

    async def _authenticate(self, request: web.Request) -> web.Response:
        body = await request.json()
        user = self.fake.activities.user_of(str(body.get("access_token")))
        if user is None:
            return json_response({"message": "Invalid access token"}, 401)
        payload = user.payload()
        return json_response(
            {
                "access_token": body["access_token"],
                "user": {
                    "username": payload["username"],
                    "discriminator": payload["discriminator"],
                    "id": payload["id"],
                    "avatar": None,
                    "public_flags": 0,
                    "global_name": payload["global_name"],
                },
                "scopes": ["identify"],
                "expires": "2099-01-01T00:00:00.000000+00:00",
                "application": {
                    "id": str(self.fake.application_id),
                    "name": self.fake.bot_user.name,
                    "description": "A fake application",
                    "icon": None,
                },
            }
        )

    # -- the proxy ---------------------------------------------------------------------------

    async def _forward(self, request: web.Request) -> web.StreamResponse:
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return await self._forward_socket(request)
        assert self._http is not None
        headers = self._signed(
            {k: v for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP}
        )
        body = await request.read()
        url = self.target + request.rel_url.raw_path_qs
        try:
            async with self._http.request(
                request.method, url, headers=headers, data=body or None, allow_redirects=False
            ) as upstream:
                data = await upstream.read()
                answer = web.Response(body=data, status=upstream.status)
                for key, value in upstream.headers.items():
                    if key.lower() not in HOP_BY_HOP or key.lower() == "content-encoding":
                        answer.headers[key] = value
                return answer
        except aiohttp.ClientConnectionError:
            return web.Response(status=502, text="the Activity's server does not answer")

    def _signed(self, headers: dict[str, str]) -> dict[str, str]:
        """`headers` with the proxy's signature for the frame's user, when it signs (the
        client's own headers of that name are not passed on then)."""
        if self.signer is None:
            return headers
        kept = {k: v for k, v in headers.items() if k.lower() not in HEADERS}
        user_id = _frame_user(headers.get("Referer", ""))
        if user_id is None:  # not from an Activity's frame: nothing to sign for
            return kept
        return kept | self.signer.headers(user_id, int(time.time()))

    async def _forward_socket(self, request: web.Request) -> web.StreamResponse:
        assert self._http is not None
        url = self.target.replace("http", "ws", 1) + request.rel_url.raw_path_qs
        try:
            upstream = await self._http.ws_connect(url, autoping=True)
        except aiohttp.ClientError:
            return web.Response(status=502, text="the Activity's server does not answer")
        downstream = web.WebSocketResponse(autoping=True)
        await downstream.prepare(request)
        pumps = [
            asyncio.ensure_future(_pump(downstream, upstream)),
            asyncio.ensure_future(_pump(upstream, downstream, lambda: self.muted)),
        ]
        await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        for pump in pumps:
            pump.cancel()
        code = upstream.close_code or downstream.close_code or 1000
        with contextlib.suppress(Exception):
            await downstream.close(code=code)
        with contextlib.suppress(Exception):
            await upstream.close(code=code)
        return downstream


def _frame_user(referer: str) -> int | None:
    """The user of the Activity frame at `referer` (its `frame_id`, `frame-<user id>`)."""
    frame = parse_qs(urlsplit(referer).query).get("frame_id", [""])[0]
    number = frame.removeprefix("frame-")
    return int(number) if frame.startswith("frame-") and number.isdigit() else None


async def _pump(source: Any, sink: Any, muted: Callable[[], bool] = lambda: False) -> None:
    """Copy messages from one socket to the other until one closes (losing them while
    `muted()`)."""
    async for message in source:
        if muted():
            continue
        if message.type == aiohttp.WSMsgType.TEXT:
            await sink.send_str(message.data)
        elif message.type == aiohttp.WSMsgType.BINARY:
            await sink.send_bytes(message.data)
        else:
            break
