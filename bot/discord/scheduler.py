"""The background task that sends reminders, applies losses on time and posts what is owed.

It keeps no state: each round asks the service what is due now (`run_due`), announces it,
delivers the posts the outbox still owes (`owed_posts`), and sleeps until the next alarm the
database knows of (at most `MAX_SLEEP`), or until `wake()` (after a move, or when a test moved
the clock). So a restart simply starts the next round, and delivers what a crash left owed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from types import TracebackType
from typing import Self

from bot.discord.announce import Announcer
from bot.discord.letters import Letters
from bot.discord.tourney import TournamentPoster
from bot.service import (
    Clock,
    GameService,
    Notice,
    Owed,
    ReminderDigest,
    TimeLoss,
    TimeLossDm,
    TurnDm,
    VacationNotice,
)
from bot.service.context import WAKE
from bot.service.deadlines import epoch
from bot.service.events import AnalysisProgressed, Event, sleep_unless

log = logging.getLogger(__name__)

MAX_SLEEP = 300.0
"""Look again at least this often (seconds), in case another process changed the database."""
RETRY_AFTER = 30.0
"""After a round that failed, wait this long before the next (never spin on a broken game)."""


class Scheduler:
    """Runs rounds of `run_due` while entered with `async with` (from the bot's start-up to
    its close)."""

    def __init__(
        self,
        service: GameService,
        announcer: Announcer,
        letters: Letters,
        clock: Clock,
        *,
        ready: Callable[[], Awaitable[object]] | None = None,
        tournaments: TournamentPoster | None = None,
    ) -> None:
        self.service = service
        self.announcer = announcer
        self.letters = letters
        self.clock = clock
        self._ready = ready  # announcements need the server cache (its language) first
        self.tournaments = tournaments  # their rounds and posts, after the games' news
        self._failed = False
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._round = asyncio.Lock()  # one round at a time: two would deliver a post twice
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
        """The service's subscriber: every change of a game or challenge may move an alarm."""
        if not isinstance(event, AnalysisProgressed):  # an analysis moves no alarm
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
        """Apply and announce everything due now (what the background task does each time);
        a round asked for while one runs waits for it."""
        async with self._round:
            await self._run_round()

    async def _run_round(self) -> None:
        self._failed = False
        try:
            notices = await self.service.alarms.run_due(self.clock())
        except Exception:  # one bad round must not end the scheduler; the next retries
            log.exception("the scheduler's round failed")
            notices, self._failed = [], True
        # A loss on time that started a match's next game is announced before the computer (if
        # it begins that game) may post its first move: its channel is held from now on.
        starting = [n for n in notices if isinstance(n, TimeLoss) and n.match is not None]
        held = {n.view.channel_id: self.announcer.in_order(n.view.channel_id) for n in starting}
        for channel in sorted(held):
            await held[channel].acquire()
        try:
            for notice in notices:  # each on its own: one deleted channel must not silence others
                await self._announce(notice, held)
        finally:
            for lock in held.values():
                if lock.locked():
                    lock.release()
        await self._deliver_owed()
        await self._tournaments()

    async def _tournaments(self) -> None:
        """Start, close and pair what is due of the tournaments, and make their posts."""
        if self.tournaments is None:
            return
        try:
            await self.tournaments.run()
        except Exception:
            log.exception("the tournaments' round failed")
            self._failed = True

    async def _announce(self, notice: Notice, held: dict[int, asyncio.Lock]) -> None:
        try:
            await self.announcer.notice(notice)
        except Exception:
            log.exception("could not announce %r", notice)
        finally:
            lock = held.pop(notice.view.channel_id, None) if isinstance(notice, TimeLoss) else None
            if lock is not None:
                lock.release()

    async def _deliver_owed(self) -> None:
        """Post what the outbox still owes: after a crash between a commit and its post, or a
        post Discord refused (each failure puts its next attempt off; see the service)."""
        try:
            owed = await self.service.outbox.owed_posts(self.clock())
        except Exception:
            log.exception("could not read the owed posts")
            self._failed = True
            return
        for item in owed:
            try:
                await self._deliver(item)
            except Exception:
                log.exception("could not deliver %r; it stays owed", item)

    async def _deliver(self, owed: Owed) -> None:
        """A player's direct message (a reply-only game's loss on time too) or a holiday notice
        goes by letter, the rest to the game's channel."""
        if isinstance(owed, TurnDm):
            await self.letters.turn(owed)
        elif isinstance(owed, ReminderDigest):
            await self.letters.digest(owed)
        elif isinstance(owed, TimeLossDm):
            await self.letters.time_loss(owed)
        elif isinstance(owed, VacationNotice):
            await self.letters.vacation(owed)
        else:
            await self.announcer.deliver(owed)

    async def _delay(self) -> float:
        if self._failed:
            return RETRY_AFTER
        try:
            alarm = await self.service.outbox.next_alarm()
        except Exception:
            log.exception("could not read the next alarm")
            return MAX_SLEEP
        if alarm is None:
            return MAX_SLEEP
        return min(max((alarm - self.clock()).total_seconds(), 0.0), MAX_SLEEP)
