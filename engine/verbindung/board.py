"""The dice on the area and every question about paths: attachment (V7), isolation (V9) and the
winning network (V11).

Fields are addressed by column-major index (`Field.index`). All network questions are union-finds
over the edge points of `tables`: a segment joins the points of the edges it reaches.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engine.coords import Field
from engine.verbindung.layout import BASES, FIELDS, SIZE, Base, Colour, Player, Side
from engine.verbindung.tables import (
    ALL_SIDES,
    BASE_POINTS,
    FIELD_POINTS,
    NEIGHBOURS,
    OWN_BASE_SIDES,
    POINTS,
    Tile,
    matches,
)


def _find(parent: list[int], x: int) -> int:
    while parent[x] != x:
        # Path halving keeps the trees flat without recursion.
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def _join(parent: list[int], points: tuple[int, int, int, int], sides: tuple[Side, ...]) -> None:
    root = _find(parent, points[sides[0]])
    for side in sides[1:]:
        other = _find(parent, points[side])
        if other != root:
            parent[other] = root


@dataclass(frozen=True, slots=True)
class SegmentRef:
    """One segment of a placed die: its field, its colour and the edges it reaches."""

    field: Field
    colour: Colour
    sides: tuple[Side, ...]


@dataclass(frozen=True, slots=True)
class Network:
    """A connected set of a player's segments (their colour and white) and the bases it joins."""

    player: Player
    bases: tuple[Base, ...]
    segments: tuple[SegmentRef, ...]

    @property
    def fields(self) -> tuple[Field, ...]:
        """The fields holding at least one segment of this network, in canonical order."""
        return tuple(sorted({s.field for s in self.segments}))


class Board:
    """The 36 fields of the area, each empty (None) or holding a placed die (a `Tile`)."""

    __slots__ = ("_count", "tiles")

    def __init__(self, tiles: Iterable[Tile | None] = ()) -> None:
        """A board holding `tiles` by field index (empty when not given)."""
        self.tiles: list[Tile | None] = list(tiles) or [None] * FIELDS
        self._count = sum(t is not None for t in self.tiles)

    def copy(self) -> Board:
        """An independent copy."""
        board = Board.__new__(Board)
        board.tiles = self.tiles[:]
        board._count = self._count
        return board

    @property
    def count(self) -> int:
        """How many dice lie on the area."""
        return self._count

    @property
    def full(self) -> bool:
        """Whether every field holds a die (V12)."""
        return self._count == FIELDS

    def put(self, index: int, tile: Tile) -> None:
        """Put `tile` on field `index`, replacing any die there (trusted: no rule is checked)."""
        if self.tiles[index] is None:
            self._count += 1
        self.tiles[index] = tile

    def items(self) -> Iterator[tuple[Field, Tile]]:
        """Every placed die with its field, in canonical field order."""
        for index, tile in enumerate(self.tiles):
            if tile is not None:
                yield Field.from_index(index, SIZE), tile

    # V7 ---------------------------------------------------------------------------------------

    def attaches(self, index: int, tile: Tile, player: Player) -> bool:
        """V7: whether `tile` on empty field `index` continues a path for `player`.

        Some edge must face an adjacent die or one of the player's own bases with a matching side.
        """
        colours = tile.edge_colours
        tiles = self.tiles
        for side, neighbour in enumerate(NEIGHBOURS[index]):
            if neighbour >= 0:
                other = tiles[neighbour]
                if other is not None and matches(colours[side], other.edge_colours[side ^ 2]):
                    return True
        return any(matches(colours[s], player.colour) for s in OWN_BASE_SIDES[player][index])

    def frontier(self, player: Player) -> list[int]:
        """Empty fields next to a die or to one of `player`'s bases: where a white cross fits."""
        tiles = self.tiles
        own = OWN_BASE_SIDES[player]
        return [
            i
            for i in range(FIELDS)
            if tiles[i] is None
            and (own[i] or any(n >= 0 and tiles[n] is not None for n in NEIGHBOURS[i]))
        ]

    # V9 / V10 ---------------------------------------------------------------------------------

    def _potential(self, player: Player, swap: int = -1) -> list[int]:
        parent = list(range(POINTS))
        for index, tile in enumerate(self.tiles):
            # An empty field, and the white cross an exchange would put on `swap`, join all edges.
            groups = ALL_SIDES if tile is None or index == swap else tile.joins[player]
            points = FIELD_POINTS[index]
            for sides in groups:
                _join(parent, points, sides)
        return parent

    def potential_groups(self, player: Player, swap: int = -1) -> int:
        """V9/V10: how many separate potential networks hold `player`'s four bases.

        1 means no base is cut off. With `swap`, the die on that field is judged as a white cross.
        """
        parent = self._potential(player, swap)
        return len({_find(parent, p) for p in BASE_POINTS[player]})

    def cut_off(self, player: Player) -> tuple[Base, ...]:
        """V9: the bases of `player` outside the largest potential network (empty when none is)."""
        parent = self._potential(player)
        roots = [_find(parent, p) for p in BASE_POINTS[player]]
        main = max(roots, key=roots.count)
        return tuple(b for b, r in zip(BASES[player], roots, strict=True) if r != main)

    # V11 --------------------------------------------------------------------------------------

    def _real(self, player: Player) -> list[int]:
        parent = list(range(POINTS))
        for index, tile in enumerate(self.tiles):
            if tile is not None:
                points = FIELD_POINTS[index]
                for sides in tile.joins[player]:
                    _join(parent, points, sides)
        return parent

    def _covered(self, player: Player) -> list[bool]:
        """Whether each base faces a segment of the player's colour or white."""
        colour = player.colour
        result = []
        for base in BASES[player]:
            tile = self.tiles[base.field.index(SIZE)]
            result.append(tile is not None and matches(tile.edge_colours[base.side], colour))
        return result

    def connected(self, player: Player) -> bool:
        """V11: whether one network of `player`'s colour and white joins all four bases."""
        if not all(self._covered(player)):
            return False
        parent = self._real(player)
        return len({_find(parent, p) for p in BASE_POINTS[player]}) == 1

    def bases_joined(self, player: Player) -> int:
        """The most of `player`'s bases one network joins (0 when no base faces a usable edge)."""
        covered = self._covered(player)
        if not any(covered):
            return 0
        parent = self._real(player)
        roots = [_find(parent, p) for p, c in zip(BASE_POINTS[player], covered, strict=True) if c]
        return max(roots.count(r) for r in roots)

    def networks(self, player: Player) -> tuple[Network, ...]:
        """Every network of `player` that joins at least one base, for highlighting.

        Ordered as the bases in `layout.BASES`; a network lists its segments in field order.
        """
        parent = self._real(player)
        covered = self._covered(player)
        by_root: dict[int, list[Base]] = {}
        for base, point, ok in zip(BASES[player], BASE_POINTS[player], covered, strict=True):
            if ok:
                by_root.setdefault(_find(parent, point), []).append(base)
        segments: dict[int, list[SegmentRef]] = {root: [] for root in by_root}
        for field, tile in self.items():
            points = FIELD_POINTS[field.index(SIZE)]
            for colour, sides in tile.segments:
                root = _find(parent, points[sides[0]])
                if root in segments and colour in (player.colour, Colour.WHITE):
                    segments[root].append(SegmentRef(field, colour, sides))
        return tuple(
            Network(player, tuple(bases), tuple(segments[root])) for root, bases in by_root.items()
        )
