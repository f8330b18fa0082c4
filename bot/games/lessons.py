"""Lessons as data (issue 48): what a game teaches a newcomer, step by step, on positions the
engine replays, each with an answer the engine checks.

A `Lesson` is a game's own (its kind's `lesson()`), in its package: a third game adds its own
module and nothing else changes. A `Step` is a position (the moves the engine replays from a new
game of the lesson's variant, checked as any record is), a goal (a predicate over the position
before and after the learner's move: the rules have already accepted the move), and the moves the
answer box offers to pick (right and wrong ones, so that a learner on a phone sees the rules at
work). Its words are catalogue keys from the game's key and the step's (`lesson.<game>.<step>.
title`, `.explain`, `.task`, `.right`, `.hint`), in the game's own texts, in every language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic

from bot.games.kind import G

Goal = Callable[[G, G], bool]
"""Whether the learner did what the step asks: the position before the move, and after it (a
private copy each). Called only for a move the rules allow."""

PARTS = ("title", "explain", "task", "right", "hint")
"""The words of every step, each a catalogue key under the step's."""


@dataclass(frozen=True, slots=True)
class Step(Generic[G]):
    """One step of a lesson: a position, what it teaches, what to play on it."""

    key: str  # the step's name in the catalogue (``island``)
    moves: tuple[str, ...]  # the record of its position, from a new game of the variant
    goal: Goal[G]
    offered: tuple[str, ...] = ()  # moves to pick from in the answer box, right and wrong


@dataclass(frozen=True, slots=True)
class Lesson(Generic[G]):
    """A game's lesson: its steps in order, on the game's `variant` (the smallest board the rules
    allow, so that the pictures stay small)."""

    game: type[G]
    variant: str
    steps: tuple[Step[G], ...]

    @property
    def key(self) -> str:
        """The game's key (``ponte``)."""
        return self.game.KEY

    def text_key(self, step: int, part: str) -> str:
        """The catalogue key of a step's `part` (one of `PARTS`)."""
        return f"lesson.{self.key}.{self.steps[step].key}.{part}"

    def position(self, step: int) -> G:
        """A new game at step `step`'s position (replayed, every move checked: a lesson whose
        record the rules refuse raises the engine's error). Raises `IndexError` for a step the
        lesson does not have."""
        return self.game.from_moves(self.variant, self.steps[step].moves)
