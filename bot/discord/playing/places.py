"""Where the game a playing command is about is placed: its channel's, or in the bot's own DMs
the player's one pool game (issue 53, played in both players' DMs)."""

from __future__ import annotations

import discord

from bot.discord.host import Host
from bot.service import ServiceError
from bot.service.seeks import is_pool_place

POOL_GAMES_LOOKED_AT = 100
"""A player's active games `/move` in the bot's DMs looks through for their pool game."""


async def place_of(
    host: Host, interaction: discord.Interaction, *, their_turn: bool = False
) -> int:
    """Where the game a command in `interaction` is about is placed: its channel's; in the
    bot's own DMs with no game there, the place of the one pool game (issue 53, played in
    both players' DMs) that waits for this player's move (`their_turn`: for their opponent's,
    as a queued line answers it), if exactly one does."""
    channel_id = interaction.channel_id or 0
    user_id = interaction.user.id
    if not interaction.context.dm_channel:
        return channel_id
    queries = host.service.queries
    try:
        return (await queries.game_in(channel_id)).channel_id
    except ServiceError:
        pass
    mine = await queries.games(user_id=interaction.user.id, limit=POOL_GAMES_LOOKED_AT)
    waiting = [
        view.channel_id
        for view in mine
        if is_pool_place(view.channel_id)
        and view.to_move_id is not None
        and (view.to_move_id == user_id) != their_turn
    ]
    return waiting[0] if len(waiting) == 1 else channel_id
