"""The background task that applies what falls due: reminders, losses on time, expired
challenges, the tournaments' next steps (a sign-up's end, a round closed and the next paired),
the channels' daily puzzles, and the pool's seeks that lapsed (issue 53).

It keeps no state: each round asks the service to do what is due now (`alarms.run_due`,
`tournaments.advance_tournaments`), which owes the posts it makes in the same transactions (the
deliverer sends them), and sleeps until the next alarm the database knows of (at most
`MAX_SLEEP`), or until `wake()` (after a change, or when a test moved the clock). So a restart
simply starts the next round.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from types import TracebackType
from typing import Self

from bot.service import Clock, GameService
from bot.service.context import WAKE
from bot.service.deadlines import epoch, moment
from bot.service.events import AnalysisProgressed, Event, PostOwed, sleep_unless
from bot.service.seeks import LAPSES_AT_ONCE

log = logging.getLogger(__name__)

MAX_SLEEP = 300.0
"""Look again at least this often (seconds), in case another process changed the database."""
RETRY_AFTER = 30.0
"""After a round that failed, wait this long before the next (never spin on a broken game)."""


class Scheduler:
    """Runs rounds of what is due while entered with `async with` (from the bot's start-up to
    its close)."""

    def __init__(
        self,
        service: GameService,
        clock: Clock,
        *,
        ready: Callable[[], Awaitable[object]] | None = None,
    ) -> None:
        self.service = service
        self.clock = clock
        self._ready = ready  # the first round waits for the bot (its cache of servers)
        self._failed = False
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._round = asyncio.Lock()  # one round at a time
        self._planned: datetime | None = None  # when the next round is due (by the clock)
        self._unsubscribe: Callable[[], None] | None = None

    async def __aenter__(self) -> Self:
        """At work: hear every change of the service (an alarm may have moved) and what other
        processes say falls due in this process's servers (NOTIFY), and run the rounds."""
        self._unsubscribe = self.service.events.subscribe(self.on_event)
        try:
            await self.service.connection.listen(WAKE, self.heard)
        except BaseException:
            await self.stop()
            raise
        self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.stop()

    def start(self) -> None:
        """Start the background task."""
        self._task = asyncio.create_task(self._run(), name="scheduler")

    async def stop(self) -> None:
        """Hear no more changes and stop the background task (a round in progress is
        cancelled; it is safe to repeat)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self._task is not None:
            self._task.cancel()
            await asyncio.wait({self._task})  # its end, without swallowing our own cancel
            self._task = None

    def wake(self) -> None:
        """Run a round now (the next alarm may have changed)."""
        self._wake.set()

    def on_event(self, event: Event) -> None:
        """The service's subscriber: every change of a game or challenge may move an alarm
        (an analysis's progress or a post owed moves none)."""
        if not isinstance(event, AnalysisProgressed | PostOwed):
            self.wake()

    def heard(self, payload: str) -> None:
        """Another process says something of a server falls due (`guild:epoch seconds`): run a
        round if it is one of this process's servers and it falls due before the next round."""
        guild, _, due = payload.partition(":")
        shards = self.service.shards
        if shards is not None and not shards.serves(int(guild or 0) or None):
            return
        if self._planned is None or int(due or 0) <= epoch(self._planned):
            self.wake()

    async def _run(self) -> None:
        if self._ready is not None:
            await self._ready()
        while True:
            self._wake.clear()
            await self.run_round()
            delay = await self._delay()
            self._planned = self.clock() + timedelta(seconds=delay)
            await sleep_unless(self._wake, delay)

    async def run_round(self) -> None:
        """Apply everything due now (what the background task does each time); a round asked
        for while one runs waits for it."""
        async with self._round:
            self._failed = False
            try:
                await self.service.alarms.run_due(self.clock())
            except Exception:  # one bad round must not end the scheduler; the next retries
                log.exception("the scheduler's round failed")
                self._failed = True
            try:
                await self.service.tournaments.advance_tournaments()
            except Exception:
                log.exception("the tournaments' round failed")
                self._failed = True
            try:
                await self.service.daily_puzzles.post_due()
            except Exception:
                log.exception("the daily puzzles' round failed")
                self._failed = True
            try:
                if len(await self.service.seeks.lapse_due()) == LAPSES_AT_ONCE:
                    self.wake()  # more lapsed: the next round goes on at once
            except Exception:
                log.exception("the pool's round failed")
                self._failed = True

    async def _delay(self) -> float:
        if self._failed:
            return RETRY_AFTER
        try:
            alarm = await self.service.outbox.next_alarm()
            daily = await self.service.daily_puzzles.next_due()
            lapse = await self.service.seeks.next_lapse()
        except Exception:
            log.exception("could not read the next alarm")
            return MAX_SLEEP
        seek = None if lapse is None else moment(lapse)
        known = [when for when in (alarm, daily, seek) if when is not None]
        if not known:
            return MAX_SLEEP
        return min(max((min(known) - self.clock()).total_seconds(), 0.0), MAX_SLEEP)
