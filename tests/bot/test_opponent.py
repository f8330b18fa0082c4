"""The computer opponent without Discord: its search runs in real worker processes, it resumes
its turns at start, survives failing, hanging and dying workers, and drops stale moves."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.opponent import ComputerOpponent, Worker
from bot.service import GameService, MoveResult
from bot.service.events import Event, GameChanged
from bot.thinking import think
from bot.workers import WorkerDiedError, run_in_process
from engine import ponte, verbindung
from testing import workers
from testing.servicekit import ALICE, CHANNEL, COMPUTER, open_service, start_computer_game, until

WAIT = 10.0  # seconds before a wait counts as hung (never reached when all is well)


class Announcements:
    """Stands in for the announcer: records the computer's moves."""

    def __init__(self) -> None:
        self.moves: list[MoveResult] = []
        self.lock = asyncio.Lock()

    def in_order(self, channel_id: int) -> asyncio.Lock:
        return self.lock

    async def move(self, result: MoveResult) -> None:
        self.moves.append(result)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    service = await open_service(tmp_path / "bot.sqlite3")
    yield service
    await service.connection.close()


@pytest.fixture
async def opponents(service: GameService) -> AsyncIterator[Callable[..., ComputerOpponent]]:
    """Make opponents over the service; each is closed at the end."""
    made: list[ComputerOpponent] = []

    def make(
        worker: Worker = think,
        seconds: float = 0.1,
        grace: float = 5.0,
    ) -> ComputerOpponent:
        opponent = ComputerOpponent(
            service,
            Announcements(),  # type: ignore[arg-type]
            seconds=seconds,
            worker=worker,
            grace=grace,
        )
        service.events.subscribe(opponent.on_event)
        made.append(opponent)
        return opponent

    yield make
    for opponent in made:
        await asyncio.wait_for(opponent.close(), WAIT)


async def wait(opponent: ComputerOpponent, predicate: Callable[[], bool]) -> None:
    await until(opponent.events, predicate, WAIT)


async def test_the_worker_function_finds_a_legal_move_of_both_games_in_a_worker_process() -> None:
    opening = ponte.PonteGame("classic").record().to_json()
    rolled = verbindung.VerbindungGame()
    rolled.play("roll arcs white-cross")
    dice = rolled.record().to_json()
    ponte_text = await run_in_process(think, "ponte", opening, "easy", "1:ai:0", 0.2, timeout=WAIT)
    turn_text = await run_in_process(think, "verbindung", dice, "easy", "1:ai:1", 0.2, timeout=WAIT)
    assert ponte.PonteGame("classic").is_legal(ponte.parse_move(ponte_text))
    assert rolled.is_legal(rolled.parse_move(turn_text))


async def test_a_job_process_that_dies_or_hangs_is_reported_and_gone() -> None:
    with pytest.raises(WorkerDiedError):
        await run_in_process(workers.dies, "ponte", "{}", "easy", "1", 0.0, timeout=WAIT)
    with pytest.raises(TimeoutError):
        await run_in_process(workers.hangs, "ponte", "{}", "easy", "1", 0.0, timeout=0.2)
    assert multiprocessing.active_children() == []


async def test_it_resumes_its_turn_at_start_and_answers_every_move(
    service: GameService, opponents
) -> None:
    await start_computer_game(service, player_first=False)  # waiting since before the start
    opponent = opponents()
    opponent.start()
    await wait(opponent, lambda: opponent.moves == 1)
    [opening] = opponent.announcer.moves
    assert opening.mover_id == COMPUTER and opening.next_id == ALICE
    await service.play(CHANNEL, ALICE, "swap" if opening.played != "swap" else "pass")
    opponent.schedule(opening.view.id)  # asked again: still one job, one move
    await wait(opponent, lambda: opponent.moves == 2 and not opponent.busy)
    assert len(opponent.announcer.moves) == 2
    assert (await service.game_in(CHANNEL)).to_move_id == ALICE


@pytest.mark.parametrize(
    ("worker", "tries"), [(workers.dies, 2), (workers.wrong, 1)], ids=["dies", "illegal"]
)
async def test_a_broken_search_is_tried_again_then_the_computer_answers_at_once(
    service: GameService, opponents, worker: Worker, tries: int, caplog
) -> None:
    view = await start_computer_game(service, "verbindung", player_first=False)
    changes: list[Event] = []
    service.events.subscribe(changes.append)
    opponent = opponents(worker)
    with caplog.at_level(logging.ERROR, logger="bot.opponent"):
        opponent.schedule(view.id)
        await wait(opponent, lambda: opponent.moves == 1)
    failures = [r for r in caplog.records if "search failed" in r.getMessage()]
    # A dead worker is tried once more; an illegal move would come again from the same seed,
    # so the computer answers at once after the first.
    assert len(failures) == tries
    now = await service.game_in(CHANNEL)
    assert now.to_move_id == ALICE
    # The scheduler's subscription learns of the player's new deadline.
    assert changes == [GameChanged(view.id, now.version, active=True, computer_to_move=False)]


async def test_a_hanging_search_is_stopped_after_the_grace_time(
    service: GameService, opponents
) -> None:
    view = await start_computer_game(service, player_first=False)
    opponent = opponents(workers.hangs, seconds=0.1, grace=0.2)
    opponent.schedule(view.id)
    await wait(opponent, lambda: opponent.moves == 1)
    assert (await service.game_in(CHANNEL)).to_move_id == ALICE


async def test_a_move_found_after_the_player_resigned_is_dropped(
    service: GameService, opponents
) -> None:
    view = await start_computer_game(service, player_first=False)
    opponent = opponents(workers.slow, seconds=0.3)
    opponent.schedule(view.id)
    await wait(opponent, lambda: opponent.is_thinking(view.id))
    await service.resign(CHANNEL, ALICE)
    await wait(opponent, lambda: not opponent.busy)
    assert opponent.moves == 0 and opponent.announcer.moves == []
    finished = await service.latest_game_in(CHANNEL)
    assert [str(move) for move in finished.game.moves] == ["resign red"]
    assert finished.ending is not None and finished.ending.termination == "resignation"


async def test_closing_stops_a_search_in_progress_at_once(service: GameService, opponents) -> None:
    view = await start_computer_game(service, player_first=False)
    opponent = opponents(workers.hangs, seconds=30.0)
    opponent.schedule(view.id)
    await wait(opponent, lambda: opponent.is_thinking(view.id))
    await asyncio.wait_for(opponent.close(), WAIT)
    assert multiprocessing.active_children() == []
    assert (await service.game_in(CHANNEL)).version == 0  # the next start resumes it
    opponent.schedule(view.id)  # after closing: nothing starts
    assert not opponent.busy


async def test_the_computer_is_not_warned_of_a_rule_a_person_would_be(
    service: GameService,
) -> None:
    # Found by review: "white passed: this is your last turn" sat beside "the computer is
    # thinking". The computer needs no warning (here: that it may swap); a person still gets it.
    from types import SimpleNamespace

    from bot.announce import Announcer
    from bot.i18n import text

    await start_computer_game(service, player_first=True)
    opened = await service.play(CHANNEL, ALICE, "f6 h8")  # the computer may now swap (P4)
    announcer = Announcer(SimpleNamespace(user=SimpleNamespace(id=COMPUTER)))  # type: ignore[arg-type]
    assert text("en", "move.swap_hint") not in announcer.turn_text(opened, "en")
    person = Announcer(SimpleNamespace(user=SimpleNamespace(id=ALICE + 1000)))  # type: ignore[arg-type]
    assert text("en", "move.swap_hint") in person.turn_text(opened, "en")
