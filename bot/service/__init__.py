"""The use cases of the bot, without Discord: challenges, games against the computer, moves,
draws, time limits, queries.

`GameService(connection)` is the one entry point. Every use case that changes something is one
database transaction and returns a plain result object; refusals raise a `ServiceError` (with a
catalogue `key`) or the engine's `InvalidMoveError` / `IllegalMoveError`, and change nothing.
"""

from bot.service import errors
from bot.service.challenges import check_move_seconds
from bot.service.computer import LEVELS, ComputerTurn, check_level
from bot.service.core import Clock, SeedSource, random_seed, utc_now
from bot.service.errors import ServiceError
from bot.service.matches import MATCH_LENGTHS, check_best_of
from bot.service.notify import NotifyUseCases
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
    DigestItem,
    DrawAction,
    DrawResult,
    Export,
    FinishedPage,
    GameView,
    HistoryStep,
    MatchStanding,
    MatchTermination,
    MatchUpdate,
    MoveResult,
    Notice,
    Owed,
    Reminder,
    ReminderDigest,
    Ruling,
    Started,
    TakebackAction,
    TakebackResult,
    TimeLoss,
    TurnDm,
    VacationNotice,
    VacationStatus,
)
from bot.service.takeback import TakebackUseCases
from bot.service.vacations import VacationUseCases
from engine.game import Outcome, Reason, Side, Termination


class GameService(
    OutboxUseCases,
    RematchUseCases,
    TakebackUseCases,
    VacationUseCases,
    NotifyUseCases,
    QueryUseCases,
    RatingUseCases,
):
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
    "DigestItem",
    "DrawAction",
    "DrawResult",
    "Export",
    "FinishedPage",
    "GameService",
    "GameView",
    "HistoryStep",
    "Leaderboard",
    "MatchStanding",
    "MatchTermination",
    "MatchUpdate",
    "MoveResult",
    "Notice",
    "Outcome",
    "Owed",
    "PlayerStats",
    "RatingSummary",
    "Reason",
    "Reminder",
    "ReminderDigest",
    "Ruling",
    "SeedSource",
    "ServiceError",
    "Side",
    "Started",
    "Streak",
    "TakebackAction",
    "TakebackResult",
    "Termination",
    "TimeLoss",
    "TurnDm",
    "VacationNotice",
    "VacationStatus",
    "check_best_of",
    "check_level",
    "check_move_seconds",
    "errors",
    "random_seed",
    "utc_now",
]
