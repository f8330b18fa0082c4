"""Searches for the computer that misbehave on purpose, for tests of the bot's side of it, and
a search and slots that let a test see when the computer thinks or takes a spare slot.

The bot runs its search in worker processes, which receive the function by name: these must be
module-level functions of a module every process can import (`testing` is, from the repository).
"""

from __future__ import annotations

import asyncio
import json
import os
import time

from bot.computer.fair import FairSlots
from bot.computer.review import TurnReview, review_turn
from bot.computer.search import ProcessSearch, Search
from bot.computer.thinking import think
from bot.games import SomeKind
from bot.service import ComputerTurn
from bot.service.events import Events

SLOWLY = 600.0
"""Seconds the slow review and scan take: far beyond any test's bound on waiting (60 s), so a test
that sees one stopped knows the stop did it, even on a loaded machine."""


class WatchedSearch:
    """A search (the computer's own in a process, by default) that tells whoever waits when it
    starts and ends thinking about a game, and counts the moves it found."""

    def __init__(self, search: Search | None = None) -> None:
        self.search = search or ProcessSearch()
        self.thinking: set[int] = set()  # the games it thinks about now
        self.found = 0
        self.events: Events[int] = Events()  # a game's id, as its search starts or ends

    def is_thinking(self, game_id: int) -> bool:
        return game_id in self.thinking

    async def move(self, turn: ComputerTurn, seconds: float, *, timeout: float) -> str:
        self.thinking.add(turn.game_id)
        self.events.publish(turn.game_id)
        try:
            text = await self.search.move(turn, seconds, timeout=timeout)
            self.found += 1
            return text
        finally:
            self.thinking.discard(turn.game_id)
            self.events.publish(turn.game_id)


class WatchedSlots(FairSlots):
    """The computer's slots, telling a test (`changes`) every change: also a slot taken or given
    back by a holder of low priority, which `events` leaves out (it is news to no holder)."""

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.changes: Events[None] = Events()
        self.turned_away = 0  # the holders of low priority turned away so far
        self.events.subscribe(lambda _waiting: self.changes.publish(None))

    def take_if_idle(self) -> bool:
        taken = super().take_if_idle()
        self.turned_away += not taken
        self.changes.publish(None)
        return taken

    def give_back(self) -> None:
        super().give_back()
        self.changes.publish(None)


def computer_tasks() -> list[str]:
    """The computer opponent's tasks in this process now (its jobs and its watch for them), by
    the names asyncio lists them by."""
    names = (task.get_name() for task in asyncio.all_tasks())
    return [name for name in names if name.startswith("computer")]


def slow(kind: SomeKind, record: str, level: str, seed: str, seconds: float) -> str:
    """Use the whole time (as a real search on a big board does), then answer."""
    time.sleep(seconds)
    return think(kind, record, level, seed, 0.0)


def hangs(kind: SomeKind, record: str, level: str, seed: str, seconds: float) -> str:
    """Never answer in time (a search that ignores its clock)."""
    time.sleep(seconds + 60)
    return think(kind, record, level, seed, 0.0)


def says_then_hangs(kind: SomeKind, record: str, level: str, seed: str, seconds: float) -> str:
    """Say that the job runs (``thinking <pid>`` on stdout), then never answer in time."""
    print("thinking", os.getpid(), flush=True)
    return hangs(kind, record, level, seed, seconds)


def dies(kind: SomeKind, record: str, level: str, seed: str, seconds: float) -> str:
    """The worker process dies (as if killed by the out-of-memory killer)."""
    os._exit(3)


def wrong(kind: SomeKind, record: str, level: str, seed: str, seconds: float) -> str:
    """A move that is never legal: a field off every board."""
    return "z99 z98" if kind.key == "ponte" else "red-cross z9"


def swaps(kind: SomeKind, record: str, level: str, seed: str, seconds: float) -> str:
    """Take the pie rule (P4) whenever it may: as Ponte's second player, at its first turn."""
    if kind.key == "ponte" and len(json.loads(record)["moves"]) == 1:
        return "swap"
    return think(kind, record, level, seed, seconds)


CUT_AFTER = 3
"""The turn after which `review_until_cut` fails and from which `review_after_cut` works."""


def review_until_cut(
    kind: SomeKind, record: str, turn: int, seed: str, seconds: float
) -> TurnReview:
    """Reviews turns 1 to `CUT_AFTER` and fails at every later one: a bot that stops there."""
    if turn > CUT_AFTER:
        raise RuntimeError(f"turn {turn}: cut here")
    return review_turn(kind, record, turn, seed, seconds)


def review_after_cut(
    kind: SomeKind, record: str, turn: int, seed: str, seconds: float
) -> TurnReview:
    """Fails at turns 1 to `CUT_AFTER`: a bot that resumes must never review them again."""
    if turn <= CUT_AFTER:
        raise RuntimeError(f"turn {turn} was reviewed before the restart")
    return review_turn(kind, record, turn, seed, seconds)


def review_slowly(kind: SomeKind, record: str, turn: int, seed: str, seconds: float) -> TurnReview:
    """A review that takes ten minutes (for a test, never): one a computer move must not wait
    for."""
    time.sleep(SLOWLY)
    return review_turn(kind, record, turn, seed, seconds)


def review_fails(kind: SomeKind, record: str, turn: int, seed: str, seconds: float) -> TurnReview:
    """Fails at every turn: a record the reviewer refuses, every time it is tried."""
    raise RuntimeError(f"turn {turn}: this record cannot be reviewed")


def review_dies(kind: SomeKind, record: str, turn: int, seed: str, seconds: float) -> TurnReview:
    """The review's process dies (as if killed by the out-of-memory killer)."""
    os._exit(3)


def find_slowly(kind: SomeKind, record: str, seed: str, reviews: object) -> list[object]:
    """A scan for puzzles that takes ten minutes (for a test, never): one no move nor analysis
    must wait for."""
    time.sleep(SLOWLY)
    return []


def find_fails(kind: SomeKind, record: str, seed: str, reviews: object) -> list[object]:
    """Fails for every game: a record the finder refuses, every time it is tried."""
    raise RuntimeError("this record cannot be scanned")


def niceness() -> int:
    """The niceness of the process it runs in (for a check of `lowly`)."""
    return os.nice(0)


def judge_in_turn(kind: SomeKind, position: str, events: object, answer: str, seed: str) -> float:
    """A judge that notes in the file named by `seed` when it starts and ends (0.3 s apart):
    the notes show whether two judged at once."""
    with open(seed, "a", encoding="utf-8") as notes:
        notes.write("start\n")
    time.sleep(0.3)
    with open(seed, "a", encoding="utf-8") as notes:
        notes.write("end\n")
    return 0.5
