"""Which channels of a server a user may see, as the lobby needs it (issue 53, step 4): the
board page runs apart from the bot (`python -m bot web`), without its gateway cache, so it asks
Discord with the bot's token (`DiscordApi`), and computes the member's permissions as Discord
documents it (developers/docs/topics/permissions#permission-overwrites) and as the bot's own
`Sight` does for a command: @everyone's and the member's roles' permissions (the owner and an
Administrator see all), then the channel's overwrites for @everyone, for the member's roles
(denies, then allows) and for the member. A game in a thread is seen by who sees its parent.

A server's roles and channels are kept for `KEPT_SECONDS` and a member's roles as long, so a
lobby's updates cost Discord nothing; a permission taken away shows within that time. Anything
Discord will not tell (the bot not in the server, a deleted channel) is hidden."""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from bot.web.discord_api import DiscordApi, DiscordRefusedError

KEPT_SECONDS = 30.0
"""How long a server's roles and channels, and a member's roles, are kept."""
FRESH_SECONDS = 5.0
"""A server's channels asked again for a channel they lack at most this often."""
KEPT = 2048
"""Servers, members and threads kept at most (the oldest forgotten first)."""
ADMINISTRATOR = 1 << 3
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
ATTACH_FILES = 1 << 15
SEND_MESSAGES_IN_THREADS = 1 << 38
EVERYTHING = (1 << 53) - 1
ROLE, MEMBER = 0, 1
"""The `type` of an overwrite."""


@dataclass(frozen=True, slots=True)
class Guild:
    """What decides permissions in a server: its owner, its roles' permissions, and its
    channels' overwrites and parents."""

    owner_id: int
    roles: dict[int, int]  # role id -> permissions
    overwrites: dict[int, list[dict[str, Any]]]  # channel id -> its permission overwrites
    names: dict[int, str]  # channel id -> its name

    def permissions(self, guild_id: int, user_id: int, roles: frozenset[int], channel: int) -> int:
        """The member's permissions in `channel` (0: a channel this server lacks)."""
        overwrites = self.overwrites.get(channel)
        if overwrites is None:
            return 0
        if user_id == self.owner_id:
            return EVERYTHING
        allowed = self.roles.get(guild_id, 0)
        for role in roles:
            allowed |= self.roles.get(role, 0)
        if allowed & ADMINISTRATOR:
            return EVERYTHING
        by_target = {int(o["id"]): o for o in overwrites}
        allowed = _apply(allowed, [by_target[guild_id]] if guild_id in by_target else [])
        mine = [o for o in overwrites if int(o["type"]) == ROLE and int(o["id"]) in roles]
        allowed = _apply(allowed, mine)
        member = [o for o in overwrites if int(o["type"]) == MEMBER and int(o["id"]) == user_id]
        return _apply(allowed, member)


def _apply(allowed: int, overwrites: list[dict[str, Any]]) -> int:
    """Overwrites of one level: all their denies, then all their allows."""
    for overwrite in overwrites:
        allowed &= ~int(overwrite.get("deny") or 0)
    for overwrite in overwrites:
        allowed |= int(overwrite.get("allow") or 0)
    return allowed


class WebSight:
    """Whether a member may view a channel (or a thread, by its parent) of their server."""

    def __init__(self, discord: DiscordApi, *, seconds: float = KEPT_SECONDS) -> None:
        self.discord = discord
        self.seconds = seconds
        self._guilds: OrderedDict[int, tuple[float, Guild | None]] = OrderedDict()
        self._members: OrderedDict[tuple[int, int], tuple[float, frozenset[int] | None]] = (
            OrderedDict()
        )
        self._parents: OrderedDict[int, int | None] = OrderedDict()
        self._locks: dict[object, asyncio.Lock] = {}

    async def viewer(self, guild_id: int, user_id: int) -> Viewer:
        """What `user_id` may see in server `guild_id` (nothing, if Discord will not say)."""
        guild, roles = await asyncio.gather(self._guild(guild_id), self._roles(guild_id, user_id))
        return Viewer(self, guild_id, user_id, guild, roles)

    async def parent_of(self, channel_id: int) -> int | None:
        """The parent of a thread the server's channel list lacks (None: Discord does not
        say, or it is no thread); a thread's parent never changes, so it is asked once."""
        if channel_id in self._parents:
            return self._parents[channel_id]
        try:
            found = await self.discord.channel(channel_id)
        except DiscordRefusedError as error:
            if error.busy:
                return None  # ask again next time
            found = {}
        parent = found.get("parent_id")
        self._parents[channel_id] = int(parent) if parent else None
        _trim(self._parents)
        return self._parents[channel_id]

    async def refreshed(self, guild_id: int, *, at_once: bool = False) -> Guild | None:
        """Server `guild_id` asked of Discord again, unless (not `at_once`) it was less than
        `FRESH_SECONDS` ago (then as kept): a channel made since it was asked is not unknown
        for long."""
        kept = self._guilds.get(guild_id)
        recent = kept is not None and kept[0] - self.seconds + FRESH_SECONDS > time.monotonic()
        if kept is not None and recent and not at_once:
            return kept[1]
        self._guilds.pop(guild_id, None)
        return await self._guild(guild_id)

    async def _guild(self, guild_id: int) -> Guild | None:
        async with self._lock(("guild", guild_id)):
            kept = self._guilds.get(guild_id)
            if kept is not None and kept[0] > time.monotonic():
                return kept[1]
            try:
                data, channels = await asyncio.gather(
                    self.discord.guild(guild_id), self.discord.guild_channels(guild_id)
                )
                guild: Guild | None = Guild(
                    int(data["owner_id"]),
                    {int(r["id"]): int(r.get("permissions") or 0) for r in data.get("roles", [])},
                    {int(c["id"]): list(c.get("permission_overwrites") or []) for c in channels},
                    {int(c["id"]): str(c.get("name") or "") for c in channels},
                )
            except (DiscordRefusedError, KeyError, TypeError, ValueError):
                guild = None
            self._guilds[guild_id] = (time.monotonic() + self.seconds, guild)
            _trim(self._guilds)
            return guild

    async def _roles(self, guild_id: int, user_id: int) -> frozenset[int] | None:
        key = (guild_id, user_id)
        async with self._lock(key):
            kept = self._members.get(key)
            if kept is not None and kept[0] > time.monotonic():
                return kept[1]
            try:
                member = await self.discord.member(guild_id, user_id)
                roles: frozenset[int] | None = frozenset(int(r) for r in member.get("roles", []))
            except (DiscordRefusedError, TypeError, ValueError):
                roles = None  # no member of it: sees nothing
            self._members[key] = (time.monotonic() + self.seconds, roles)
            _trim(self._members)
            return roles

    def _lock(self, key: object) -> asyncio.Lock:
        """One question to Discord at a time per server or member: a lobby's many items and
        many lobbies at once ask once."""
        if len(self._locks) > KEPT:
            self._locks = {k: lock for k, lock in self._locks.items() if lock.locked()}
        return self._locks.setdefault(key, asyncio.Lock())


@dataclass(frozen=True, slots=True)
class Viewer:
    """One member's sight in one server, for the items of one lobby."""

    sight: WebSight
    guild_id: int
    user_id: int
    guild: Guild | None
    roles: frozenset[int] | None

    def permissions(self, channel_id: int, guild: Guild | None = None) -> int:
        """The member's permissions in a channel of the server's list (0: none, or unknown)."""
        guild = guild or self.guild
        if guild is None or self.roles is None:
            return 0
        return guild.permissions(self.guild_id, self.user_id, self.roles, channel_id)

    def channel_name(self, channel_id: int, parent_id: int | None = None) -> str:
        """The name of a channel of the server's list (a thread: its parent's; "" unknown)."""
        if self.guild is None:
            return ""
        return self.guild.names.get(channel_id) or self.guild.names.get(parent_id or 0, "")

    async def may_view(
        self, channel_id: int, parent_id: int | None = None, *, exists: bool = False
    ) -> bool:
        """Whether the member may view the channel, or the thread by its parent (asked of
        Discord when neither the game nor the channel list names it); `exists`: the channel
        is known to exist (the Activity runs there)."""
        if self.guild is None or self.roles is None:
            return False
        guild, channel = await self._scope(parent_id or channel_id, exists=exists)
        return bool(self.permissions(channel, guild) & VIEW_CHANNEL)

    async def may_post(self, channel_id: int) -> bool:
        """Whether this member (the bot, asked about itself) may host a game in the channel
        (the Activity's, which exists): view it, post in it and attach the boards (in a
        thread, by its parent's permissions and Send Messages in Threads)."""
        if self.guild is None or self.roles is None:
            return False
        guild, channel = await self._scope(channel_id, exists=True)
        needed = VIEW_CHANNEL | ATTACH_FILES
        needed |= SEND_MESSAGES if channel == channel_id else SEND_MESSAGES_IN_THREADS
        return self.permissions(channel, guild) & needed == needed

    async def _scope(self, channel_id: int, *, exists: bool) -> tuple[Guild | None, int]:
        """The server's channels as kept, and the channel whose permissions decide: the
        channel, or a thread's parent; for one the kept list lacks (made since, or deleted),
        the list asked of Discord again: at once for a channel that `exists`, else at most
        every `FRESH_SECONDS` (the channels of old games may be long gone)."""
        assert self.guild is not None
        guild, channel = self.guild, channel_id
        if channel not in guild.overwrites:
            channel = await self.sight.parent_of(channel_id) or channel_id
        if channel not in guild.overwrites:
            guild = await self.sight.refreshed(self.guild_id, at_once=exists) or guild
        return guild, channel


def _trim(kept: OrderedDict[Any, Any]) -> None:
    while len(kept) > KEPT:
        kept.popitem(last=False)
