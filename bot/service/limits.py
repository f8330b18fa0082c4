"""The limits that keep the bot from becoming a tool for pestering people (issue 27): how many
challenges a player may have waiting, when repeated withdrawals hold the next challenge, and how
many games against the computer a player may run on a server. Two of them are settings
(`Limits`); the cooldown is a rule of the bot."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from bot.service.deadlines import HOUR
from bot.settings import ANALYSES_PER_DAY, COMPUTER_GAMES, PENDING_CHALLENGES

DEFAULT_PENDING_CHALLENGES = PENDING_CHALLENGES
"""Challenges a player may have waiting for an answer at once (on every server together)."""
DEFAULT_COMPUTER_GAMES = COMPUTER_GAMES
"""Active games a player may have against the computer on one server."""
DEFAULT_ANALYSES_PER_DAY = ANALYSES_PER_DAY
"""Analyses of finished games a player may ask for in 24 hours (each is a worker's minute)."""
COOLDOWN = HOUR
"""A second withdrawal or decline between the same two players within this time holds the
challenger's next challenge to that player for as long again (one withdrawal, to fix a mistyped
option, stays free)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The limits a bot's admin may set (PENDING_CHALLENGES, COMPUTER_GAMES, ANALYSES_PER_DAY)."""

    pending_challenges: int = DEFAULT_PENDING_CHALLENGES
    computer_games: int = DEFAULT_COMPUTER_GAMES
    analyses_per_day: int = DEFAULT_ANALYSES_PER_DAY


def held_until(closed_at: list[int], now: int) -> int | None:
    """When a challenger may challenge the same player again, given the times their challenges
    to that player were withdrawn or declined: an hour after the later of two such closes
    within an hour of each other, if that is still to come; None when nothing holds them."""
    holds = [
        later + COOLDOWN
        for earlier, later in pairwise(sorted(closed_at))
        if later - earlier <= COOLDOWN and now < later + COOLDOWN
    ]
    return max(holds, default=None)
