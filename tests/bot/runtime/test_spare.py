"""The spare-time loops (the analyst, the puzzler) at rest (issue 52, point 1): neither looks
again at its own give back of a slot, even when the slots tell it to the other loop, turned away
meanwhile; else the quicker of the two took the slot first again, turned the other away again,
and an idle bot spun (test_e2e_puzzles' hidden game was never scanned)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.runtime.analyst import Analyst
from bot.runtime.puzzler import Puzzler
from bot.runtime.spare import SpareTimeWork
from bot.service import GameService
from testing.servicekit import open_service, until
from testing.workers import WatchedSlots

Loop = Callable[[GameService, WatchedSlots, asyncio.Event], SpareTimeWork]


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    service = await open_service(tmp_path / "bot.sqlite3")
    yield service
    await service.connection.close()


def analyst(service: GameService, slots: WatchedSlots, ready: asyncio.Event) -> Analyst:
    return Analyst(service, slots=slots, name="p", ready=ready.wait)


def puzzler(service: GameService, slots: WatchedSlots, ready: asyncio.Event) -> Puzzler:
    return Puzzler(service, slots=slots, name="p", ready=ready.wait)


@pytest.mark.parametrize("loop", [analyst, puzzler])
async def test_its_own_give_back_is_no_news_to_it_though_it_is_to_one_turned_away(
    service: GameService, monkeypatch: pytest.MonkeyPatch, loop: Loop
) -> None:
    slots = WatchedSlots(1)
    never = asyncio.Event()  # its own loop never starts: only the test calls it
    work = loop(service, slots, never)
    claiming = asyncio.Event()  # set: it holds the slot and claims (nothing, when let go on)

    async def claim(*, by: str, lease: float) -> None:
        await claiming.wait()

    monkeypatch.setattr(service.analyses, "claim_analysis_turn", claim)
    monkeypatch.setattr(service.puzzle_scans, "claim", claim)
    async with work:
        work._look.clear()
        told: list[int] = []
        slots.events.subscribe(told.append)
        looking = asyncio.create_task(work.one())
        await until(slots.changes, lambda: slots.free == 0)  # it holds the slot
        assert not slots.take_if_idle()  # the other loop is turned away meanwhile
        claiming.set()
        assert not await looking  # nothing to do
        assert told == [0] and slots.free == 1  # the slot is free: told to the other loop
        assert not work._look.is_set()  # and not to itself
