"""The pie rule (P4) from both sides.

The first player's two stones should be worth about as much as the move the second player gets in
return, or the second player simply takes them. Two stones side by side are half an island
already, and the centre leaves room in every direction; two stones apart, that do not work
together, are the modest start that the computer would not take over itself. So the computer
opens with two separate stones near the centre, and as the second player it swaps exactly when
the first player's stones form a pair off the edge.
"""

from __future__ import annotations

from engine.ai.base import Rng
from engine.coords import Field
from engine.ponte import Colour, Place, PonteGame

SEPARATION = 3  # the least distance (in columns or rows) between the two opening stones


def _central(size: int) -> list[Field]:
    low, high = size // 4, size - size // 4
    return [Field(col, row) for col in range(low, high) for row in range(low, high)]


def first_turn(game: PonteGame, rng: Rng) -> Place:
    """Two white stones near the centre, at least `SEPARATION` apart."""
    fields = _central(game.variant.size)
    first = rng.choice(fields)
    apart = [f for f in fields if max(abs(f.col - first.col), abs(f.row - first.row)) >= SEPARATION]
    return Place(first, rng.choice(apart))


def _on_edge(field: Field, size: int) -> bool:
    return field.col in (0, size - 1) or field.row in (0, size - 1)


def wants_swap(game: PonteGame) -> bool:
    """Whether the second player should take over the first player's stones (P4)."""
    board = game.board
    stones = [board.field(i) for i, cell in enumerate(board.cells) if cell is Colour.WHITE]
    if len(stones) != 2:
        return False
    first, second = stones
    side_by_side = abs(first.col - second.col) + abs(first.row - second.row) == 1
    return side_by_side and not any(_on_edge(f, board.size) for f in stones)
