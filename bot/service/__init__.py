"""The use cases of the bot, without Discord: challenges, games against the computer, moves,
draws, time limits, queries.

`GameService(connection)` is the one entry point. Every use case that changes something is one
database transaction and returns a plain result object; refusals raise a `ServiceError` (with a
catalogue `key`) or the engine's `InvalidMoveError` / `IllegalMoveError`, and change nothing.
"""

from bot.games import Ending, Termination
from bot.service import errors
from bot.service.challenges import check_move_seconds
from bot.service.computer import LEVELS, ComputerTurn, check_level
from bot.service.core import Clock, SeedSource, random_seed, utc_now
from bot.service.errors import ServiceError
from bot.service.matches import MATCH_LENGTHS, check_best_of
from bot.service.outbox import OutboxUseCases
from bot.service.queries import QueryUseCases
from bot.service.ratings import (
    BoardEntry,
    Leaderboard,
    PlayerStats,
    RatingSummary,
    RatingUseCases,
    Streak,
)
from bot.service.rematch import RematchUseCases
from bot.service.results import (
    AcceptResult,
    Challenge,
    ChallengeExpired,
    DrawAction,
    DrawResult,
    Export,
    GameView,
    MatchStanding,
    MatchTermination,
    MatchUpdate,
    MoveResult,
    Notice,
    Owed,
    Reminder,
    Started,
    TimeLoss,
)


class GameService(OutboxUseCases, RematchUseCases, QueryUseCases, RatingUseCases):
    """Every use case of the bot, over one open `bot.store.Connection`."""


__all__ = [
    "LEVELS",
    "MATCH_LENGTHS",
    "AcceptResult",
    "BoardEntry",
    "Challenge",
    "ChallengeExpired",
    "Clock",
    "ComputerTurn",
    "DrawAction",
    "DrawResult",
    "Ending",
    "Export",
    "GameService",
    "GameView",
    "Leaderboard",
    "MatchStanding",
    "MatchTermination",
    "MatchUpdate",
    "MoveResult",
    "Notice",
    "Owed",
    "PlayerStats",
    "RatingSummary",
    "Reminder",
    "SeedSource",
    "ServiceError",
    "Started",
    "Streak",
    "Termination",
    "TimeLoss",
    "check_best_of",
    "check_level",
    "check_move_seconds",
    "errors",
    "random_seed",
    "utc_now",
]
