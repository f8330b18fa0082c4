"""Who may see a game by its number: its players, and the members who can view its channel (for a
game in a thread, the thread's parent channel).

Game numbers count up across the bot, so without this check anyone could page through every
game of their server, those of channels closed to them included. With only the Guilds intent the
bot has no member list, but it needs none: each interaction carries the member with their roles,
and the bot's cache holds the server's roles and every channel with its permission overwrites
(kept current by the Guilds events), from which discord.py computes the member's permissions in
any channel exactly as Discord does. Only a thread the cache lacks (an archived one) costs a REST
request, once: a thread never changes its parent.
"""

from __future__ import annotations

import logging
from collections import OrderedDict

import discord

from bot.service import GameView, Reach
from bot.service.errors import GameNotFoundError

log = logging.getLogger(__name__)

PARENTS_KEPT = 4096
"""Threads whose parent is remembered (a thread's parent never changes)."""

GuildChannel = discord.abc.GuildChannel


class Sight:
    """Decides whether the member behind an interaction may see a game."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client
        self._parents: OrderedDict[int, int | None] = OrderedDict()

    async def require(self, interaction: discord.Interaction, view: GameView) -> None:
        """Raise `GameNotFoundError` (the answer to a number no game has) unless the user may
        see the game `view`."""
        if not await self.may_see(interaction, view):
            raise GameNotFoundError("not a game this member may see", game_id=view.id)

    async def may_see(self, interaction: discord.Interaction, view: GameView) -> bool:
        """Whether the user may see the game: they imported it (and no one else may), they
        play in it, or, as a member of its server,
        they may view its channel, or they act in the channel of a reply-only game."""
        user = interaction.user
        if view.imported_by is not None:  # an imported record is its importer's alone
            return user.id == view.imported_by
        if user.id in view.players.values():
            return True
        if view.reach is Reach.REPLY:
            # The bot cannot read a channel it only answers in (403, code 50001): only those
            # who act in it see it, as the interaction's own permissions say there (a DM or
            # group DM has none to tell: acting in it is seeing it).
            if interaction.channel_id != view.channel_id:
                return False
            return interaction.guild_id is None or interaction.permissions.view_channel
        guild = interaction.guild
        if guild is None or guild.id != view.guild_id or not isinstance(user, discord.Member):
            return False
        channel = await self._viewed_channel(guild, view)
        if channel is None:  # deleted, or hidden from the bot itself
            return False
        if channel.id in (interaction.channel_id, _parent_id(interaction.channel)):
            # Where they act: Discord's own reckoning came with the interaction.
            return interaction.permissions.view_channel
        return channel.permissions_for(user).view_channel

    async def member_may_see(self, user_id: int, view: GameView) -> bool:
        """Whether `user_id`, with no interaction of theirs at hand, may still see the game:
        they play in it, or they are still a member of its server who may view its channel.
        A reply-only game's channel is hidden from the bot (403, code 50001), so who may see it
        cannot be asked again: there, the check made when they acted in it stands. Raises
        `discord.HTTPException` when Discord could not say (the caller tries again later)."""
        if user_id in view.players.values() or view.reach is Reach.REPLY:
            return True
        guild = None if view.guild_id is None else self._client.get_guild(view.guild_id)
        if guild is None:  # the bot left the server: nothing of it is shown any more
            return False
        try:
            # Asked anew each time: with the Guilds intent alone the bot hears of no member's
            # new roles, so a cached member may be stale. GET /guilds/{guild.id}/members/{user.id}
            # needs no privileged intent; a user who left the server is 404, code 10007.
            member = await guild.fetch_member(user_id)
        except discord.NotFound:
            return False
        channel = await self._viewed_channel(guild, view)
        return channel is not None and channel.permissions_for(member).view_channel

    async def _viewed_channel(self, guild: discord.Guild, view: GameView) -> GuildChannel | None:
        """The channel whose View Channel permission decides: the game's, or its thread's
        parent."""
        channel_id = view.parent_channel_id or view.channel_id
        found = guild.get_channel_or_thread(channel_id)
        if isinstance(found, discord.Thread):  # a game started in a thread of its own choice
            return guild.get_channel(found.parent_id)
        if found is not None:
            return found
        parent_id = await self._parent_of(channel_id)
        return None if parent_id is None else guild.get_channel(parent_id)

    async def _parent_of(self, thread_id: int) -> int | None:
        """The parent of a thread the cache lacks, asked of Discord once (None: no thread the
        bot can see)."""
        if thread_id in self._parents:
            self._parents.move_to_end(thread_id)
            return self._parents[thread_id]
        try:
            fetched = await self._client.fetch_channel(thread_id)
        except discord.NotFound:
            parent_id = None  # deleted: that stays so
        except discord.HTTPException as error:  # hidden from the bot, or Discord in trouble
            log.warning("could not look up channel %s: %s", thread_id, error)
            return None
        else:
            parent_id = fetched.parent_id if isinstance(fetched, discord.Thread) else None
        self._parents[thread_id] = parent_id
        while len(self._parents) > PARENTS_KEPT:
            self._parents.popitem(last=False)
        return parent_id


def _parent_id(channel: object) -> int | None:
    return channel.parent_id if isinstance(channel, discord.Thread) else None
