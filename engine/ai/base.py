"""What every computer player shares: the levels, the injected randomness, the time check, and
the logistic by which each game's fitted model turns its features into a chance of winning.

The engine has no randomness or clock of its own (DESIGN.md): the caller passes a seeded generator
(`random.Random(seed)` satisfies `Rng`) and, when thinking time is limited, a `stop` callable that
says when the time is up. Without `stop` a search runs its full, level-given effort, so the same
seed always gives the same move; with it, the move is the same unless the time runs out first.
"""

from __future__ import annotations

import enum
import math
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


def chance_of(weights: tuple[float, ...], values: tuple[float, ...]) -> float:
    """A logistic model's chance for the feature `values` under `weights` (the intercept first)."""
    score = weights[0] + sum(w * x for w, x in zip(weights[1:], values, strict=True))
    score = max(-30.0, min(30.0, score))  # math.exp overflows far beyond any real lead
    return 1.0 / (1.0 + math.exp(-score))
