"""How a channel's daily puzzle is drawn: the position, whose turn, where it comes from (its
players only when the game was played in that channel), and Solve. It pings nobody."""

from __future__ import annotations

import discord

from bot.discord.posting.drafts import ChannelPost, Draft, Outgoing, pings
from bot.discord.posting.scribe import Scribe
from bot.discord.puzzles.solving import puzzle_board, puzzle_text, side_names, solve_buttons
from bot.service.puzzle.views import DailyShown


async def daily(scribe: Scribe, shown: DailyShown, locale: str) -> Outgoing:
    """A channel's puzzle of the day."""
    puzzle = shown.puzzle

    async def board() -> list[discord.File]:
        sides = await side_names(scribe.names, puzzle, shown.players, shown.guild_id, locale)
        return [await puzzle_board(puzzle, locale, sides)]

    content = puzzle_text(puzzle, locale, shown.players, daily=True)
    draft = Draft(content, pings(), board, solve_buttons(puzzle, locale))
    return ChannelPost(draft, shown.channel_id, shown.guild_id)
