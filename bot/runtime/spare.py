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
