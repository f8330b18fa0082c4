"""Fair turns at the computer's searches (issue 27, point 3): the waiting are let in round-robin
by owner, each owner's in the order they came, and no slot is lost to a waiter cancelled."""

from __future__ import annotations

import asyncio

from bot.computer.fair import FairSlots
from bot.service.events import Events
from testing.servicekit import until

WAIT = 60.0  # seconds before a wait counts as hung (never reached when all is well)


class Holders:
    """Tasks that each hold a slot of `slots` until `go` is set, noting who got in when."""

    def __init__(self, size: int = 1) -> None:
        self.slots = FairSlots(size)
        self.order: list[str] = []
        self.entered: Events[str] = Events()
        self.go = asyncio.Event()

    def start(self, owner: str, name: str) -> asyncio.Task[None]:
        return asyncio.create_task(self._hold(owner, name))

    async def _hold(self, owner: str, name: str) -> None:
        async with self.slots.slot(owner):
            self.order.append(name)
            self.entered.publish(name)
            await self.go.wait()

    async def until_in(self, name: str) -> None:
        await until(self.entered, lambda: name in self.order, WAIT)

    async def until_waiting(self, count: int) -> None:
        await until(self.slots.events, lambda: self.slots.waiting == count, WAIT)


async def test_waiters_are_let_in_round_robin_by_owner() -> None:
    holders = Holders()
    names = [("alice", "a1"), ("alice", "a2"), ("alice", "a3"), ("bob", "b1"), ("carol", "c1")]
    tasks = [holders.start(owner, name) for owner, name in names]
    await holders.until_waiting(4)
    holders.go.set()
    await asyncio.gather(*tasks)
    # a1 first; then those never let in, in the order they came; then alice's next.
    assert holders.order == ["a1", "b1", "c1", "a2", "a3"]
    assert holders.slots.free == 1 and holders.slots.waiting == 0


async def test_the_owner_let_in_longest_ago_comes_first() -> None:
    holders = Holders()
    holders.go.set()
    for owner in ("bob", "alice"):  # bob was let in before alice
        await holders.start(owner, owner)
    holders.go.clear()
    first = holders.start("carol", "c1")
    await holders.until_in("c1")
    waiting = [holders.start("alice", "a1"), holders.start("bob", "b1")]
    await holders.until_waiting(2)
    holders.go.set()
    await asyncio.gather(first, *waiting)
    assert holders.order == ["bob", "alice", "c1", "b1", "a1"]


async def test_a_waiter_cancelled_loses_its_place_and_no_slot_is_lost() -> None:
    holders = Holders()
    holder = holders.start("alice", "a1")
    await holders.until_in("a1")
    gone, later = holders.start("bob", "b1"), holders.start("carol", "c1")
    await holders.until_waiting(2)
    gone.cancel()
    await asyncio.gather(gone, return_exceptions=True)
    assert holders.slots.waiting == 1
    holders.go.set()
    await asyncio.gather(holder, later)
    assert holders.order == ["a1", "c1"] and holders.slots.free == 1


async def test_a_waiter_cancelled_as_it_is_let_in_passes_the_slot_on() -> None:
    holders = Holders()
    held = holders.slots.slot("alice")
    await held.__aenter__()
    unlucky, after = holders.start("bob", "b1"), holders.start("carol", "c1")
    await holders.until_waiting(2)
    await held.__aexit__(None, None, None)  # the slot goes to bob's waiter, which has not run
    assert holders.slots.waiting == 1
    unlucky.cancel()  # cancelled before it could use the slot
    await asyncio.gather(unlucky, return_exceptions=True)
    holders.go.set()
    await after
    assert holders.order == ["c1"] and holders.slots.free == 1


def test_a_freed_slot_is_told_to_whoever_was_turned_away_without_queueing() -> None:
    # The analyses take a slot only when one is free and nobody waits (`take_if_idle`): one
    # turned away hears that a slot is free when it is given back, not only when the queue changes.
    slots = FairSlots(1)
    heard: list[int] = []
    slots.events.subscribe(heard.append)
    assert slots.take_if_idle()
    assert not slots.take_if_idle()  # taken: turned away
    slots.give_back()
    assert heard == [0] and slots.free == 1  # given back, to the one turned away


def test_a_slot_taken_and_given_back_with_nobody_turned_away_is_news_to_nobody() -> None:
    # Issue 52, point 1: the puzzler's empty look (take, nothing to scan, give back) woke the
    # analyst, whose empty look woke the puzzler: an idle bot spun a core.
    slots = FairSlots(1)
    heard: list[int] = []
    slots.events.subscribe(heard.append)
    for _ in range(3):
        assert slots.take_if_idle()
        slots.give_back()
    assert heard == [] and slots.free == 1
    assert slots.take_if_idle()
    assert not slots.take_if_idle()
    slots.give_back()
    assert slots.take_if_idle()
    slots.give_back()
    assert heard == [0]  # once, for the one turned away; the next empty look tells nobody


async def test_a_move_queueing_and_let_in_is_told() -> None:
    holders = Holders()
    heard: list[int] = []
    holders.slots.events.subscribe(heard.append)
    first = holders.start("alice", "a1")
    await holders.until_in("a1")
    second = holders.start("bob", "b1")
    await holders.until_waiting(1)
    holders.go.set()
    await asyncio.gather(first, second)
    assert heard == [1, 0]  # b1 queues, then is let in; a1's and b1's own slots tell nothing
