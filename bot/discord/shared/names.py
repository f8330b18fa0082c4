"""Display names of players for the board images, replays, thread names and exports, without the
privileged members intent.

A name is a server's: a member's display name there (their nickname in that server, else their
global display name), so that a nickname set in one server never shows in another's images. Where
no server applies, or the player is no longer a member, it is their global display name."""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any

import discord

log = logging.getLogger(__name__)

CACHE_SIZE = 4096
"""Names kept, per (server, user): a member's name is fetched again once it falls out."""
UNKNOWN_MEMBER = 10007
"""Discord's code for a user who is not (or no longer) a member of the server."""


def global_name(user: discord.abc.User) -> str:
    """The name a user goes by outside any server: their global display name, else username."""
    return user.global_name or user.name


def member_name(data: Any) -> str:
    """A guild member object's display name in its server (nickname, global name, username)."""
    user = data.get("user") or {}
    return str(data.get("nick") or user.get("global_name") or user.get("username") or "?")


POOL = 0
"""The guild id of the pool across servers' games and ratings (issue 53, `seeks.EVERYWHERE`):
no server has it (a snowflake is never 0), so no server name applies."""


class Names:
    """A small cache of display names per server: seen in interactions, else fetched once over
    REST (a member from the server, a user from Discord)."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client
        self._names: OrderedDict[tuple[int | None, int], str] = OrderedDict()

    def remember(self, user: discord.abc.User) -> None:
        """Note the names of a user who just used the bot: their global name, and in a server
        (a `Member`) their name there."""
        self._store(None, user.id, global_name(user))
        if isinstance(user, discord.Member):
            self._store(user.guild.id, user.id, user.display_name)

    async def get(self, user_id: int, guild_id: int | None) -> str:
        """The user's display name in server `guild_id` (None: their global one), or a neutral
        stand-in if Discord cannot tell."""
        if guild_id == POOL:
            guild_id = None  # no server's: a pool game's players show their Discord names
        name = self._names.get((guild_id, user_id))
        if name is None:
            name = await self._fetch(user_id, guild_id)
            if name is None:
                return f"#{user_id % 10_000:04d}"
            self._store(guild_id, user_id, name)
        else:
            self._names.move_to_end((guild_id, user_id))
        return name

    async def many(self, user_ids: list[int], guild_id: int | None) -> dict[int, str]:
        """Names for several users, in server `guild_id` (None: their global ones)."""
        return {user_id: await self.get(user_id, guild_id) for user_id in user_ids}

    async def _fetch(self, user_id: int, guild_id: int | None) -> str | None:
        if guild_id is not None:
            try:
                # Needs no intent (unlike the member list): one member, by id.
                return member_name(await self._client.http.get_member(guild_id, user_id))
            except discord.NotFound as error:
                if error.code != UNKNOWN_MEMBER:
                    log.warning("could not fetch member %s of server %s", user_id, guild_id)
                    return None
                # No longer a member: no server name applies, the global one does.
            except discord.HTTPException:
                log.warning("could not fetch member %s of server %s", user_id, guild_id)
                return None
        return await self._global(user_id)

    async def _global(self, user_id: int) -> str | None:
        """The user's global display name (cached), None if Discord cannot tell."""
        name = self._names.get((None, user_id))
        if name is not None:
            return name
        user = self._client.get_user(user_id)
        if user is None:
            try:
                user = await self._client.fetch_user(user_id)
            except discord.HTTPException:
                log.warning("could not fetch the name of user %s", user_id)
                return None
        self._store(None, user_id, global_name(user))
        return global_name(user)

    def _store(self, guild_id: int | None, user_id: int, name: str) -> None:
        self._names[(guild_id, user_id)] = name
        self._names.move_to_end((guild_id, user_id))
        while len(self._names) > CACHE_SIZE:
            self._names.popitem(last=False)
