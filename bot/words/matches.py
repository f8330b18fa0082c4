"""The words of a best-of match, for every message and image of its games: the score line of each
game, the caption of its board, what follows a game's end, and the match's result."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import mention, text
from bot.service import MatchStanding, MatchTermination


def _score(match: MatchStanding, first: str, second: str) -> dict[str, object]:
    return {
        "number": match.game_number,
        "best_of": match.best_of,
        "max_games": match.max_games,
        "first": first,
        "second": second,
        "first_wins": match.wins[0],
        "second_wins": match.wins[1],
    }


def _replaying(match: MatchStanding) -> bool:
    """Whether the game is one beyond the match's length (a drawn game replayed)."""
    return match.game_number > match.best_of


def score_line(match: MatchStanding, locale: str) -> str:
    """The score ("Game 2 of 3 · @Alice 1 - 0 @Bob"), first in every message of a match game."""
    key = "match.score_replay" if _replaying(match) else "match.score"
    first, second = (mention(user) for user in match.players)
    return text(locale, key, **_score(match, first, second))


def caption(match: MatchStanding, names: Mapping[int, str], locale: str) -> str:
    """The score as the board image shows it, with the players' names."""
    key = "match.caption_replay" if _replaying(match) else "match.caption"
    first, second = (names.get(user, str(user)) for user in match.players)
    return text(locale, key, **_score(match, first, second))


def short_score(match: MatchStanding, locale: str) -> str:
    """The score in short ("game 2 of 3, 1-0"), for lists of games."""
    return text(locale, "match.short", **_score(match, "", ""))


def after_game(match: MatchStanding, locale: str) -> str:
    """What the end of a match game means for the match: the score and the next game, or the
    match's result."""
    first, second = (mention(user) for user in match.players)
    if not match.finished:
        following = {**_score(match, first, second), "number": match.game_number + 1}
        return text(locale, "match.next", **following)
    if match.winner_id is None:
        return text(locale, "match.drawn", **_score(match, first, second), games=match.played)
    loser = next(user for user in match.players if user != match.winner_id)
    key = "match.resigned" if match.termination is MatchTermination.RESIGNATION else "match.won"
    return text(
        locale,
        key,
        winner=mention(match.winner_id),
        loser=mention(loser),
        winner_wins=match.wins_of(match.winner_id),
        loser_wins=match.wins_of(loser),
    )


def is_last_post(match: MatchStanding | None) -> bool:
    """Whether a game's final post ends everything (no next game): it offers a rematch."""
    return match is None or match.finished
