"""Best-of matches: a match of three plays up to five games in one channel, the first move changing
hands after every game; it ends as soon as a player has won the majority, a drawn game counts for
neither and is replayed, and after the fifth game the one with more wins takes the match (equal
wins draw it (RULES.md V13). The writer (`bot.service.writer`) applies these rules after every
game's end: the next game of a match starts by itself, a finished match is rated as one result.
"""

from __future__ import annotations

from bot.service.errors import BadMatchLengthError
from bot.service.results import MatchStanding, MatchTermination

MATCH_LENGTHS = (1, 3)
"""The lengths a challenge may ask for: a single game, or a best of three."""
REPLAYS = 2
"""Drawn games a match may replay beyond its length (a best of three: five games in all)."""


def check_best_of(best_of: int | None) -> int:
    """The match length (1 for None); raise `BadMatchLengthError` for one not offered."""
    if best_of is None:
        return 1
    if best_of not in MATCH_LENGTHS:
        raise BadMatchLengthError(
            f"a match is a single game or a best of three, not {best_of}",
            best_of=best_of,
            choices=MATCH_LENGTHS,
        )
    return best_of


def decide(
    standing: MatchStanding, resigned_by: int | None
) -> tuple[int | None, MatchTermination] | None:
    """How the match ends now (the winner, None for a draw, and why), or None if it goes on."""
    first, second = standing.players
    if resigned_by is not None:
        return (second if resigned_by == first else first), MatchTermination.RESIGNATION
    needed = standing.best_of // 2 + 1
    for player, wins in zip(standing.players, standing.wins, strict=True):
        if wins >= needed:
            return player, MatchTermination.DECIDED
    if standing.played >= standing.max_games:
        ahead = standing.wins[0] - standing.wins[1]
        winner = None if ahead == 0 else (first if ahead > 0 else second)
        return winner, MatchTermination.LIMIT
    return None
