"""Board coordinates shared by both games: columns are letters from ``a``, rows numbers from 1."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import InvalidMoveError

# Both games use at most 12 columns; the parser accepts the whole alphabet so that an off-board
# field is reported as off the board (a rule) rather than as a typing mistake.
_FIELD_RE = re.compile(r"([a-z])([0-9]{1,2})")


def _match(text: str) -> tuple[int, int] | None:
    match = _FIELD_RE.fullmatch(text.strip().lower())
    if match is None or int(match.group(2)) == 0:
        return None
    return ord(match.group(1)) - ord("a"), int(match.group(2)) - 1


@dataclass(frozen=True, order=True, slots=True)
class Field:
    """A field by 0-based column and row; orders by column, then row (``a1 < a2 < b1``)."""

    col: int
    row: int

    def __str__(self) -> str:
        return f"{chr(ord('a') + self.col)}{self.row + 1}"

    def __repr__(self) -> str:
        return f"Field.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Field:
        """Parse ``c3`` (any case, surrounding spaces ignored); raise `InvalidMoveError`."""
        found = _match(text)
        if found is None:
            shown = text.strip()[:20]
            message = f"{shown!r} is not a field (a column letter and a row, e.g. c3)"
            raise InvalidMoveError(message, reason="not_a_field", params={"text": shown})
        return cls(*found)

    @staticmethod
    def is_notation(text: str) -> bool:
        """Whether `text` is a field in notation, on any board."""
        return _match(text) is not None

    def on_board(self, size: int) -> bool:
        """Whether the field lies on a square board of `size` columns and rows."""
        return 0 <= self.col < size and 0 <= self.row < size

    def index(self, size: int) -> int:
        """Position in a column-major list, so that index order is canonical field order."""
        return self.col * size + self.row

    @classmethod
    def from_index(cls, index: int, size: int) -> Field:
        """The field at `index` of a column-major list on a board of `size`."""
        return cls(*divmod(index, size))
