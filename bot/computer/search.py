"""How the computer's move for a turn is found: its search in a process of its own
(`ProcessSearch`), or anything else that answers a `ComputerTurn` with a move's text."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from bot.computer.processes import run_in_process
from bot.computer.thinking import think
from bot.games import SomeKind
from bot.service import ComputerTurn

Worker = Callable[[SomeKind, str, str, str, float], str]
"""`think`'s signature: game kind, record, level, seed, seconds -> the move's text. It runs in a
worker process, so it must be a module-level function (pickled by name)."""


class Search(Protocol):
    """Finds the computer's move for a turn."""

    async def move(self, turn: ComputerTurn, seconds: float, *, timeout: float) -> str:
        """The move's text for `turn`, found in about `seconds`; raises what the search
        raised, and `TimeoutError` after `timeout` seconds."""
        ...


@dataclass(frozen=True, slots=True)
class ProcessSearch:
    """`worker` (the computer's search, `think`) in a new process for each move, so the event
    loop never waits for it and a search that hangs or dies takes only itself along."""

    worker: Worker = think

    async def move(self, turn: ComputerTurn, seconds: float, *, timeout: float) -> str:
        """The move's text; raises what the search raised, `TimeoutError` after `timeout`
        seconds (the process is then stopped) and `WorkerDiedError` if the process died."""
        text = await run_in_process(
            self.worker,
            turn.kind,
            turn.record,
            turn.level,
            turn.seed,
            seconds,
            timeout=timeout,
        )
        return str(text)
