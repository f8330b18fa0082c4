"""The loop shared by the computer's low-priority work in its spare slots: the analyses' reviews
(`analyst`) and the puzzle scans (`puzzler`). Each does one piece at a time, only where no
computer move waits; this module holds what they do alike, each its own rules of priority."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from types import TracebackType
from typing import Self

from bot.computer.fair import FairSlots
from bot.service import GameService
from bot.service.events import sleep_unless

log = logging.getLogger(__name__)


class SpareTimeWork:
    """A background loop while entered: once the bot is ready, give back this process's claims
    from before a restart, then do one piece of work after another (`one`), and when there is
    none, wait until told to look again (`look`) or `poll` seconds at most. A subclass's
    `__aenter__` subscribes to what makes it look and then calls `_begin`."""

    poll = 30.0
    """Seconds between two looks for work (the safety net under NOTIFY and the events)."""
    what = "the spare-time work"
    """What the loop does, for its log line when a round fails."""

    def __init__(
        self,
        service: GameService,
        *,
        slots: FairSlots | None,
        name: str,
        ready: Callable[[], Awaitable[object]] | None = None,
    ) -> None:
        self.service = service
        self.slots = slots  # None: this process does not think (AI_WORKERS 0)
        self.name = name
        self._ready = ready
        self._look = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._unsubscribe: list[Callable[[], None]] = []
        self._own_change = False  # the slots' news comes of our own take or give back

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    def _begin(self, task_name: str) -> Self:
        self._task = asyncio.create_task(self._work(), name=task_name)
        return self

    def look(self) -> None:
        """Look for work now."""
        self._look.set()

    def _hear_slots(self) -> None:
        """Hear the slots' news (`FairSlots.events`): a move queueing, a slot come free."""
        if self.slots is not None:
            self._unsubscribe.append(self.slots.events.subscribe(self._slots_changed))

    def _slots_changed(self, waiting: int) -> None:
        """The slots' news, unless of our own take or give back: our give back tells a holder
        turned away meanwhile (the other loop) that a slot is free, and were we to look again
        at it too, the quicker of the two would take it first, turn the other away again, and
        so on for ever."""
        if not self._own_change:
            self.slots_told(waiting)

    def slots_told(self, waiting: int) -> None:
        """A move queues for a slot (`waiting`), or a slot came free: look again."""
        self.look()

    def _take(self, slots: FairSlots) -> bool:
        """Take a slot if one is free and no move waits (`FairSlots.take_if_idle`)."""
        self._own_change = True
        try:
            return slots.take_if_idle()
        finally:
            self._own_change = False

    def _give_back(self, slots: FairSlots) -> None:
        self._own_change = True
        try:
            slots.give_back()
        finally:
            self._own_change = False

    async def close(self) -> None:
        """Stop (the piece under way is given up: its claim is released at the next start)."""
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe.clear()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def release(self) -> None:
        """Give back this process's claims from before a restart."""
        raise NotImplementedError

    async def one(self) -> bool:
        """Do one piece of work if there is one and it may run now; whether it did (then
        there may be more at once)."""
        raise NotImplementedError

    async def _work(self) -> None:
        if self._ready is not None:
            await self._ready()
        if self.slots is not None:
            await self.release()
        while True:
            self._look.clear()
            try:
                done = await self.one()
            except Exception:  # the work would stop for good: look again later
                log.exception("%s could not go on", self.what)
                done = False
            if not done:
                await sleep_unless(self._look, self.poll)
