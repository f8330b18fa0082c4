"""The shape both games share (python-chess style): `check` and `push` are the game's own;
`is_legal` and `play` are built from them once, here."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Generic, TypeVar

from engine.errors import IllegalMoveError

MoveT = TypeVar("MoveT")


class RulesGame(ABC, Generic[MoveT]):
    """A game that parses, checks and makes moves of type `MoveT`."""

    @abstractmethod
    def parse_move(self, text: str) -> MoveT:
        """Parse `text` in the game's notation; raise `InvalidMoveError`."""

    @abstractmethod
    def check(self, move: MoveT) -> None:
        """Raise `IllegalMoveError` (with the rule id) unless `move` may be played now."""

    @abstractmethod
    def push(self, move: MoveT) -> None:
        """Make `move` without checking it (the caller has)."""

    def is_legal(self, move: MoveT) -> bool:
        """Whether `move` may be played now."""
        try:
            self.check(move)
        except IllegalMoveError:
            return False
        return True

    def play(self, text: str) -> MoveT:
        """Parse, check and make a move; return it. Raises the typed errors, changing nothing."""
        move = self.parse_move(text)
        self.check(move)
        self.push(move)
        return move
