"""The computer opponent without Discord: its search runs in real worker processes, it resumes
its turns at start, survives failing, hanging and dying workers, and drops stale moves."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.computer.search import ProcessSearch, Worker
from bot.computer.thinking import think
from bot.runtime.opponent import ComputerOpponent
from bot.service import ComputerTurn, GameService, MoveResult
from bot.service.events import Event, Events, GameChanged, PostOwed
from testing import workers
from testing.servicekit import (
    ALICE,
    BOB,
    CHANNEL,
    COMPUTER,
    open_service,
    start_computer_game,
    start_game,
    until,
)
from testing.workers import WatchedSearch, computer_tasks

WAIT = 60.0  # seconds before a wait counts as hung (never reached when all is well)


class Announcements:
    """Records the computer's moves as the service makes them (each owes its post)."""

    def __init__(self, service: GameService) -> None:
        self.moves: list[MoveResult] = []
        self.events: Events[MoveResult] = Events()
        play = service.computer.play_computer

        async def played(turn: ComputerTurn, text: str) -> MoveResult | None:
            result = await play(turn, text)
            if result is not None:
                self.moves.append(result)
                self.events.publish(result)
            return result

        service.computer.play_computer = played  # type: ignore[method-assign]


@dataclass
class Computer:
    """An opponent over the test's service, what it posted, and its search (watched)."""

    opponent: ComputerOpponent
    posts: Announcements
    search: WatchedSearch

    async def until_posted(self, count: int) -> None:
        await until(self.posts.events, lambda: len(self.posts.moves) == count, WAIT)

    async def until_thinking(self, game_id: int) -> None:
        await until(self.search.events, lambda: self.search.is_thinking(game_id), WAIT)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    service = await open_service(tmp_path / "bot.sqlite3")
    yield service
    await service.connection.close()


@pytest.fixture
async def computers(service: GameService) -> AsyncIterator[Callable[..., Computer]]:
    """Make opponents over the service, searching with `worker` in a process; each is closed
    at the end."""
    made: list[Computer] = []

    def make(worker: Worker = think, seconds: float = 0.1, grace: float = 5.0) -> Computer:
        posts, search = Announcements(service), WatchedSearch(ProcessSearch(worker))
        opponent = ComputerOpponent(service, seconds=seconds, search=search, grace=grace)
        made.append(Computer(opponent, posts, search))
        return made[-1]

    yield make
    for computer in made:
        await asyncio.wait_for(computer.opponent.close(), WAIT)


class Hearing(ComputerOpponent):
    """Notes every change of the service it hears."""

    def __init__(self, service: GameService) -> None:
        super().__init__(service, seconds=0.1, ready=asyncio.Event().wait)
        self.heard: list[Event] = []

    def on_event(self, event: Event) -> None:
        self.heard.append(event)
        super().on_event(event)


async def test_it_hears_the_service_only_while_it_is_at_work(service: GameService) -> None:
    opponent = Hearing(service)  # built: not at work yet
    await start_game(service)
    async with opponent:
        during = await start_game(service, channel_id=CHANNEL + 1)
    await start_game(service, channel_id=CHANNEL + 2)  # left: it hears no more
    heard = {event.game_id for event in opponent.heard if isinstance(event, GameChanged)}
    assert heard == {during.view.id}


async def test_at_work_it_resumes_its_turn_and_answers_every_move(
    service: GameService, computers
) -> None:
    await start_computer_game(service, player_first=False)  # waiting since before the start
    computer = computers()
    async with computer.opponent:
        await computer.until_posted(1)
        [opening] = computer.posts.moves
        assert opening.mover_id == COMPUTER and opening.next_id == ALICE
        await service.moves.play(CHANNEL, ALICE, "swap" if opening.played != "swap" else "pass")
        computer.opponent.schedule(opening.view.id)  # asked again as well: still one job
        await computer.until_posted(2)
    assert len(computer.posts.moves) == 2
    assert (await service.queries.game_in(CHANNEL)).to_move_id == ALICE


@pytest.mark.parametrize(
    ("worker", "tries"), [(workers.dies, 2), (workers.wrong, 1)], ids=["dies", "illegal"]
)
async def test_a_broken_search_is_tried_again_then_the_computer_answers_at_once(
    service: GameService, computers, worker: Worker, tries: int, caplog
) -> None:
    view = await start_computer_game(service, "verbindung", player_first=False)
    changes: list[Event] = []
    service.events.subscribe(changes.append)
    computer = computers(worker)
    with caplog.at_level(logging.ERROR, logger="bot.runtime.opponent"):
        computer.opponent.schedule(view.id)
        await computer.until_posted(1)
    failures = [r for r in caplog.records if "search failed" in r.getMessage()]
    # A dead worker is tried once more; an illegal move would come again from the same seed,
    # so the computer answers at once after the first.
    assert len(failures) == tries
    now = await service.queries.game_in(CHANNEL)
    assert now.to_move_id == ALICE
    # The scheduler's subscription learns of the player's new deadline.
    moved = [change for change in changes if isinstance(change, GameChanged)]
    assert moved == [GameChanged(view.id, now.revision, active=True, computer_to_move=False)]
    assert [type(change) for change in changes] == [PostOwed, GameChanged]  # the move's post


async def test_a_hanging_search_is_stopped_after_the_grace_time(
    service: GameService, computers
) -> None:
    view = await start_computer_game(service, player_first=False)
    computer = computers(workers.hangs, seconds=0.1, grace=0.2)
    computer.opponent.schedule(view.id)
    await computer.until_posted(1)
    assert (await service.queries.game_in(CHANNEL)).to_move_id == ALICE
    assert computer.search.found == 0  # the move came from the instant answer


async def test_a_move_found_after_the_player_resigned_is_dropped(
    service: GameService, computers
) -> None:
    view = await start_computer_game(service, player_first=False)
    computer = computers(workers.slow, seconds=0.3)
    turn = asyncio.create_task(computer.opponent.take_turn(view.id))
    await computer.until_thinking(view.id)
    await service.moves.resign(CHANNEL, ALICE)
    assert await asyncio.wait_for(turn, WAIT)  # it had the turn, and thought to the end
    assert computer.search.found == 1 and computer.posts.moves == []
    finished = await service.queries.latest_game_in(CHANNEL)
    assert [str(move) for move in finished.game.moves] == ["resign red"]
    assert finished.ending is not None and finished.ending.termination == "resignation"


async def test_closing_stops_a_search_in_progress_at_once(service: GameService, computers) -> None:
    view = await start_computer_game(service, player_first=False)
    computer = computers(workers.hangs, seconds=30.0)
    computer.opponent.schedule(view.id)
    await computer.until_thinking(view.id)
    await asyncio.wait_for(computer.opponent.close(), WAIT)
    assert multiprocessing.active_children() == []
    assert (await service.queries.game_in(CHANNEL)).revision == 0  # the next start resumes it
    computer.opponent.schedule(view.id)  # after closing: nothing starts
    assert computer_tasks() == []


async def test_the_computer_is_not_warned_of_a_rule_a_person_would_be(
    service: GameService,
) -> None:
    # Found by review: "white passed: this is your last turn" sat beside "the computer is
    # thinking". The computer needs no warning (here: that it may swap); a person still gets it.
    from bot.i18n import text
    from bot.words.games import TurnTexts

    await start_computer_game(service, player_first=True)
    opened = await service.moves.play(CHANNEL, ALICE, "f6 h8")  # the computer may now swap (P4)
    computer = TurnTexts(lambda user: user == COMPUTER)
    assert text("en", "move.swap_hint") not in computer.turn_text(opened, "en")
    person = TurnTexts(lambda user: False)  # the same move seen with a person to answer it
    assert text("en", "move.swap_hint") in person.turn_text(opened, "en")


class Gate:
    """A search that holds every move until the test opens it, noting the games in the order
    it was asked to think about them (one search slot: the order the computer serves them)."""

    def __init__(self) -> None:
        self.asked: list[int] = []
        self.events: Events[int] = Events()
        self._open = asyncio.Event()

    def open(self) -> None:
        self._open.set()

    async def move(self, turn: ComputerTurn, seconds: float, *, timeout: float) -> str:
        self.asked.append(turn.game_id)
        self.events.publish(turn.game_id)
        await self._open.wait()
        return await asyncio.to_thread(think, turn.kind, turn.record, turn.level, turn.seed, 0.0)


async def test_one_players_many_games_do_not_starve_another_players_game(
    service: GameService,
) -> None:
    """Issue 27: one player's eight games delayed every other player's computer moves. With one
    search slot, alice's three games and then bob's one wait: bob's is served second, not
    fourth."""
    alice = [
        (await start_computer_game(service, player_first=False, channel_id=CHANNEL + n)).id
        for n in range(3)
    ]
    bob = (
        await start_computer_game(service, player_first=False, channel_id=CHANNEL + 9, player=BOB)
    ).id
    gate, posts = Gate(), Announcements(service)
    opponent = ComputerOpponent(service, seconds=0.1, workers=1, search=gate)
    async with opponent:
        await until(gate.events, lambda: len(gate.asked) == 1, WAIT)  # alice's oldest first
        await until(opponent.slots.events, lambda: opponent.slots.waiting == 3, WAIT)
        gate.open()
        await until(posts.events, lambda: len(posts.moves) == 4, WAIT)
    assert gate.asked == [alice[0], bob, alice[1], alice[2]]
