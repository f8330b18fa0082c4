"""Fair turns at the computer's searches: one player's many games must not starve another's.

The computer thinks about a few games at once (AI_WORKERS); the others wait. Waiting in the order
they came (a plain semaphore), a player with eight games ahead of another's one made that one wait
for all eight. `FairSlots` lets the waiting games in round-robin by player instead: next comes the
player who was let in longest ago (one never let in before anyone), each player's own games in the
order they came. Each process keeps its own turns: with several thinking processes every one is
fair on its own, and the database's job claims keep them from thinking about one game twice.

The low-priority holders (the analyst, the puzzler) loop on what the slots tell them: a move
queueing (stop), a slot free again (look again). The slots tell only what is news to them: how
many wait, when that changes, and that a slot came free when one of them was turned away since.
A slot taken and given back with nobody turned away tells nothing: else one holder's empty look
(take a slot, find no work, give it back) woke the other, whose empty look woke the first, and
an idle bot spun a core (issue 52, point 1).
"""

from __future__ import annotations

import asyncio
import itertools
from collections import deque
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager

from bot.service.events import Events


class FairSlots:
    """At most `size` holders at once, the waiting ones let in round-robin by owner."""

    def __init__(self, size: int) -> None:
        self.free = size
        self._waiting: dict[Hashable, deque[asyncio.Future[None]]] = {}  # in order of arrival
        self._let_in_at: dict[Hashable, int] = {}  # each owner's last turn (a counter)
        self._turns = itertools.count(1)
        self._turned_away = False  # a `take_if_idle` found no slot since one last came free
        # How many wait, whenever that changes, and when a slot comes free for a holder of low
        # priority that was turned away (nothing else: see the module's docstring).
        self.events: Events[int] = Events()

    @property
    def waiting(self) -> int:
        """How many wait for a slot now."""
        return sum(len(queue) for queue in self._waiting.values())

    @asynccontextmanager
    async def slot(self, owner: Hashable) -> AsyncIterator[None]:
        """Hold a slot for `owner` (whose game it is) while inside, waiting for one first."""
        await self._acquire(owner)
        try:
            yield
        finally:
            self._release()

    def take_if_idle(self) -> bool:
        """Take a slot at once if one is free and nobody waits for one, for a holder of low
        priority (an analysis: the computer's moves waiting always go first); False if not.
        Give it back with `give_back`."""
        if self.free > 0 and not self._waiting:
            self.free -= 1  # news to nobody: nobody waits, and no holder gains a chance
            return True
        self._turned_away = True
        return False

    def give_back(self) -> None:
        """Give back a slot `take_if_idle` took: to the next waiting holder, or free."""
        self._release()

    async def _acquire(self, owner: Hashable) -> None:
        if self.free > 0 and not self._waiting:
            self.free -= 1
            self._let_in_at[owner] = next(self._turns)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(owner, deque()).append(future)
        self.events.publish(self.waiting)
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self._release()  # let in as it was cancelled: the slot goes to the next
            else:
                self._forget(owner, future)
            raise

    def _release(self) -> None:
        """Hand the slot to the next owner's oldest waiter, or free it."""
        while self._waiting:
            owner = min(self._waiting, key=lambda waiter: self._let_in_at.get(waiter, 0))
            queue = self._waiting[owner]
            future = queue.popleft()
            if not queue:
                del self._waiting[owner]
            if future.done():  # cancelled while it waited
                continue
            self._let_in_at[owner] = next(self._turns)
            future.set_result(None)
            self.events.publish(self.waiting)
            return
        self.free += 1
        if self._turned_away:  # a slot is free: the holder turned away may take it now
            self._turned_away = False
            self.events.publish(self.waiting)

    def _forget(self, owner: Hashable, future: asyncio.Future[None]) -> None:
        queue = self._waiting.get(owner)
        if queue is not None and future in queue:
            queue.remove(future)
            if not queue:
                del self._waiting[owner]
            self.events.publish(self.waiting)
