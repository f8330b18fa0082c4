"""The computer's thinking as a worker process runs it: plain data in, the move's text out.

Everything here is picklable by name and needs no Discord, database or event loop, so a fresh
worker process starts quickly and never inherits the bot's threads. The game's own computer
player comes from the kind the caller passes: the entry of the registry the bot was given, pickled
by reference to its module (a game registered only by a test plays too; the worker imports it).
"""

from __future__ import annotations

import random
import time

from bot.games import SomeKind
from engine.ai import Level

RESERVE = 0.05
"""Seconds kept back from the budget. A search looks at its clock between steps, so it overruns
the clock by up to one step: 6 ms at the median, 44 ms at the most over 1,701 turns of hard in
12x12 Ponte at 2 s (`bench.ai`). Stopping this much early answers within the budget."""


def think(kind: SomeKind, record: str, level: str, seed: str, seconds: float) -> str:
    """The computer's move in the game `record` (the store's JSON form of a `kind` game),
    at `level`, with its randomness from `seed`, answering within about `seconds` (0: at once
    with the first move it finds). Raises the engine's errors for a finished or broken record.
    """
    # The deadline starts before the replay: a long record's replay counts against the budget.
    deadline = time.monotonic() + max(0.0, seconds - RESERVE)
    game = kind.load(record)
    return kind.choose(
        game, Level(level), random.Random(seed), lambda: time.monotonic() >= deadline
    )
