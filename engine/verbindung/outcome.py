"""How a game of Verbindung gesucht ended, as data (V11, V12)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.verbindung.layout import Player


class Termination(StrEnum):
    """Why the game ended."""

    CONNECTED = "connected"
    """V11: the mover's placement joined all four of the mover's bases."""
    HANDED = "handed"
    """V11: the mover's placement joined only the opponent's four bases, so the opponent won."""
    FULL_BOARD = "full-board"
    """V12: every field holds a die (the supply is empty): a draw."""
    RESIGNATION = "resignation"
    """V12: a player resigned."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: the winner (None for a draw), why, and the rule id that decided it."""

    winner: Player | None
    termination: Termination
    rule: str

    @property
    def result(self) -> str:
        """``"red"``, ``"black"`` or ``"draw"``, as a match score needs it (V13)."""
        return "draw" if self.winner is None else str(self.winner)
