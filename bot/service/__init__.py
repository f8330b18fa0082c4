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
from bot.service.challenges import Challenges, check_move_seconds
from bot.service.computer import LEVELS, ComputerGames, ComputerTurn, check_level
from bot.service.context import Clock, Context, SeedSource, Setup, random_seed, utc_now
from bot.service.errors import ServiceError
from bot.service.matches import MATCH_LENGTHS, check_best_of
from bot.service.notify import Notifications
from bot.service.outbox import Outbox
from bot.service.play import Moves
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
    Answer,
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
from bot.service.takeback import Takebacks
from bot.service.tournament.views import TournamentPost, TournamentView
from bot.service.tournaments import Tournaments
from bot.service.unseen import UnseenEndings
from bot.service.vacations import Vacations
from bot.service.writer import GameWriter
from bot.store import Database, Reach
from engine.game import Outcome, Reason, Side, Termination


class GameService:
    """Every use case of the bot over one open database: a thin facade over the use-case
    classes, which share one `Context` (the store, the clock, the events, the registry) and
    change games only through one `GameWriter`. Each method here is a use case's own (its
    docstring says what it does and raises)."""

    def __init__(self, connection: Database, **setup: Unpack[Setup]) -> None:
        ctx = Context(connection, **setup)
        self.context = ctx
        self.connection, self.clock, self.events = ctx.connection, ctx.clock, ctx.events
        self.computer_id, self.name, self.registry = ctx.computer_id, ctx.name, ctx.registry
        self.shards = ctx.shards  # whose servers' work this process does (None: every one)
        self.kind = ctx.kind  # a game this bot offers, by its key; raises UnknownGameError
        rater = Rater()
        writer = GameWriter(ctx, rater)
        challenges, computer = Challenges(ctx, writer), ComputerGames(ctx, writer)
        alarms = Alarms(ctx, writer)
        self._challenges(challenges, Rematches(ctx, challenges, computer))
        self._blocks(Blocks(ctx))
        self._computer(computer)
        self._moves(Moves(ctx, writer), Takebacks(ctx, writer))
        self._time(alarms, Vacations(ctx), Outbox(ctx, alarms))
        self._notifications(Notifications(ctx))
        self._queries(Queries(ctx), Ratings(ctx, rater))
        self._analyses(Analyses(ctx))
        self.unseen_time_loss = UnseenEndings(ctx).unseen_time_loss
        self._tournaments(Tournaments(ctx, writer))

    def _challenges(self, challenges: Challenges, rematches: Rematches) -> None:
        self.is_computer_player = challenges.is_computer_player
        self.challenge = challenges.challenge
        self.set_challenge_message = challenges.set_challenge_message
        self.get_challenge = challenges.get_challenge
        self.pending_challenges = challenges.pending_challenges
        self.accept = challenges.accept
        self.check_accept = challenges.check_accept
        self.turn_down = challenges.turn_down
        self.decline = challenges.decline
        self.cancel = challenges.cancel
        self.decline_and_block = challenges.decline_and_block
        self.rematch = rematches.rematch

    def _blocks(self, blocks: Blocks) -> None:
        self.block = blocks.block
        self.unblock = blocks.unblock
        self.blocked = blocks.blocked

    def _computer(self, computer: ComputerGames) -> None:
        self.start_computer_game = computer.start_computer_game
        self.check_computer_game = computer.check_computer_game
        self.release_computer_jobs = computer.release_computer_jobs
        self.open_computer_jobs = computer.open_computer_jobs
        self.computer_turn = computer.computer_turn
        self.claim_computer_turn = computer.claim_computer_turn
        self.play_computer = computer.play_computer

    def _moves(self, moves: Moves, takebacks: Takebacks) -> None:
        self.play = moves.play
        self.resign = moves.resign
        self.offer_draw = moves.offer_draw
        self.answer_draw = moves.answer_draw
        self.accept_draw = moves.accept_draw
        self.decline_draw = moves.decline_draw
        self.request_takeback = takebacks.request_takeback
        self.answer_takeback = takebacks.answer_takeback

    def _time(self, alarms: Alarms, vacations: Vacations, outbox: Outbox) -> None:
        self.run_due = alarms.run_due
        self.next_alarm = outbox.next_alarm  # the alarms' and the owed posts' next
        self.answering = outbox.answering
        self.start_vacation = vacations.start_vacation
        self.end_vacation = vacations.end_vacation
        self.vacation = vacations.vacation
        self.vacation_status = vacations.vacation_status
        self.release_claims = outbox.release_claims
        self.delivered = outbox.delivered
        self.failed = outbox.failed
        self.owed_posts = outbox.owed_posts

    def _notifications(self, notify: Notifications) -> None:
        self.set_notify = notify.set_notify
        self.locale_of = notify.locale_of
        self.notify_of = notify.notify_of
        self.dms_closed = notify.dms_closed

    def _tournaments(self, tournaments: Tournaments) -> None:
        self.create_tournament = tournaments.create_tournament
        self.join_tournament = tournaments.join_tournament
        self.leave_tournament = tournaments.leave_tournament
        self.start_tournament = tournaments.start_tournament
        self.cancel_tournament = tournaments.cancel_tournament
        self.remove_player = tournaments.remove_player
        self.withdraw_from_tournament = tournaments.withdraw_from_tournament
        self.start_board = tournaments.start_board
        self.advance_tournaments = tournaments.advance_tournaments
        self.tournament = tournaments.tournament
        self.server_tournaments = tournaments.server_tournaments
        self.owed_tournament_posts = tournaments.owed_tournament_posts
        self.tournament_post_delivered = tournaments.tournament_post_delivered
        self.tournament_post_failed = tournaments.tournament_post_failed

    def _analyses(self, analyses: Analyses) -> None:
        self.request_analysis = analyses.request_analysis
        self.analysable = analyses.analysable
        self.analysis = analyses.analysis
        self.set_analysis_message = analyses.set_analysis_message
        self.analysis_shown = analyses.analysis_shown
        self.unshown_analyses = analyses.unshown_analyses
        self.claim_analysis_turn = analyses.claim_analysis_turn
        self.save_review = analyses.save_review
        self.release_analysis_claims = analyses.release_analysis_claims
        self.review_failed = analyses.review_failed

    def _queries(self, queries: Queries, ratings: Ratings) -> None:
        self.game_in = queries.game_in
        self.latest_game_in = queries.latest_game_in
        self.game = queries.game
        self.games = queries.games
        self.game_here = queries.game_here
        self.history = queries.history
        self.finished_games = queries.finished_games
        self.totals = queries.totals
        self.export = queries.export
        self.leaderboard = ratings.leaderboard
        self.stats = ratings.stats
        self.recompute_ratings = ratings.recompute_ratings
        self.rate_unrated = ratings.rate_unrated


__all__ = [
    "LEVELS",
    "MATCH_LENGTHS",
    "AcceptResult",
    "Analysis",
    "AnalysisRequest",
    "AnalysisTurn",
    "Answer",
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
]
