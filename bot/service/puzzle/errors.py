"""Refusals of the puzzle use cases (each with its catalogue key `error.<key>`, as every
`ServiceError`); nothing was changed when one is raised."""

from __future__ import annotations

from bot.service.errors import ServiceError


class NoPuzzleError(ServiceError):
    """No puzzle is left that the user has not answered (of `params['game']`, when given)."""

    key = "no_puzzle"


class PuzzleNotFoundError(ServiceError):
    """No puzzle `params['puzzle_id']` may be shown here: there is none, or it is another
    server's; the user is told the same."""

    key = "puzzle_not_found"


class TooManyPuzzleAnswersError(ServiceError):
    """The user answered `params['puzzle_answers']` puzzles within the last hour (a count,
    said with its plural message); the next answer is possible at `params['retry_at']`."""

    key = "puzzle_limit"


class NotAPuzzleTurnError(ServiceError):
    """A puzzle is answered by a turn, not by giving up."""

    key = "puzzle_not_a_turn"


class DailyPuzzleLimitError(ServiceError):
    """The server has `params['daily_channels']` channels with a daily puzzle already (a
    count, said with its plural message)."""

    key = "daily_puzzle_limit"


class DailyPuzzlePermissionError(ServiceError):
    """Only a member who may manage the channel may ask for (or stop) its daily puzzle."""

    key = "daily_puzzle_permission"


class DailyPuzzleServerOnlyError(ServiceError):
    """A daily puzzle is a server channel's: not in a DM."""

    key = "daily_puzzle_server_only"


class PuzzleBusyError(ServiceError):
    """The computer is too busy to judge the answer now (its moves go first); nothing was
    counted: the same answer may be given again in a minute."""

    key = "puzzle_busy"
