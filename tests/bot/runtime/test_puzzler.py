"""Puzzles found at the lowest priority, without Discord: a finished game is scanned only when
no computer move waits (in this process's slots or in the database) and no analysis has turns
left, in a free slot, in a real worker process at nice 19; a move or an analysis that comes
meanwhile stops the scan at once and takes the slot; a scan that keeps failing is given up."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.computer.fair import FairSlots
from bot.computer.puzzling import puzzle_of
from bot.games import GAMES
from bot.runtime import puzzler as puzzler_module
from bot.runtime.puzzler import Finder, Puzzler, judged
from bot.service import GameService
from bot.service.puzzle.scans import FAILED_TRIES
from bot.store import puzzles
from testing import workers
from testing.servicekit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    open_service,
    start_computer_game,
    start_game,
    until,
)
from testing.toygame import TOY
from testing.workers import WatchedSlots

# The game of tests/bot/computer/test_puzzling.py: its turns 7 and 9 are puzzles.
MOVES = ["b3 f5", "i6 j4", "e5 f4", "d8 j8", "i5 j5", "h6 j6", "d1 j2", "d3 g4", "c10 e2",
         "h4 i4", "c9 g8", "g6 i8"]  # fmt: skip


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    service = await open_service(tmp_path / "bot.sqlite3")
    yield service
    await service.connection.close()


async def finished(service: GameService, channel_id: int = CHANNEL) -> int:
    """The game above, played through the service (alice white), then resigned by alice."""
    started = await start_game(service, variant="classic", channel_id=channel_id)
    players = (ALICE, BOB)
    for number, move in enumerate(MOVES):
        await service.moves.play(channel_id, players[number % 2], move)
    await service.moves.resign(channel_id, ALICE)
    return started.view.id


def puzzler(service: GameService, slots: FairSlots | None, finder: Finder | None = None) -> Puzzler:
    if finder is None:
        return Puzzler(service, slots=slots, name="p")
    return Puzzler(service, slots=slots, name="p", finder=finder)


async def found(service: GameService, game_id: int) -> list[int]:
    async with service.connection.read() as db:
        rows = await db.fetch_all("SELECT turn FROM puzzles WHERE game_id = ?", (game_id,))
    return sorted(int(row["turn"]) for row in rows)


async def test_a_finished_game_is_scanned_in_a_free_slot_and_its_puzzles_kept(
    service: GameService,
) -> None:
    game_id = await finished(service)
    slots = FairSlots(1)
    assert await puzzler(service, slots).scan_one()
    assert await found(service, game_id) == [7, 9]
    assert slots.free == 1
    assert not await puzzler(service, slots).scan_one()  # each game once


async def test_nothing_while_a_move_thinks_waits_or_is_owed(service: GameService) -> None:
    game_id = await finished(service)
    slots = FairSlots(1)
    async with slots.slot("someone"):  # a move thinks
        assert not await puzzler(service, slots).scan_one()
    await start_computer_game(service, player_first=False, channel_id=CHANNEL + 1)
    assert await service.computer.open_computer_jobs()  # the database owes a computer move
    assert not await puzzler(service, slots).scan_one()
    assert await found(service, game_id) == []
    assert not await puzzler(service, None).scan_one()  # a process that does not think


async def test_an_analysis_goes_first(service: GameService) -> None:
    game_id = await finished(service)
    await service.analyses.request_analysis(
        ALICE, game_id=game_id, channel_id=CHANNEL, guild_id=GUILD
    )
    assert not await puzzler(service, FairSlots(1)).scan_one()
    assert await found(service, game_id) == []


async def test_a_move_that_comes_during_a_scan_stops_it_and_takes_the_slot(
    service: GameService,
) -> None:
    game_id = await finished(service)
    slots = WatchedSlots(1)
    slow = puzzler(service, slots, workers.find_slowly)
    async with slow:  # at work
        await until(slots.changes, lambda: slots.free == 0)  # it scans (for ten minutes)
        thought, thinking = asyncio.Event(), asyncio.Event()
        move = asyncio.create_task(_think(slots, "someone", thought, thinking))  # a move comes
        # Stopped at once: the move has the slot long before the scan's ten minutes.
        async with asyncio.timeout(60):
            await thinking.wait()
        assert slow.stops == 1
        thought.set()
        await move
    async with service.connection.read() as db:
        scan = await db.fetch_one(
            "SELECT state, tries FROM puzzle_scans WHERE game_id = ?", (game_id,)
        )
    assert scan is not None and (scan["state"], scan["tries"]) == ("claimed", 0)  # no failure


async def test_an_analysis_asked_during_a_scan_stops_it(service: GameService) -> None:
    game_id = await finished(service)
    await finished(service, CHANNEL + 1)
    slots = WatchedSlots(1)
    slow = puzzler(service, slots, workers.find_slowly)
    async with slow:
        await until(slots.changes, lambda: slots.free == 0)
        await service.analyses.request_analysis(
            ALICE, game_id=game_id, channel_id=CHANNEL, guild_id=GUILD
        )
        await until(slots.changes, lambda: slots.free == 1, timeout=60)  # given back at once
        assert slow.stops == 1


async def _think(
    slots: FairSlots, owner: str, thought: asyncio.Event, thinking: asyncio.Event
) -> None:
    async with slots.slot(owner):
        thinking.set()
        await thought.wait()


async def test_a_game_whose_scan_keeps_failing_is_given_up(service: GameService) -> None:
    game_id = await finished(service)
    failing = puzzler(service, FairSlots(1), workers.find_fails)
    for _ in range(FAILED_TRIES):
        assert await failing.scan_one()  # each try at once: its claim was given back
    assert not await failing.scan_one()  # and never again
    async with service.connection.read() as db:
        assert (
            await db.fetch_value("SELECT state FROM puzzle_scans WHERE game_id = ?", (game_id,))
            == "failed"
        )


async def test_an_answer_is_judged_by_the_computer_once(service: GameService) -> None:
    game_id = await finished(service)
    assert await puzzler(service, FairSlots(1)).scan_one()
    puzzle = await service.puzzles.pick(BOB, GUILD, "ponte")
    assert puzzle.game_id == game_id
    other = next(
        str(move)
        for move in puzzle.position.legal_moves()
        if str(move) not in (puzzle.best, puzzle.played)
    )
    prepared = await service.puzzles.prepare(BOB, puzzle.id, GUILD, other)
    chance = await judged(prepared)  # a worker process at nice 19
    assert 0.0 <= chance <= 1.0
    await service.puzzles.answer(BOB, prepared, chance)
    async with service.connection.read() as db:
        assert await puzzles.judged(db, puzzle.id, other) == chance


async def test_answers_are_judged_a_few_at_a_time(
    service: GameService, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(puzzler_module, "JUDGES", 1)
    game_id = await finished(service)
    assert await puzzler(service, FairSlots(1)).scan_one()
    puzzle = await service.puzzles.pick(BOB, GUILD, "ponte")
    assert puzzle.game_id == game_id
    notes = tmp_path / "notes.txt"
    prepared = await service.puzzles.prepare(BOB, puzzle.id, GUILD, "a1 a2")
    prepared = replace(prepared, judge=replace(prepared.judge, seed=str(notes)))
    await asyncio.gather(*(judged(prepared, workers.judge_in_turn) for _ in range(3)))
    assert notes.read_text().split() == ["start", "end"] * 3  # one after another


async def test_a_game_only_the_services_registry_knows_is_scanned_and_judged_in_workers(
    tmp_path: Path,
) -> None:
    # The worker processes get the game's kind from the service's registry (as the computer's
    # moves and reviews do): a worker that looked the toy up in the global registry fails.
    service = await open_service(tmp_path / "toy.sqlite3", registry=GAMES.with_kind(TOY))
    try:
        started = await start_game(service, TOY.key)
        for number, cell in enumerate("abcd"):
            await service.moves.play(CHANNEL, (ALICE, BOB)[number % 2], cell)
        game_id = started.view.id
        assert await puzzler(service, FairSlots(1)).scan_one()  # a worker process, nice 19
        async with service.connection.read() as db:
            scan = "SELECT state FROM puzzle_scans WHERE game_id = ?"
            assert await db.fetch_value(scan, (game_id,)) == "done"
        game = (await service.queries.game(game_id)).game
        made = puzzle_of(TOY, game, 2, "c", "seed")  # played b; the answer below is neither
        assert made is not None
        await service.puzzle_scans.found(game_id, [replace(made, best_chance=0.9)])
        puzzle = await service.puzzles.pick(CAROL, GUILD, TOY.key)
        prepared = await service.puzzles.prepare(CAROL, puzzle.id, GUILD, "d")
        assert prepared.chance is None  # to be judged by the computer
        assert 0.0 <= await judged(prepared) <= 1.0  # a worker process, nice 19
    finally:
        await service.connection.close()
