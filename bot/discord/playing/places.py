"""Where the game a playing command is about is placed: its channel's, or in the bot's own DMs
the player's one pool game (issue 53, played in both players' DMs)."""

from __future__ import annotations

import discord

from bot.discord.host import Host
from bot.service import ServiceError
from bot.service.seeks import is_pool_place

POOL_GAMES_LOOKED_AT = 100
"""A player's active games `/premove` in the bot's DMs looks through for their pool game."""


async def place_of(
    host: Host, interaction: discord.Interaction, *, their_turn: bool = False
) -> int:
    """Where the game a command in `interaction` is about is placed: its channel's; in the
    bot's own DMs with no game there, the place of the player's pool game (issue 53, played in
    both players' DMs): their only one, else the one that waits for their move if exactly one
    does (`Queries.pool_place_of`); with `their_turn`, the one that waits for their opponent's
    (as a queued line answers it), if exactly one does."""
    channel_id = interaction.channel_id or 0
    user_id = interaction.user.id
    if not interaction.context.dm_channel:
        return channel_id
    queries = host.service.queries
    try:
        return (await queries.game_in(channel_id)).channel_id
    except ServiceError:
        pass
    if not their_turn:  # their only pool game, else the only one waiting for their move
        pool = await queries.pool_place_of(user_id)
        return channel_id if pool is None else pool
    mine = await queries.games(user_id=interaction.user.id, limit=POOL_GAMES_LOOKED_AT)
    waiting = [
        view.channel_id
        for view in mine
        if is_pool_place(view.channel_id)
        and view.to_move_id is not None
        and (view.to_move_id == user_id) != their_turn
    ]
    return waiting[0] if len(waiting) == 1 else channel_id
