"""Searches for the computer that misbehave on purpose, for tests of the bot's side of it.

The bot runs its search in worker processes, which receive the function by name: these must be
module-level functions of a module every process can import (`testing` is, from the repository).
"""

from __future__ import annotations

import json
import os
import time

from bot.thinking import think


def slow(game_kind: str, record: str, level: str, seed: str, seconds: float) -> str:
    """Use the whole time (as a real search on a big board does), then answer."""
    time.sleep(seconds)
    return think(game_kind, record, level, seed, 0.0)


def hangs(game_kind: str, record: str, level: str, seed: str, seconds: float) -> str:
    """Never answer in time (a search that ignores its clock)."""
    time.sleep(seconds + 60)
    return think(game_kind, record, level, seed, 0.0)


def dies(game_kind: str, record: str, level: str, seed: str, seconds: float) -> str:
    """The worker process dies (as if killed by the out-of-memory killer)."""
    os._exit(3)


def wrong(game_kind: str, record: str, level: str, seed: str, seconds: float) -> str:
    """A move that is never legal: a field off every board."""
    return "z99 z98" if game_kind == "ponte" else "red-cross z9"


def swaps(game_kind: str, record: str, level: str, seed: str, seconds: float) -> str:
    """Take the pie rule (P4) whenever it may: as Ponte's second player, at its first turn."""
    if game_kind == "ponte" and len(json.loads(record)["moves"]) == 1:
        return "swap"
    return think(game_kind, record, level, seed, seconds)
