"""The computer's thinking as a worker process runs it: plain data in, the move's text out.

Everything here is picklable by name and imports only the engine (no Discord, no database, no
event loop), so a fresh worker process starts quickly and never inherits the bot's threads.
"""

from __future__ import annotations

import random
import time

from engine import ponte, verbindung
from engine.ai import Level, choose


def think(game_kind: str, record: str, level: str, seed: str, seconds: float) -> str:
    """The computer's move in the game `record` (the store's JSON form of a `game_kind` game),
    at `level`, with its randomness from `seed`, answering within about `seconds` (0: at once
    with the first move it finds). Raises the engine's errors for a finished or broken record.
    """
    # The deadline starts before the replay: a long record's replay counts against the budget.
    deadline = time.monotonic() + seconds
    game = load(game_kind, record)
    move = choose(game, Level(level), random.Random(seed), lambda: time.monotonic() >= deadline)
    return str(move)


def load(game_kind: str, record: str) -> ponte.PonteGame | verbindung.VerbindungGame:
    """Replay a stored record (as `bot.service.kinds` does, without importing the service and
    its database modules into the worker)."""
    if game_kind == "ponte":
        return ponte.PonteRecord.from_json(record).replay()
    if game_kind == "verbindung":
        return verbindung.load_json(record)
    raise ValueError(f"unknown game kind {game_kind!r}")
