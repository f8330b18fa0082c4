"""What every computer player shares: the levels, the injected randomness and the time check.

The engine has no randomness or clock of its own (DESIGN.md): the caller passes a seeded generator
(`random.Random(seed)` satisfies `Rng`) and, when thinking time is limited, a `stop` callable that
says when the time is up. Without `stop` a search runs its full, level-given effort, so the same
seed always gives the same move; with it, the move is the same unless the time runs out first.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, MutableSequence, Sequence
from typing import Protocol, TypeVar

_T = TypeVar("_T")

Stop = Callable[[], bool]
"""Asked now and then during a search; True means: answer with the best move found so far."""


class Level(enum.StrEnum):
    """How hard the computer plays."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


class Rng(Protocol):
    """The part of `random.Random` a computer player uses."""

    def random(self) -> float:
        """A float in [0, 1)."""
        ...

    def choice(self, seq: Sequence[_T], /) -> _T:
        """One item of `seq`, uniformly."""
        ...

    def shuffle(self, x: MutableSequence[_T], /) -> None:
        """Shuffle `x` in place."""
        ...


def never() -> bool:
    """The `stop` of a search without a time limit."""
    return False
