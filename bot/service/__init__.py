"""The use cases of the bot, without Discord: challenges, games against the computer, moves,
draws, time limits, queries.

`GameService(connection)` is the one entry point, a facade over small use-case classes. Every use
case that changes something is one database transaction and returns a plain result object;
refusals raise a `ServiceError` (with a catalogue `key`) or the engine's `InvalidMoveError` /
`IllegalMoveError`, and change nothing.
"""

from typing import Unpack

from bot.service import errors
from bot.service.alarms import Alarms
from bot.service.analyses import Analyses, Analysis, AnalysisRequest, AnalysisTurn
from bot.service.blocks import Blocks
from bot.service.challenges import FIRST_MOVERS, Challenges, check_move_seconds, who_moves_first
from bot.service.computer import LEVELS, ComputerGames, ComputerTurn, check_level
from bot.service.context import Clock, Context, SeedSource, Setup, random_seed, utc_now
from bot.service.errors import ServiceError
from bot.service.follows import Follows
from bot.service.imports import Imports
from bot.service.lessons import Lessons
from bot.service.lobby import GameSummary, Lobby
from bot.service.matches import MATCH_LENGTHS, check_best_of
from bot.service.notes import Notes
from bot.service.notify import Notifications
from bot.service.open_challenges import OpenChallenges
from bot.service.outbox import Outbox
from bot.service.play import Moves
from bot.service.premoves import Premoves
from bot.service.puzzle.daily import DailyPuzzles
from bot.service.puzzle.scans import PuzzleScans
from bot.service.puzzles import Puzzles
from bot.service.queries import Queries
from bot.service.ratings import (
    BoardEntry,
    Leaderboard,
    PlayerStats,
    Rater,
    Ratings,
    RatingSummary,
    Streak,
)
from bot.service.rematch import Rematches
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
    Reminder,
    ReminderDigest,
    Replay,
    Ruling,
    Started,
    TakebackAction,
    TakebackResult,
    TimeLoss,
    TimeLossDm,
    TurnDm,
    VacationNotice,
    VacationStatus,
)
from bot.service.seeks import Seeks
from bot.service.takeback import Takebacks
from bot.service.tournament.posts import TournamentPost
from bot.service.tournament.views import TournamentView
from bot.service.tournaments import Tournaments
from bot.service.unseen import UnseenEndings
from bot.service.vacations import Vacations
from bot.service.writer import GameWriter
from bot.store import Database, Reach
from engine.game import Outcome, Reason, Side, Termination


class GameService:
    """Every use case of the bot over one open database, grouped by what it is about: a caller
    reaches a use case in one step, as `service.moves.play(...)` or `service.queries.game(...)`,
    and each group is a small class over one shared `Context` (the store, the clock, the events,
    the registry) that changes games only through one `GameWriter`. Each method's docstring says
    what it does and raises."""

    def __init__(self, connection: Database, **setup: Unpack[Setup]) -> None:
        ctx = Context(connection, **setup)
        self.context = ctx
        self.connection, self.clock, self.events = ctx.connection, ctx.clock, ctx.events
        self.computer_id, self.name, self.registry = ctx.computer_id, ctx.name, ctx.registry
        self.shards = ctx.shards  # whose servers' work this process does (None: every one)
        self.kind = ctx.kind  # a game this bot offers, by its key; raises UnknownGameError
        rater = Rater()
        writer = GameWriter(ctx, rater)
        self.challenges = Challenges(ctx, writer)
        self.open_challenges = OpenChallenges(ctx)
        self.lobby = Lobby(ctx)
        self.seeks = Seeks(ctx, writer)
        self.computer = ComputerGames(ctx, writer)
        self.rematches = Rematches(ctx, self.challenges, self.computer)
        self.blocks = Blocks(ctx)
        self.moves = Moves(ctx, writer)
        self.takebacks = Takebacks(ctx, writer)
        self.alarms = Alarms(ctx, writer)
        self.vacations = Vacations(ctx)
        self.outbox = Outbox(ctx, self.alarms)
        self.notifications = Notifications(ctx)
        self.notes = Notes(ctx)
        self.imports = Imports(ctx)
        self.follows = Follows(ctx)
        self.premoves = Premoves(ctx)
        self.queries = Queries(ctx)
        self.ratings = Ratings(ctx, rater)
        self.analyses = Analyses(ctx)
        self.lessons = Lessons(ctx)
        self.puzzles = Puzzles(ctx)
        self.puzzle_scans = PuzzleScans(ctx)
        self.daily_puzzles = DailyPuzzles(ctx, self.puzzles)
        self.unseen = UnseenEndings(ctx)
        self.tournaments = Tournaments(ctx, writer)


__all__ = [
    "FIRST_MOVERS",
    "LEVELS",
    "MATCH_LENGTHS",
    "AcceptResult",
    "Analysis",
    "AnalysisRequest",
    "AnalysisTurn",
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
    "GameSummary",
    "GameView",
    "HistoryStep",
    "Leaderboard",
    "MatchStanding",
    "MatchTermination",
    "MatchUpdate",
    "MoveResult",
    "Outcome",
    "PlayerStats",
    "RatingSummary",
    "Reach",
    "Reason",
    "Reminder",
    "ReminderDigest",
    "Replay",
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
    "TimeLossDm",
    "TournamentPost",
    "TournamentView",
    "TurnDm",
    "VacationNotice",
    "VacationStatus",
    "check_best_of",
    "check_level",
    "check_move_seconds",
    "errors",
    "random_seed",
    "utc_now",
    "who_moves_first",
]
