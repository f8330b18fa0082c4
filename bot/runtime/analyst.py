"""The analyses of finished games as low-priority computer jobs (issue 29).

They run in the processes that think for the computer (a bot with AI_WORKERS, `python -m bot
worker`), one turn at a time, each reviewed in a worker process of its own
(`bot.computer.review.review_turn` through `run_in_process`), claimed in the database for a
lease like the computer's moves, so that an analysis cut by a restart goes on at its first turn
not reviewed (this process gives its own claims back at start; a dead one's run out).

A computer move does not wait for an analysis. A turn is only started when no computer move
waits (none of this process's moves waits for a search slot, and the database holds no computer
job that nobody thinks about), and it takes one of the same AI_WORKERS slots the moves use,
only when one is free (`take_if_idle` never takes one while a move waits). At most one turn
runs at a time per process, so analyses hold at most one slot, and a move that arrives while
that turn is reviewed would wait at most for that one turn (about `REVIEW_SECONDS` plus a
process start, a fraction of a move's thinking time). It does not even wait that long: a move
queueing for a slot stops the review at once (its process is terminated, its claim given back,
the turn reviewed again later), and `FairSlots` hands the freed slot to the move.

A review that fails (the reviewer raises, its process dies or runs out of time) is counted in the
database and tried again at once; after `FAILED_TRIES` failures of one turn the analysis is
given up (its message says so), so one game the computer cannot review does not take a slot's
spare time for ever.

Each reviewed turn owes the edit of the analysis's message (the service owes it, a few seconds
later, so that edits stay few); the deliverer of the bot serving the game's server makes it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Self

from bot.computer.fair import FairSlots
from bot.computer.processes import run_in_process
from bot.computer.review import REVIEW_SECONDS, TurnReview, review_turn
from bot.games import SomeKind
from bot.runtime.spare import SpareTimeWork
from bot.service import AnalysisTurn, GameService
from bot.service.analyses import FAILED_TRIES
from bot.store.analyses import ANALYSIS
from bot.store.jobs import COMPUTER

log = logging.getLogger(__name__)

POLL = 30.0
"""Seconds between two looks for work (the safety net under NOTIFY and the events)."""
GRACE = 10.0
"""Seconds beyond the review's budget before its process is given up on (starting it and
replaying a long record take time too)."""
Reviewer = Callable[[SomeKind, str, int, str, float], TurnReview]


class Analyst(SpareTimeWork):
    """Reviews the analyses' turns in this process (when `slots` are given: the computer
    opponent's), while entered."""

    poll = POLL
    what = "the analyses"

    def __init__(
        self,
        service: GameService,
        *,
        slots: FairSlots | None,
        name: str,
        seconds: float = REVIEW_SECONDS,
        reviewer: Reviewer = review_turn,
        ready: Callable[[], Awaitable[object]] | None = None,
    ) -> None:
        super().__init__(service, slots=slots, name=name, ready=ready)
        self.seconds = seconds
        self.reviewer = reviewer  # module level: it is pickled into the worker process
        self._reviewing: asyncio.Task[TurnReview | Exception] | None = None  # the turn under review

    async def __aenter__(self) -> Self:
        """At work: look again whenever a game changes (a computer move is done: a slot may
        be free), a slot's queue changes, or another process reviewed a turn or asked."""
        self._unsubscribe.append(self.service.events.subscribe(lambda _event: self.look()))
        self._hear_slots()
        await self.service.connection.listen(ANALYSIS, lambda _: self.look())
        await self.service.connection.listen(COMPUTER, lambda _: self.look())
        return self._begin("analyses")

    def slots_told(self, waiting: int) -> None:
        """A move queues for a slot (stop the review under way: the move goes first), or a
        slot came free while we were turned away (look again)."""
        if waiting and self._reviewing is not None:
            self._reviewing.cancel()
        self.look()

    async def release(self) -> None:
        await self.service.analyses.release_analysis_claims(self.name)

    async def one(self) -> bool:
        return await self.review_one()

    async def review_one(self) -> bool:
        """Review one turn of the oldest waiting analysis if no computer move waits and a
        slot is free; whether one was reviewed (then there may be more at once)."""
        if self.slots is None or await self.service.computer.open_computer_jobs():
            return False
        if not self._take(self.slots):
            return False
        try:
            lease = self.seconds + GRACE
            turn = await self.service.analyses.claim_analysis_turn(by=self.name, lease=lease)
            if turn is None:
                return False
            self._reviewing = asyncio.create_task(self._review(turn))
            if self.slots.waiting:  # a move queued while the turn was claimed: it goes first
                self._reviewing.cancel()
            # Waited for apart: a move stopping the review must not look like our own end.
            await asyncio.wait({self._reviewing})
            stopped = self._reviewing.cancelled()
            review = None if stopped else self._reviewing.result()
        finally:
            if self._reviewing is not None and not self._reviewing.done():
                self._reviewing.cancel()  # we are stopped ourselves: so is the review
            self._reviewing = None
            self._give_back(self.slots)
        if stopped:  # a move came first: the turn is free for the next look, here or anywhere
            await self.service.analyses.release_analysis_claims(self.name)
        elif isinstance(review, TurnReview):
            await self.service.analyses.save_review(turn.game_id, turn.turn, review.as_json())
        elif review is not None:
            await self._failed(turn, review)
        return True

    async def _failed(self, turn: AnalysisTurn, error: Exception) -> None:
        """Count the failure (the turn is tried again at once, until `FAILED_TRIES` failures
        give its analysis up); said once, by the process whose failure gave it up."""
        if await self.service.analyses.review_failed(turn.game_id, turn.turn, by=self.name):
            log.error(
                "game %s: analysis given up, turn %s could not be reviewed %s times: %r",
                turn.game_id,
                turn.turn,
                FAILED_TRIES,
                error,
                exc_info=error,
            )

    async def _review(self, turn: AnalysisTurn) -> TurnReview | Exception:
        """The turn's review from a worker process, or why it failed (the reviewer raised,
        its process died or ran out of time)."""
        try:
            return await run_in_process(
                self.reviewer,
                turn.kind,
                turn.record,
                turn.turn,
                turn.seed,
                self.seconds,
                timeout=self.seconds + GRACE,
            )
        except Exception as error:  # counted: the give-up is logged once, with the error
            log.info("game %s: turn %s could not be reviewed: %r", turn.game_id, turn.turn, error)
            return error
