"""Finding puzzles in finished games, at the lowest priority of all the computer's work (issue
48), and judging a solver's answer.

The puzzler runs where the computer thinks (a bot with AI_WORKERS, `python -m bot worker`), in
the slots of the computer's moves, like the analyst, but below it:
- it looks for a game to scan only when no computer move waits (in this process's queue for a
  slot or in the database) and no analysis has turns left to review, and takes a slot only when
  one is free with nobody waiting (`FairSlots.take_if_idle`);
- while it scans, it looks whether a move queues for a slot, a computer job or an analysis
  appeared (in any process: the database says), at once whenever this process hears of a change
  (a move queueing, a game changed, an analysis asked for, another process's NOTIFY) and every
  `WATCH` seconds besides: then it stops at once (the scan's process is terminated, its claim
  given back, the game scanned again later), and the slot goes to the move or the analysis;
- the scan itself runs at nice 19 (`bot.computer.puzzling.lowly`), so even the moves and reviews
  of other processes on the machine keep the processor;
- one scan at a time per process.

A scan that fails (the finder raises, its process dies or runs out of time) is counted; after a
few failures the game is given up. Judging an answer is a fraction of a second of a worker process,
also at nice 19: the solver waits for it (their answer is deferred), nobody else does.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from asyncio import FIRST_COMPLETED
from collections.abc import Awaitable, Callable, Sequence
from typing import Self

from bot.computer.fair import FairSlots
from bot.computer.processes import run_in_process
from bot.computer.puzzling import find_puzzles, judge_answer, lowly
from bot.games import SomeKind
from bot.games.puzzles import FoundPuzzle
from bot.runtime.spare import SpareTimeWork
from bot.service import GameService
from bot.service.puzzle.scans import ScanJob
from bot.service.puzzle.views import PreparedAnswer
from bot.store.analyses import ANALYSIS
from bot.store.jobs import COMPUTER

log = logging.getLogger(__name__)

POLL = 60.0
"""Seconds between two looks for a game to scan (the safety net under the events)."""
WATCH = 1.0
"""Seconds between two looks, during a scan, whether a move or an analysis waits for it, when
nothing was heard (another process's work, on SQLite, which has no NOTIFY)."""
SCAN_TIMEOUT = 120.0
"""Seconds a scan may take before its process is given up on: a long Verbindung game's model
chances and its closer looks take several seconds, and at nice 19 on a busy machine longer."""
JUDGE_TIMEOUT = 60.0
"""Seconds a solver's answer may take to judge (a fraction of a second, unless the machine is
busy with the computer's moves, which go first)."""
JUDGES = 2
"""Answers judged at once in a process, at most: many solvers answering together wait their
turn rather than start a process each (each is a fraction of a second)."""
Finder = Callable[[SomeKind, str, str, Sequence[str]], list[FoundPuzzle]]

_judges: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)


class Puzzler(SpareTimeWork):
    """Scans finished games for puzzles in this process (when `slots` are given: the computer
    opponent's), while entered."""

    poll = POLL
    what = "the puzzles"

    def __init__(
        self,
        service: GameService,
        *,
        slots: FairSlots | None,
        name: str,
        finder: Finder = find_puzzles,
        ready: Callable[[], Awaitable[object]] | None = None,
    ) -> None:
        super().__init__(service, slots=slots, name=name, ready=ready)
        self.finder = finder  # module level: it is pickled into the worker process
        self._check = asyncio.Event()  # set: during a scan, look at once whether others wait
        self.scans = 0  # scans begun here (what a benchmark counts)
        self.stops = 0  # scans stopped for a move or an analysis

    async def __aenter__(self) -> Self:
        """At work: look again whenever the service changes something (a game ends, an analysis
        is asked for), a slot's queue changes, or another process says so; during a scan, each
        of these makes it look at once whether the scan must stop."""
        self._unsubscribe.append(self.service.events.subscribe(lambda _event: self.look()))
        self._hear_slots()
        await self.service.connection.listen(ANALYSIS, lambda _: self.look())
        await self.service.connection.listen(COMPUTER, lambda _: self.look())
        return self._begin("puzzles")

    def look(self) -> None:
        """Look for work now (and, during a scan, whether it must stop)."""
        self._look.set()
        self._check.set()

    async def release(self) -> None:
        await self.service.puzzle_scans.release(self.name)

    async def one(self) -> bool:
        return await self.scan_one()

    async def _others_first(self) -> bool:
        """Whether a computer move or an analysis waits (here or in any process)."""
        if self.slots is not None and self.slots.waiting:
            return True
        if await self.service.computer.open_computer_jobs():
            return True
        return await self.service.puzzle_scans.analyses_waiting()

    async def scan_one(self) -> bool:
        """Scan one finished game for puzzles if nothing else waits and a slot is free; whether
        one was scanned (or stopped: then there may be more at once)."""
        if self.slots is None or await self._others_first():
            return False
        if not self._take(self.slots):
            return False
        try:
            lease = SCAN_TIMEOUT + WATCH
            job = await self.service.puzzle_scans.claim(by=self.name, lease=lease)
            if job is None:
                return False
            self.scans += 1
            outcome = await self._scan(job)
        finally:
            self._give_back(self.slots)
        if outcome is None:  # stopped: a move or an analysis came first
            await self.service.puzzle_scans.release(self.name)
        elif isinstance(outcome, list):
            await self.service.puzzle_scans.found(job.game_id, outcome)
        else:
            await self._failed(job, outcome)
        return True

    async def _scan(self, job: ScanJob) -> list[FoundPuzzle] | Exception | None:
        """The puzzles of the job's game from a worker process at nice 19, or why it failed, or
        None when a move or an analysis stopped it."""
        scan = asyncio.create_task(self._run(job))
        try:
            while not scan.done():
                self._check.clear()
                told = asyncio.create_task(self._check.wait())
                await asyncio.wait({scan, told}, timeout=WATCH, return_when=FIRST_COMPLETED)
                told.cancel()
                if not scan.done() and await self._others_first():
                    self.stops += 1
                    scan.cancel()
                    await asyncio.gather(scan, return_exceptions=True)
                    return None
            return scan.result()
        finally:
            if not scan.done():
                scan.cancel()  # we are stopped ourselves: so is the scan
                await asyncio.gather(scan, return_exceptions=True)

    async def _run(self, job: ScanJob) -> list[FoundPuzzle] | Exception:
        try:
            return await run_in_process(
                lowly,
                self.finder,
                job.kind,
                job.record,
                job.seed,
                job.reviews,
                timeout=SCAN_TIMEOUT,
            )
        except Exception as error:  # counted; the give-up is logged once
            log.info("game %s: could not be scanned for puzzles: %r", job.game_id, error)
            return error

    async def _failed(self, job: ScanJob, error: Exception) -> None:
        if await self.service.puzzle_scans.failed(job.game_id):
            log.warning(
                "game %s: given up looking for puzzles after %r", job.game_id, error, exc_info=error
            )


Judge = Callable[[SomeKind, str, Sequence[str], str, str], float]


async def judged(prepared: PreparedAnswer, judge_with: Judge = judge_answer) -> float:
    """The mover's winning chance after the prepared answer: the judgement kept for it, else the
    computer's (a worker process at nice 19, `JUDGES` at a time). Raises `TimeoutError` when the
    computer is too busy to judge it within `JUDGE_TIMEOUT`, and the worker's errors."""
    if prepared.chance is not None:
        return prepared.chance
    judge = prepared.judge
    loop = asyncio.get_running_loop()
    judges = _judges.setdefault(loop, asyncio.Semaphore(JUDGES))
    async with asyncio.timeout(JUDGE_TIMEOUT), judges:
        return await run_in_process(
            lowly,
            judge_with,
            judge.kind,
            judge.position,
            judge.events,
            prepared.move,
            judge.seed,
            timeout=JUDGE_TIMEOUT,
        )
