"""Display names of players for the board images, without the privileged members intent."""

from __future__ import annotations

import logging
from collections import OrderedDict

import discord

log = logging.getLogger(__name__)

CACHE_SIZE = 2048


class Names:
    """A small cache of user names: seen in interactions, else fetched once over REST."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client
        self._names: OrderedDict[int, str] = OrderedDict()

    def remember(self, user: discord.abc.User) -> None:
        """Note the name of a user who just used the bot (their server nickname, if any)."""
        self._store(user.id, user.display_name)

    async def get(self, user_id: int) -> str:
        """The user's display name, or a neutral stand-in if Discord cannot tell."""
        name = self._names.get(user_id)
        if name is not None:
            return name
        user = self._client.get_user(user_id)
        if user is None:
            try:
                user = await self._client.fetch_user(user_id)
            except discord.HTTPException:
                log.warning("could not fetch the name of user %s", user_id)
                return f"#{user_id % 10_000:04d}"
        self._store(user_id, user.display_name)
        return user.display_name

    async def many(self, user_ids: list[int]) -> dict[int, str]:
        """Names for several users."""
        return {user_id: await self.get(user_id) for user_id in user_ids}

    def _store(self, user_id: int, name: str) -> None:
        self._names[user_id] = name
        self._names.move_to_end(user_id)
        while len(self._names) > CACHE_SIZE:
            self._names.popitem(last=False)
