"""The fake gateway: HELLO, IDENTIFY → READY and GUILD_CREATE, heartbeats, RESUME, dispatch.

discord.py asks for ``compress=zlib-stream``; the fake answers with plain text frames, which
discord.py accepts (it only decompresses binary frames).

Sharding as Discord does it: IDENTIFY may carry ``"shard": [shard_id, num_shards]`` (an invalid
pair closes the socket with 4010); a session then hears only of the servers of its shard
(``(guild_id >> 22) % num_shards == shard_id``; direct messages belong to shard 0): READY lists
them, GUILD_CREATE comes for each, and every event of a server goes to every session of its
shard. Several bots (several processes) may hold sessions of different shards at once, or of the
same shard: Discord lets a shard be identified more than once ("You can establish multiple
sessions with the same [shard_id, num_shards]", developers/events/gateway#sharding), and then each
of those sessions hears the server's events, so two processes configured for one shard both
handle every command (a misconfigured overlap, or a deployment's old and new process at once).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from aiohttp import WSMsgType, web

from testing.fakediscord.models import ChannelType, FakeGuild
from testing.fakediscord.world import World

PRIVATE_TYPES = (ChannelType.DM, ChannelType.GROUP_DM)

# Members, presences and message content: intents Discord refuses unless enabled in the portal.
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)


class Op(IntEnum):
    """Gateway opcodes."""

    DISPATCH = 0
    HEARTBEAT = 1
    IDENTIFY = 2
    PRESENCE_UPDATE = 3
    VOICE_STATE_UPDATE = 4
    RESUME = 6
    RECONNECT = 7
    REQUEST_GUILD_MEMBERS = 8
    INVALID_SESSION = 9
    HELLO = 10
    HEARTBEAT_ACK = 11


IGNORED_OPS = {Op.PRESENCE_UPDATE, Op.VOICE_STATE_UPDATE, Op.REQUEST_GUILD_MEMBERS}


@dataclass(eq=False)
class Session:
    """A gateway session; it outlives its websocket so that the bot can resume it."""

    id: str
    intents: int
    identify: dict[str, Any]
    ws: web.WebSocketResponse | None = None
    shard: tuple[int, int] = (0, 1)  # (shard_id, num_shards)
    seq: int = 0
    sent: list[tuple[int, str]] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def connected(self) -> bool:
        """Whether a websocket is attached and open."""
        return self.ws is not None and not self.ws.closed

    def serves(self, guild_id: int | None) -> bool:
        """Whether this session's shard is the server's (direct messages: shard 0)."""
        shard_id, count = self.shard
        return (0 if guild_id is None else (guild_id >> 22) % count) == shard_id


def shard_of(data: dict[str, Any]) -> tuple[int, int] | None:
    """The shard an IDENTIFY asks for ((0, 1) without one), or None when it is not valid."""
    shard = data.get("shard", [0, 1])
    valid = (
        isinstance(shard, list)
        and len(shard) == 2
        and all(isinstance(n, int) for n in shard)
        and 0 <= shard[0] < shard[1]
    )
    return (shard[0], shard[1]) if valid else None


def guild_of_event(event: str, data: dict[str, Any]) -> int | None:
    """The server an event is about (its shard's session hears it), None for none."""
    raw = data.get("guild_id")  # a member's, a role's, a message's server
    if raw is None and event in {"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"}:
        raw = data.get("id")  # these are the server itself
    return None if raw is None else int(raw)


class Gateway:
    """Serves the gateway websocket and delivers events to the newest session."""

    def __init__(
        self,
        world: World,
        url: Callable[[], str],
        *,
        heartbeat_interval_ms: int = 41_250,
        privileged_intents: int = 0,
    ) -> None:
        self.world = world
        self.url = url
        # Discord's own interval. The fake acknowledges a heartbeat at once, sometimes before
        # discord.py's keep-alive thread (waiting for the GIL behind the bot's drawing threads)
        # has noted when it sent it: discord.py then logs "Can't keep up, ... websocket is 41.3s
        # behind", the whole interval, though its loop was never blocked (issue 53's mends).
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.privileged_intents = privileged_intents
        self.sessions: list[Session] = []
        self.ready_count = 0
        self.resume_count = 0
        self.connections = 0
        self.close_codes: list[int] = []

    @property
    def current(self) -> Session | None:
        """The session of the bot that identified last."""
        return self.sessions[-1] if self.sessions else None

    def sessions_for(self, guild_id: int | None) -> list[Session]:
        """Every session of the shard that serves `guild_id`, oldest first: each hears the
        server's events (kept for a resume while its websocket is away)."""
        return [s for s in self.sessions if s.serves(guild_id)]

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """One websocket connection, from HELLO until it closes."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.connections += 1
        if request.query.get("encoding", "json") != "json":
            await self._close(ws, 4002, "Only JSON encoding is supported by the fake")
            return ws
        await self._send(
            ws, {"op": Op.HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}
        )
        session: Session | None = None
        try:
            async for frame in ws:
                if frame.type is not WSMsgType.TEXT:
                    await self._close(ws, 4002, "Decode error: send text JSON frames")
                    break
                session = await self._on_frame(ws, session, json.loads(frame.data))
        finally:
            if session is not None and session.ws is ws:
                session.ws = None
            self.world.changed()
        return ws

    async def _on_frame(
        self, ws: web.WebSocketResponse, session: Session | None, message: dict[str, Any]
    ) -> Session | None:
        op, data = message.get("op"), message.get("d")
        if op == Op.HEARTBEAT:
            await self._send(ws, {"op": Op.HEARTBEAT_ACK})
        elif op == Op.IDENTIFY:
            return await self._identify(ws, data or {})
        elif op == Op.RESUME:
            return await self._resume(ws, data or {})
        elif op in IGNORED_OPS:
            pass
        else:
            await self._close(ws, 4001, f"Unknown opcode {op}")
        return session

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        if data.get("token") != self.world.token:
            await self._close(ws, 4004, "Authentication failed.")
            return None
        intents = int(data.get("intents", 0))
        if intents & PRIVILEGED_INTENTS & ~self.privileged_intents:
            await self._close(ws, 4014, "Disallowed intent(s).")
            return None
        shard = shard_of(data)
        if shard is None:
            await self._close(ws, 4010, "Invalid shard.")
            return None
        session = Session(secrets.token_hex(16), intents, data, ws=ws, shard=shard)
        self.sessions.append(session)
        await self._dispatch(session, "READY", self._ready_payload(session))
        for guild in self._bots_guilds():
            if session.serves(guild.id):
                await self._dispatch(session, "GUILD_CREATE", guild.create_payload())
        self.ready_count += 1
        self.world.changed()
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = next((s for s in self.sessions if s.id == data.get("session_id")), None)
        newest = None if session is None else self.current_for_shard(session.shard)
        if session is None or data.get("token") != self.world.token or session is not newest:
            await self._send(ws, {"op": Op.INVALID_SESSION, "d": False})
            return None
        session.ws = ws
        last_seen = int(data.get("seq") or 0)
        async with session.lock:
            for seq, frame in session.sent:
                if seq > last_seen:
                    await ws.send_str(frame)
        await self._dispatch(session, "RESUMED", {})
        self.resume_count += 1
        self.world.changed()
        return session

    def current_for_shard(self, shard: tuple[int, int]) -> Session | None:
        """The newest session of one shard."""
        return next((s for s in reversed(self.sessions) if s.shard == shard), None)

    def _ready_payload(self, session: Session) -> dict[str, Any]:
        user = self.world.bot_user.payload()
        user.update(verified=True, mfa_enabled=False, email=None)
        guilds = [guild.id for guild in self._bots_guilds() if session.serves(guild.id)]
        return {
            "v": 10,
            "shard": list(session.shard),
            "user": user,
            "guilds": [{"id": str(gid), "unavailable": True} for gid in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.url(),
            "application": {"id": str(self.world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "_trace": ["fakediscord"],
        }

    def _bots_guilds(self) -> list[FakeGuild]:
        """The servers the bot is a member of: only those reach it by the gateway."""
        bot = self.world.bot_user.id
        return [guild for guild in self.world.guilds.values() if bot in guild.members]

    def _bot_hears(self, data: dict[str, Any]) -> bool:
        """Whether an event about `data` reaches the bot: not from a server it is not in, nor
        from a DM or group DM between people (a user-installed app hears only interactions)."""
        raw = str(data.get("channel_id") or data.get("id"))
        channel = self.world.channels.get(int(raw)) if raw.isdigit() else None
        guild_id = data.get("guild_id") or (None if channel is None else channel.guild_id)
        if guild_id is not None:
            guild = self.world.guilds.get(int(guild_id))
            return guild is None or self.world.bot_user.id in guild.members
        return channel is None or channel.type not in PRIVATE_TYPES or channel.recipient is not None

    async def publish(self, event: str, data: dict[str, Any]) -> None:
        """Send an event to every session of its server's shard, or drop it if no bot has
        identified for that shard or the bot is not where it happened."""
        if not self._bot_hears(data):
            return
        for session in self.sessions_for(guild_of_event(event, data)):
            await self._dispatch(session, event, data)

    async def deliver(self, event: str, data: dict[str, Any]) -> None:
        """Send an event that must reach a connected bot (each session of its server's
        shard); `RuntimeError` if none is connected."""
        sessions = self.sessions_for(guild_of_event(event, data))
        if not any(session.connected for session in sessions):
            state = "the bot is disconnected" if sessions else "no bot has identified"
            raise RuntimeError(f"cannot send {event}: {state} on the fake gateway")
        for session in sessions:
            await self._dispatch(session, event, data)

    async def _dispatch(self, session: Session, event: str, data: dict[str, Any]) -> None:
        async with session.lock:
            session.seq += 1
            frame = json.dumps({"op": Op.DISPATCH, "t": event, "s": session.seq, "d": data})
            session.sent.append((session.seq, frame))
            if session.connected:
                assert session.ws is not None
                await session.ws.send_str(frame)

    async def request_reconnect(self) -> None:
        """Ask the connected bot to reconnect (op 7); discord.py then resumes its session."""
        session = self.current
        if session is None or session.ws is None:
            raise RuntimeError("no bot is connected to the fake gateway")
        await self._send(session.ws, {"op": Op.RECONNECT, "d": None})

    async def drop_connection(self, code: int = 4000) -> None:
        """Close the current websocket with `code`, as a network or server failure would."""
        session = self.current
        if session is None or session.ws is None:
            raise RuntimeError("no bot is connected to the fake gateway")
        await self._close(session.ws, code, "Connection dropped by the fake")

    async def close_all(self) -> None:
        """Close every open websocket (the fake is stopping)."""
        for session in self.sessions:
            if session.ws is not None and not session.ws.closed:
                await self._close(session.ws, 1001, "The fake is stopping")

    async def _send(self, ws: web.WebSocketResponse, message: dict[str, Any]) -> None:
        if not ws.closed:
            await ws.send_str(json.dumps(message))

    async def _close(self, ws: web.WebSocketResponse, code: int, reason: str) -> None:
        self.close_codes.append(code)
        await ws.close(code=code, message=reason.encode())
