"""The analysis of finished games (issue 29): asking for one (once per game, a few a day per
player), the thinking processes claiming its turns one at a time and saving their reviews, and
reading it back.

The reviews themselves are the computer's (`bot.computer.review`, in a worker process); the
service keeps each as the JSON text the reviewer wrote, so it needs nothing of how they are
made. An analysis is the game's, not the asker's: whoever asks again for an analysed (or
queued) game is shown it, and that costs them nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bot.games import SomeKind
from bot.service.context import Context
from bot.service.deadlines import DAY
from bot.service.errors import (
    AnalysisFailedError,
    GameNotFoundError,
    GameNotOverError,
    NoFinishedGameHereError,
    TooManyAnalysesError,
    TooShortToAnalyseError,
)
from bot.service.events import AnalysisProgressed
from bot.service.owed import PostData, PostKind, Subject
from bot.service.results import GameView
from bot.store import Db, analyses, outbox
from bot.store.analyses import AnalysisRow, AnalysisState
from bot.store.outbox import Delivered, OutboxRow

MIN_TURNS = 4
"""A game of fewer turns (a resignation after the opening) has nothing to analyse."""
SHOW_SECONDS = 5
"""Seconds at least between two edits of an analysis's progress (Discord limits edits, and
players need no more); its end is shown at once."""
FAILED_TRIES = 3
"""Failed reviews of one turn (the reviewer raised, its process died or ran out of time) after
which its analysis is given up: a turn the computer cannot review must not take a worker's
spare time for ever, nor leave its message showing progress that never moves."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """An analysis as it stands, with the turns reviewed so far (each its reviewer's JSON)."""

    view: GameView
    state: AnalysisState
    turns: int
    done: int
    asked_by: int
    reviews: tuple[str, ...]
    failed_turn: int | None = None  # given up at this turn (state FAILED)

    @property
    def finished(self) -> bool:
        """Every turn is reviewed."""
        return self.state is AnalysisState.DONE

    @property
    def failed(self) -> bool:
        """It was given up: a turn could not be reviewed."""
        return self.state is AnalysisState.FAILED


@dataclass(frozen=True, slots=True)
class AnalysisRequest:
    """The answer to a request: the analysis, and whether this request made it (False: it
    was asked for before, by anyone, and this request cost nothing)."""

    analysis: Analysis
    new: bool


@dataclass(frozen=True, slots=True)
class AnalysisTurn:
    """One turn to review: what a worker process needs, and nothing else."""

    game_id: int
    turn: int
    kind: SomeKind  # the game, from the service's registry (pickled by reference to its module)
    record: str
    seed: str  # from the game's secret seed: the same turn is always judged alike


class Analyses:
    """The use cases of analyses."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def request_analysis(
        self, user_id: int, *, game_id: int | None, channel_id: int, guild_id: int | None
    ) -> AnalysisRequest:
        """`user_id` asks for the analysis of game `game_id` of this server (None: their most
        recent finished game in `channel_id`). Who may see the game is the caller's to check
        (`analysable` first, then this). Raises `GameNotFoundError` (none, or another
        server's), `NoFinishedGameHereError`, `GameNotOverError`, `TooShortToAnalyseError` and
        `TooManyAnalysesError` (the asker's daily cap, with when the next is possible)."""
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            view = await self._game(db, user_id, game_id, channel_id, guild_id)
            row = await analyses.get_analysis(db, view.id)
            new = row is None
            if row is not None:
                self._refuse_failed(row)
            else:
                self._check_analysable(view)
                await self._refuse_beyond_cap(db, user_id, now)
                await analyses.add_analysis(db, view.id, user_id, now, self._turns(view))
                row = await analyses.get_analysis(db, view.id)
                assert row is not None
            # Its message, in the channel asked from: the one the progress edits from now on.
            await self.ctx.owe(db, SHOWN, view.id, guild_id=view.guild_id, channel_id=channel_id)
            return AnalysisRequest(await _analysis(db, view, row), new=new)

    async def analysable(
        self, user_id: int, *, game_id: int | None, channel_id: int, guild_id: int | None
    ) -> GameView:
        """The game a request would analyse, for the caller to check who may see it before
        asking (raises as `request_analysis` does for a game it cannot find)."""
        async with self.ctx.connection.read() as db:
            return await self._game(db, user_id, game_id, channel_id, guild_id)

    async def analysis(self, game_id: int) -> Analysis | None:
        """The analysis of game `game_id` as it stands, None if nobody asked for one."""
        async with self.ctx.connection.read() as db:
            row = await analyses.get_analysis(db, game_id)
            if row is None:
                return None
            view = await self.ctx.view(db, await self.ctx.row_by_id(db, game_id))
            return await _analysis(db, view, row)

    # The thinking processes' side ------------------------------------------------------------

    async def claim_analysis_turn(self, *, by: str, lease: float) -> AnalysisTurn | None:
        """Claim the next turn to review of the oldest unfinished analysis nobody reviews now,
        for the process `by`, for `lease` seconds; None when there is none."""
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            claimed = await analyses.claim_next(db, now, by=by, until=now + math.ceil(lease))
            if claimed is None:
                return None
            game_id, turn = claimed
            row = await self.ctx.row_by_id(db, game_id)
        return AnalysisTurn(
            game_id,
            turn,
            self.ctx.kind(row.game_kind),
            row.record,
            seed=f"{row.seed}:review:{turn}",
        )

    async def save_review(self, game_id: int, turn: int, review: str) -> Analysis:
        """Keep the review (JSON) of turn `turn` of game `game_id`'s analysis: once, a turn
        saved again changes nothing. The analysis after it."""
        async with self.ctx.connection.transaction() as db:
            await analyses.save_review(db, game_id, turn, review, self.ctx.now())
            await self._owe_progress(db, game_id)
        found = await self.analysis(game_id)
        if found is None:
            raise GameNotFoundError("no analysis of that game", game_id=game_id)
        self.ctx.events.publish(AnalysisProgressed(game_id, found.done, found.finished))
        return found

    async def review_failed(self, game_id: int, turn: int, *, by: str) -> bool:
        """The review of turn `turn` of game `game_id` failed in process `by` (its claim is
        given back, and it is tried again at once) and was counted; whether this failure gave
        the analysis up (the `FAILED_TRIES`th in a row for that turn), so that only one
        process reports it."""
        async with self.ctx.connection.transaction() as db:
            given_up = await analyses.review_failed(
                db, game_id, turn, by=by, now=self.ctx.now(), tries=FAILED_TRIES
            )
            if given_up:  # its message says so at once
                await self._owe_progress(db, game_id)
        found = await self.analysis(game_id)
        if found is not None:
            self.ctx.events.publish(AnalysisProgressed(game_id, found.done, found.finished))
        return given_up

    async def release_analysis_claims(self, by: str) -> int:
        """At start: give up the claims of process `by` (it reviews nothing now)."""
        async with self.ctx.connection.transaction() as db:
            return await analyses.release_claims(db, by)

    # Steps ------------------------------------------------------------------------------------

    async def _owe_progress(self, db: Db, game_id: int) -> None:
        """Owe the edit of the analysis's message: at once when it is over (done, or given
        up), else `SHOW_SECONDS` from now, showing whatever is reviewed by then (one edit
        waits at a time: the reviews meanwhile add none)."""
        row = await analyses.get_analysis(db, game_id)
        game = await self.ctx.row_by_id(db, game_id)
        if row is None:
            return
        over = row.state in (AnalysisState.DONE, AnalysisState.FAILED)
        due = self.ctx.now() + (0 if over else SHOW_SECONDS)
        await self.ctx.owe(db, PROGRESS, game_id, guild_id=game.guild_id, due=due)

    async def _game(
        self, db: Db, user_id: int, game_id: int | None, channel_id: int, guild_id: int | None
    ) -> GameView:
        if game_id is None:
            found = await analyses.latest_finished_of(db, channel_id, user_id)
            if found is None:
                raise NoFinishedGameHereError("you have no finished game here")
            game_id = found
        row = await self.ctx.row_by_id(db, game_id)
        if row.imported_by is not None and row.imported_by != user_id:
            raise GameNotFoundError("that game is another's import", game_id=game_id)
        if row.guild_id != guild_id and row.imported_by is None:
            raise GameNotFoundError("that game is another server's", game_id=game_id)
        return await self.ctx.view(db, row)

    def _check_analysable(self, view: GameView) -> None:
        if view.is_active:
            raise GameNotOverError("the game is still being played", game_id=view.id)
        if self._turns(view) < MIN_TURNS:
            raise TooShortToAnalyseError(
                "the game is too short to analyse", game_id=view.id, minimum=MIN_TURNS
            )

    @staticmethod
    def _turns(view: GameView) -> int:
        return len(view.game.turn_plies()) - 1

    @staticmethod
    def _refuse_failed(row: AnalysisRow) -> None:
        """A failed analysis is not tried again: the same turn is judged alike every time."""
        if row.state is AnalysisState.FAILED:
            raise AnalysisFailedError(
                "the computer could not review that game",
                game_id=row.game_id,
                turn=row.failing_turn,
            )

    async def _refuse_beyond_cap(self, db: Db, user_id: int, now: int) -> None:
        """Each analysis is minutes of a worker's time: a player asks for a few a day."""
        limit = self.ctx.limits.analyses_per_day
        asked = await analyses.asked_since(db, user_id, now - DAY + 1)
        if len(asked) >= limit:
            retry_at = asked[len(asked) - limit] + DAY
            raise TooManyAnalysesError(
                "you asked for as many analyses today as you may",
                analyses=limit,
                retry_at=retry_at,
            )


@dataclass(frozen=True, slots=True)
class AnalysisShown:
    """What an analysis's post shows: the analysis as it stands, and where: the channel it was
    asked for in (a new message), or the message to edit (its latest)."""

    analysis: Analysis
    channel_id: int | None = None
    message: Delivered | None = None


async def _analysis(db: Db, view: GameView, row: AnalysisRow) -> Analysis:
    """The analysis `row` of the game `view` as it stands, with its reviews so far."""
    reviews = tuple(await analyses.reviews(db, row.game_id))
    failed = row.failing_turn if row.state is AnalysisState.FAILED else None
    return Analysis(view, row.state, row.turns, row.done, row.asked_by, reviews, failed)


async def _read(ctx: Context, db: Db, game_id: int) -> Analysis:
    """The analysis of game `game_id`, which exists (an analysis is never deleted)."""
    row = await analyses.get_analysis(db, game_id)
    assert row is not None
    return await _analysis(db, await ctx.view(db, await ctx.row_by_id(db, game_id)), row)


async def _shown(ctx: Context, db: Db, row: OutboxRow) -> AnalysisShown:
    channel_id = PostData(row).number("channel_id")
    return AnalysisShown(await _read(ctx, db, row.subject_id), channel_id=channel_id)


async def _progress(ctx: Context, db: Db, row: OutboxRow) -> AnalysisShown | None:
    shown = (SHOWN.name, PROGRESS.name)
    message = await outbox.latest_delivered(db, Subject.ANALYSIS.value, row.subject_id, shown)
    if message is None:
        return None  # never shown anywhere: /analyze shows it again when asked
    return AnalysisShown(await _read(ctx, db, row.subject_id), message=message)


SHOWN = PostKind("analysis", Subject.ANALYSIS, _shown)
"""An analysis shown where it was asked for: its progress, or its result once done."""
PROGRESS = PostKind("analysis_progress", Subject.ANALYSIS, _progress, once=True)
"""The latest message showing an analysis, edited to how it stands (an edit pings nobody)."""
