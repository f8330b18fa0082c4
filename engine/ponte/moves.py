"""Ponte del Diavolo moves and their canonical notation (docs/rules.md, P5).

Canonical forms: ``c3 d5`` (two stones, smaller field first), ``c3-e4`` (a bridge, smaller field
first), ``pass``, ``swap`` and ``resign white`` / ``resign red``. Fields order by column, then row.
Input is case-insensitive, tolerates extra spaces, a comma between two stones, spaces around the
bridge's dash and the dashes phone keyboards substitute for it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.coords import Field
from engine.errors import InvalidMoveError
from engine.ponte.variants import Colour


def _ordered(first: Field, second: Field) -> tuple[Field, Field]:
    return (first, second) if first <= second else (second, first)


@dataclass(frozen=True, slots=True)
class Place:
    """Two stones of the mover's colour (P5); the fields are kept in canonical order."""

    first: Field
    second: Field

    def __post_init__(self) -> None:
        first, second = _ordered(self.first, self.second)
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "second", second)

    def __str__(self) -> str:
        return f"{self.first} {self.second}"


@dataclass(frozen=True, slots=True)
class Bridge:
    """A bridge between two stones (P11); also how the board stores a built bridge."""

    first: Field
    second: Field

    def __post_init__(self) -> None:
        first, second = _ordered(self.first, self.second)
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "second", second)

    def __str__(self) -> str:
        return f"{self.first}-{self.second}"

    @property
    def offset(self) -> tuple[int, int]:
        """Column and row distance from the first end to the second."""
        return (self.second.col - self.first.col, self.second.row - self.first.row)


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn; legal only when two stones cannot be placed (P6)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Swap:
    """The pie rule (P4): take over white and its two stones."""

    def __str__(self) -> str:
        return "swap"


@dataclass(frozen=True, slots=True)
class Resign:
    """`colour` gives up (P18); possible at any time, on either player's turn."""

    colour: Colour

    def __str__(self) -> str:
        return f"resign {self.colour}"


Move = Place | Bridge | Pass | Swap | Resign

_FIELD = r"([a-z][0-9]{1,2})"
_PLACE_RE = re.compile(rf"{_FIELD}\s*(?:,\s*|\s+){_FIELD}")
_BRIDGE_RE = re.compile(rf"{_FIELD}\s*-\s*{_FIELD}")
# Phones turn "-" into en or em dashes, or a minus sign; all mean the bridge's dash.
_DASHES = str.maketrans({"\u2010": "-", "\u2011": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-"})
_WORDS: dict[str, Move] = {"pass": Pass(), "swap": Swap()}
_EXAMPLES = "two stones 'c3 d5', a bridge 'c3-e4', 'pass', 'swap' or 'resign'"


def parse_move(text: str, mover: Colour | None = None) -> Move:
    """Parse a move in any accepted spelling; raise `InvalidMoveError` if it is none.

    A bare ``resign`` means `mover` resigns; without a mover it must name its colour.
    """
    cleaned = " ".join(text.translate(_DASHES).lower().split())
    if cleaned in _WORDS:
        return _WORDS[cleaned]
    if cleaned.startswith("resign"):
        return _parse_resign(cleaned.removeprefix("resign").strip(), mover)
    if match := _BRIDGE_RE.fullmatch(cleaned):
        return Bridge(Field.parse(match.group(1)), Field.parse(match.group(2)))
    if match := _PLACE_RE.fullmatch(cleaned):
        return Place(Field.parse(match.group(1)), Field.parse(match.group(2)))
    if Field.is_notation(cleaned):
        message = f"{cleaned!r} is a single stone; a turn places two ({_EXAMPLES})"
        raise InvalidMoveError(message, reason="single_stone", fields=(Field.parse(cleaned),))
    shown = cleaned if len(cleaned) <= 40 else cleaned[:37] + "..."
    message = f"{shown!r} is not a move; write {_EXAMPLES}"
    raise InvalidMoveError(message, reason="not_a_move", params={"text": shown})


def _parse_resign(rest: str, mover: Colour | None) -> Resign:
    if rest in ("white", "red"):
        return Resign(Colour(rest))
    if not rest and mover is not None:
        return Resign(mover)
    raise InvalidMoveError("write 'resign white' or 'resign red'", reason="resign_colour")
