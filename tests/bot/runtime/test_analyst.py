"""The analyses' turns as low-priority computer jobs, without Discord: a turn is reviewed only
when no computer move waits (in this process's slots or in the database) and a slot is free,
in a real worker process, and a move that comes meanwhile gets the slot first."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.computer.fair import FairSlots
from bot.runtime import analyst as analyst_module
from bot.runtime.analyst import Analyst, Reviewer
from bot.service import GameService
from bot.service.analyses import FAILED_TRIES
from bot.store import analyses
from bot.store.analyses import AnalysisState
from testing import workers
from testing.servicekit import (
    ALICE,
    CHANNEL,
    GUILD,
    open_service,
    play_moves,
    start_computer_game,
    start_game,
    until,
)
from testing.workers import WatchedSlots

SECONDS = 0.01


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    service = await open_service(tmp_path / "bot.sqlite3")
    yield service
    await service.connection.close()


async def asked(service: GameService) -> int:
    """A finished game of seven turns whose analysis alice asked for."""
    await start_game(service)
    view = await play_moves(service, CHANNEL, count=6)
    await service.moves.resign(CHANNEL, ALICE)
    await service.analyses.request_analysis(
        ALICE, game_id=view.id, channel_id=CHANNEL, guild_id=GUILD
    )
    return view.id


def analyst(service: GameService, slots: FairSlots) -> Analyst:
    return Analyst(service, slots=slots, name="p", seconds=SECONDS)


async def done(service: GameService, game_id: int) -> int:
    analysis = await service.analyses.analysis(game_id)
    assert analysis is not None
    return analysis.done


async def test_a_turn_is_reviewed_in_a_free_slot_and_the_slot_given_back(
    service: GameService,
) -> None:
    game_id = await asked(service)
    slots = FairSlots(1)
    assert await analyst(service, slots).review_one()
    assert await done(service, game_id) == 1
    assert slots.free == 1


async def test_no_turn_while_the_slots_are_busy_or_a_move_waits_for_one(
    service: GameService,
) -> None:
    game_id = await asked(service)
    slots = FairSlots(1)
    thought = asyncio.Event()
    async with slots.slot("someone"):  # a move thinks
        assert not await analyst(service, slots).review_one()
        waiting = asyncio.create_task(_think(slots, "another", thought))  # a move waits
        await until(slots.events, lambda: slots.waiting == 1)
        assert not await analyst(service, slots).review_one()
    assert not await analyst(service, slots).review_one()  # the freed slot is the move's
    thought.set()
    await waiting
    assert await done(service, game_id) == 0
    assert await analyst(service, slots).review_one()  # now it is free


async def _think(
    slots: FairSlots, owner: str, thought: asyncio.Event, thinking: asyncio.Event | None = None
) -> None:
    async with slots.slot(owner):
        if thinking is not None:
            thinking.set()
        await thought.wait()


async def test_no_turn_while_the_database_holds_a_computer_move_nobody_thinks_about(
    service: GameService,
) -> None:
    game_id = await asked(service)
    await start_computer_game(service, player_first=False, channel_id=CHANNEL + 1)
    assert await service.computer.open_computer_jobs()
    assert not await analyst(service, FairSlots(1)).review_one()
    assert await done(service, game_id) == 0


async def test_a_process_that_does_not_think_reviews_nothing(service: GameService) -> None:
    await asked(service)
    idle = Analyst(service, slots=None, name="p")
    assert not await idle.review_one()


async def test_the_whole_analysis_runs_while_at_work(service: GameService) -> None:
    game_id = await asked(service)
    finished: list[bool] = []
    service.events.subscribe(lambda event: finished.append(getattr(event, "finished", False)))
    async with analyst(service, FairSlots(1)):
        await until(service.events, lambda: any(finished), timeout=60)
    assert await done(service, game_id) == 7


async def test_a_move_that_comes_during_a_review_stops_it_and_takes_the_slot(
    service: GameService,
) -> None:
    game_id = await asked(service)
    slots = WatchedSlots(1)
    slow = Analyst(
        service, slots=slots, name="p", seconds=workers.SLOWLY, reviewer=workers.review_slowly
    )
    async with slow:  # at work: it hears the slots
        # It takes the slot to review turn 1 (for ten minutes): the move comes as it claims the
        # turn, or later; either way the review is stopped at once, long before its ten minutes.
        await until(slots.changes, lambda: slots.free == 0)
        thought, thinking = asyncio.Event(), asyncio.Event()
        move = asyncio.create_task(_think(slots, "someone", thought, thinking))
        async with asyncio.timeout(60):
            await thinking.wait()
        thought.set()
        await move
    assert await done(service, game_id) == 0  # the stopped turn is reviewed again later


async def test_its_own_take_of_a_slot_is_no_reason_to_look_again(service: GameService) -> None:
    # Else an analyst with nothing to review would look again and again, at once.
    never = asyncio.Event()  # its own loop never starts: only the test calls it
    idle = Analyst(service, slots=FairSlots(1), name="p", ready=never.wait)
    async with idle:
        idle._look.clear()
        assert not await idle.review_one()  # no analysis asked for
        assert not idle._look.is_set()


@pytest.mark.parametrize("reviewer", [workers.review_dies, workers.review_slowly])
async def test_a_turn_whose_process_dies_or_runs_out_of_time_is_given_up_after_a_few_tries(
    service: GameService, monkeypatch: pytest.MonkeyPatch, reviewer: Reviewer
) -> None:
    monkeypatch.setattr(analyst_module, "GRACE", 0.5)  # review_slowly runs out of time soon
    game_id = await asked(service)
    failing = Analyst(service, slots=FairSlots(1), name="p", seconds=SECONDS, reviewer=reviewer)
    for _ in range(FAILED_TRIES):
        assert await failing.review_one()  # each try at once: its claim was given back
    analysis = await service.analyses.analysis(game_id)
    assert analysis is not None and analysis.failed and analysis.failed_turn == 1
    assert not await failing.review_one()  # and never again


async def test_a_review_stopped_by_a_move_is_no_failure(service: GameService) -> None:
    game_id = await asked(service)
    slots = WatchedSlots(1)
    slow = Analyst(
        service, slots=slots, name="p", seconds=workers.SLOWLY, reviewer=workers.review_slowly
    )
    for _ in range(FAILED_TRIES):
        async with slow:
            await until(slots.changes, lambda: slots.free == 0)  # it reviews turn 1
            async with asyncio.timeout(60), slots.slot("someone"):  # a move comes, stops it
                pass
    async with service.connection.read() as db:
        row = await analyses.get_analysis(db, game_id)
    assert row is not None and row.failures == 0 and row.state is AnalysisState.WAITING
