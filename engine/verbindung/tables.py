"""Lookup tables derived once from `layout`, so that the rule checks are plain index arithmetic.

A path runs through the *points* where it crosses a field's edge: the middle of the border between
two adjacent fields, or of a field's outer edge. Two segments join exactly when they reach the same
point, and a base joins the point of the edge it faces, so every network question is a
union-find over these points.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.coords import Field
from engine.verbindung.layout import (
    BASES,
    FACE_ORIENTATIONS,
    FACE_SEGMENTS,
    FIELDS,
    SIZE,
    Colour,
    Face,
    Orientation,
    Player,
    Side,
)

# Vertical borders: SIZE + 1 columns of them, SIZE high; horizontal ones after them.
_VERTICAL = (SIZE + 1) * SIZE
POINTS = _VERTICAL + SIZE * (SIZE + 1)


def _field_points(index: int) -> tuple[int, int, int, int]:
    col, row = divmod(index, SIZE)
    west = col * SIZE + row
    south = _VERTICAL + col * (SIZE + 1) + row
    return (south + 1, west + SIZE, south, west)


FIELD_POINTS: tuple[tuple[int, int, int, int], ...] = tuple(_field_points(i) for i in range(FIELDS))
"""For each field index, the point of its N, E, S and W edge."""


def _neighbour(index: int, side: Side) -> int:
    col, row = divmod(index, SIZE)
    d_col, d_row = {Side.N: (0, 1), Side.E: (1, 0), Side.S: (0, -1), Side.W: (-1, 0)}[side]
    other = Field(col + d_col, row + d_row)
    return other.index(SIZE) if other.on_board(SIZE) else -1


NEIGHBOURS: tuple[tuple[int, int, int, int], ...] = tuple(
    (
        _neighbour(i, Side.N),
        _neighbour(i, Side.E),
        _neighbour(i, Side.S),
        _neighbour(i, Side.W),
    )
    for i in range(FIELDS)
)
"""For each field index, the index of the field beyond each side, or -1 off the area."""

BASE_POINTS: dict[Player, tuple[int, ...]] = {
    player: tuple(FIELD_POINTS[b.field.index(SIZE)][b.side] for b in bases)
    for player, bases in BASES.items()
}
"""The point each base joins, in the order of `layout.BASES`."""


def _own_base_sides() -> dict[Player, tuple[tuple[int, ...], ...]]:
    table: dict[Player, list[list[int]]] = {p: [[] for _ in range(FIELDS)] for p in Player}
    for player, bases in BASES.items():
        for base in bases:
            table[player][base.field.index(SIZE)].append(base.side)
    return {p: tuple(tuple(sides) for sides in rows) for p, rows in table.items()}


OWN_BASE_SIDES = _own_base_sides()
"""For each player and field index, the sides of that field that face one of the player's bases."""


def matches(a: Colour, b: Colour) -> bool:
    """V7: two sides match when they have the same colour or either of them is white."""
    return a is b or a is Colour.WHITE or b is Colour.WHITE


# eq=False: there is one Tile per (face, orientation), so identity is equality and hashing works
# although `joins` is a dict.
@dataclass(frozen=True, slots=True, eq=False)
class Tile:
    """A face turned into one orientation: what a placed die shows in top view."""

    face: Face
    orientation: Orientation | None
    segments: tuple[tuple[Colour, tuple[Side, ...]], ...]
    edge_colours: tuple[Colour, Colour, Colour, Colour]
    joins: dict[Player, tuple[tuple[Side, ...], ...]]

    def __str__(self) -> str:
        return self.face if self.orientation is None else f"{self.face} {self.orientation}"


def _make_tile(face: Face, orientation: Orientation | None, turns: int) -> Tile:
    segments = tuple(
        (colour, tuple(sorted(Side((s + turns) % 4) for s in sides)))
        for colour, sides in FACE_SEGMENTS[face]
    )
    edge: dict[Side, Colour] = {}
    for colour, sides in segments:
        for side in sides:
            edge[side] = colour
    joins = {
        p: tuple(sides for colour, sides in segments if colour in (p.colour, Colour.WHITE))
        for p in Player
    }
    colours = (edge[Side.N], edge[Side.E], edge[Side.S], edge[Side.W])
    return Tile(face, orientation, segments, colours, joins)


TILES: dict[tuple[Face, Orientation | None], Tile] = {
    (face, orientation): _make_tile(face, orientation, turns)
    for face, options in FACE_ORIENTATIONS.items()
    for orientation, turns in options.items()
}
"""Every (face, orientation) a die can show, with its segments turned into place."""

WHITE_TILE = TILES[(Face.WHITE_CROSS, None)]

ALL_SIDES: tuple[tuple[Side, ...], ...] = ((Side.N, Side.E, Side.S, Side.W),)
"""V9: an empty field is a junction joining all four of its edges."""
