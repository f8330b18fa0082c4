"""Board geometry of Ponte del Diavolo, computed once per board size.

Fields are indices in column-major order (``Field.index``), so that sorting indices sorts fields
canonically. Bridges are described by their canonical offset from the smaller end (P11).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product

from engine.coords import Field

STRAIGHT = ((2, 0), (0, 2))
DIAGONAL = ((2, 2), (2, -2))
KNIGHT = ((2, 1), (2, -1), (1, 2), (1, -2))
# Every bridge shape (P11) as the offset from its smaller end (by column, then row).
BRIDGE_OFFSETS: tuple[tuple[int, int], ...] = STRAIGHT + DIAGONAL + KNIGHT


def blocked_offsets(dcol: int, drow: int) -> tuple[tuple[int, int], ...]:
    """The fields a bridge of this offset passes over (P12), relative to its first end."""
    if abs(dcol) == 2 and abs(drow) == 1:
        return ((dcol // 2, 0), (dcol // 2, drow))
    if abs(dcol) == 1 and abs(drow) == 2:
        return ((0, drow // 2), (dcol, drow // 2))
    return ((dcol // 2, drow // 2),)


def _turn(p: tuple[int, int], q: tuple[int, int], r: tuple[int, int]) -> int:
    cross = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (cross > 0) - (cross < 0)


def _within(p: tuple[int, int], q: tuple[int, int], r: tuple[int, int]) -> bool:
    return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])


def segments_meet(
    a: tuple[int, int], b: tuple[int, int], c: tuple[int, int], d: tuple[int, int]
) -> bool:
    """Whether the closed segments a-b and c-d share a point (exact integer arithmetic)."""
    turns = (_turn(a, b, c), _turn(a, b, d), _turn(c, d, a), _turn(c, d, b))
    if turns[0] != turns[1] and turns[2] != turns[3] and 0 not in turns:
        return True
    touching = ((turns[0], a, b, c), (turns[1], a, b, d), (turns[2], c, d, a), (turns[3], c, d, b))
    return any(turn == 0 and _within(p, q, r) for turn, p, q, r in touching)


@cache
def crossing_offsets() -> dict[tuple[int, int], frozenset[tuple[int, int]]]:
    """For shapes (i, j): where bridge j's first end may lie, relative to bridge i's, to meet it.

    Bridges are at most two fields long, so two that meet lie within four fields of each other.
    """
    table: dict[tuple[int, int], frozenset[tuple[int, int]]] = {}
    for (i, one), (j, two) in product(enumerate(BRIDGE_OFFSETS), repeat=2):
        table[i, j] = frozenset(
            (dc, dr)
            for dc, dr in product(range(-4, 5), repeat=2)
            if segments_meet((0, 0), one, (dc, dr), (dc + two[0], dr + two[1]))
        )
    return table


@dataclass(frozen=True, slots=True)
class Span:
    """A bridge a stone could carry: the other end, the fields passed over, the shape number."""

    other: int
    blocked: tuple[int, ...]
    shape: int


@dataclass(frozen=True, slots=True)
class Geometry:
    """Neighbour and bridge tables of one square board, indexed by field index."""

    size: int
    orthogonal: tuple[tuple[int, ...], ...]
    diagonal: tuple[tuple[int, ...], ...]
    ring: tuple[tuple[int, ...], ...]  # all eight neighbours
    spans: tuple[tuple[Span, ...], ...]  # bridges whose smaller end is this field

    @property
    def fields(self) -> range:
        """Every field index."""
        return range(self.size * self.size)


@cache
def geometry(size: int) -> Geometry:
    """The tables of a `size` x `size` board (cached)."""
    fields = [Field.from_index(i, size) for i in range(size * size)]

    def around(field: Field, steps: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        found = (Field(field.col + dc, field.row + dr) for dc, dr in steps)
        return tuple(f.index(size) for f in found if f.on_board(size))

    orth_steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
    diag_steps = ((1, 1), (1, -1), (-1, -1), (-1, 1))
    orthogonal = tuple(around(f, orth_steps) for f in fields)
    diagonal = tuple(around(f, diag_steps) for f in fields)
    return Geometry(
        size=size,
        orthogonal=orthogonal,
        diagonal=diagonal,
        ring=tuple(o + d for o, d in zip(orthogonal, diagonal, strict=True)),
        spans=tuple(_spans(f, size) for f in fields),
    )


def _spans(field: Field, size: int) -> tuple[Span, ...]:
    spans = []
    for shape, (dc, dr) in enumerate(BRIDGE_OFFSETS):
        other = Field(field.col + dc, field.row + dr)
        if other.on_board(size):
            blocked = tuple(
                Field(field.col + bc, field.row + br).index(size)
                for bc, br in blocked_offsets(dc, dr)
            )
            spans.append(Span(other.index(size), blocked, shape))
    return tuple(spans)
