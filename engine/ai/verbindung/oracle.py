"""One player's distance on one board, and after one more die there, mostly without searching.

Measuring a die by a new Steiner search costs about a tenth of a millisecond, and the search
asks that for thousands of dice. The Dreyfus-Wagner tables of the board answer most of them:

- A die on a field that no lightest tree holds changes nothing (a tree through the new die maps
  to one through the empty field that costs one more, and the old lightest trees stay).
- A die that joins all four edges for the player on a field some lightest tree holds saves
  exactly that die.
- A die that joins two edges saves that die exactly when the trees on its two sides, over some
  split of the bases, weigh one less than the lightest tree; otherwise it changes nothing, unless
  the field lies on every lightest tree (then blocking it costs a search, once per field).
- A die that cuts the player off (V9) leaves him the graph with exchanges (V10) plus its own
  segments, where a die never lengthens the way: the same rules on that graph's tables.

Only exchanges and dice on fields every lightest tree holds are searched in full.
"""

from __future__ import annotations

from engine.ai.verbindung.network import INF, SHAPES, Graph, Shape, cut_distance
from engine.verbindung.layout import BASES, FIELDS, SIZE, Face, Player
from engine.verbindung.tables import TILES, Tile

# For each player, a die that joins nothing for him: the other player's cross.
_WALLS = {
    Player.RED: TILES[(Face.BLACK_CROSS, None)],
    Player.BLACK: TILES[(Face.RED_CROSS, None)],
}

_SPLITS = tuple(range(1, 15))
"""The proper subsets of the four bases as bit masks; the other side holds the rest."""


class Oracle:
    """The distance of `player` on `tiles`, and after one more die, remembered."""

    __slots__ = (
        "_bases",
        "_cache",
        "_exchange_oracle",
        "_fitting",
        "_graph",
        "_swaps",
        "_tables",
        "exchange",
        "opt",
        "player",
        "relevant",
        "tiles",
    )

    def __init__(self, tiles: list[Tile | None], player: Player, exchange: bool = False) -> None:
        """Measure `player` on `tiles` (which must not change while the oracle is used); with
        `exchange`, as if he were cut off (V10)."""
        self.tiles = tiles
        self.player = player
        graph = Graph(tiles, player, exchange)
        tables = graph.tables()
        self.exchange = exchange or tables is None
        if tables is None:
            graph = Graph(tiles, player, exchange=True)
            tables = graph.tables()
            assert tables is not None  # with exchanges every base has a node
        through = graph.through(tables)
        self.opt = min(*through, INF)
        self.relevant = frozenset(i for i in range(FIELDS) if through[i] == self.opt)
        self._graph = graph
        self._tables = tables
        self._bases = {b.field.index(SIZE): (n, b.side) for n, b in enumerate(BASES[player])}
        self._fitting: dict[tuple[int, int, int], bool] = {}
        self._cache: dict[tuple[int, Shape], tuple[int, bool]] = {}
        self._swaps: dict[tuple[int, Shape], tuple[int, bool]] = {}
        self._exchange_oracle: Oracle | None = None

    def after(self, index: int, tile: Tile) -> int:
        """The distance once `tile` lies on field `index` (placed or exchanged there)."""
        return self.state_after(index, tile)[0]

    def state_after(self, index: int, tile: Tile) -> tuple[int, bool]:
        """The distance once `tile` lies on field `index` (placed or exchanged there), and
        whether the player is then cut off (V9)."""
        shape = SHAPES[(tile, self.player)]
        if self.tiles[index] is not None:
            return self._exchanged(index, shape, tile)
        if index not in self.relevant:
            return self.opt, self.exchange
        if shape and len(shape[0]) == 4:
            return self.opt - 1, self.exchange
        base = self._bases.get(index)
        if base is not None:
            if shape and base[1] in shape[0] and self._fits_base(index, shape[0], *base):
                return self.opt - 1, self.exchange
        elif shape and self._fits(index, shape[0]):
            return self.opt - 1, self.exchange
        if self.exchange:
            # The field stays a node an exchange can open (weight 1, all four edges): a die
            # never lengthens the way of a cut-off player.
            return self.opt, True
        if base is None:
            walled = self._placed(index, (), _WALLS[self.player])
            if not shape or (walled[0] == self.opt and not walled[1]):
                return walled
        # On a field every lightest tree holds, or one whose blocking cuts the player off (and
        # so lets him exchange), the die is searched.
        return self._placed(index, shape, tile)

    def helps(self, index: int, tile: Tile) -> bool:
        """Whether `tile` placed on empty field `index` shortens the player's way (cheap)."""
        shape = SHAPES[(tile, self.player)]
        if index not in self.relevant or not shape:
            return False
        if len(shape[0]) == 4:
            return True
        base = self._bases.get(index)
        if base is not None:
            return base[1] in shape[0] and self._fits_base(index, shape[0], *base)
        return self._fits(index, shape[0])

    def _placed(self, index: int, shape: Shape, tile: Tile) -> tuple[int, bool]:
        """The distance after placing `tile` on empty `index`, and whether it cuts the player
        off; searched once per shape. A cut-off player's distance comes from the tables of
        this board with exchanges (`_cut`): placing only adds segments to that graph."""
        key = (index, shape)
        found = self._cache.get(key)
        if found is None:
            cost = Graph(_with(self.tiles, index, tile), self.player).steiner()
            cut = cost >= INF
            if cut:
                cost = self._cut().after(index, tile)
            found = self._cache[key] = (cost, cut)
        return found

    def _exchanged(self, index: int, shape: Shape, tile: Tile) -> tuple[int, bool]:
        """The distance after an exchange on `index` and whether the player is still cut off
        (searched in full, remembered)."""
        key = (index, shape)
        found = self._swaps.get(key)
        if found is None:
            found = self._swaps[key] = cut_distance(_with(self.tiles, index, tile), self.player)
        return found

    def _cut(self) -> Oracle:
        if self._exchange_oracle is None:
            self._exchange_oracle = Oracle(self.tiles, self.player, exchange=True)
        return self._exchange_oracle

    def _cost(self, mask: int, nodes: list[int]) -> int:
        table = self._tables[mask]
        return min((table[n] for n in nodes), default=INF)

    def _fits(self, index: int, sides: tuple[int, ...]) -> bool:
        """Whether a segment joining `sides` (two edges) on `index` lies on a lightest tree."""
        key = (index, sides[0], sides[1])
        found = self._fitting.get(key)
        if found is None:
            first = self._graph.across(index, sides[0])
            second = self._graph.across(index, sides[1])
            cost = min(self._cost(m, first) + self._cost(15 ^ m, second) for m in _SPLITS)
            found = self._fitting[key] = cost + 1 == self.opt
        return found

    def _fits_base(self, index: int, sides: tuple[int, ...], base: int, base_side: int) -> bool:
        """`_fits` on the field before base number `base`, the segment reaching its edge."""
        (other,) = [s for s in sides if s != base_side]
        rest = 15 ^ (1 << base)
        return self._cost(rest, self._graph.across(index, other)) + 1 == self.opt


def _with(tiles: list[Tile | None], index: int, tile: Tile) -> list[Tile | None]:
    """A copy of `tiles` with `tile` on field `index`."""
    result = list(tiles)
    result[index] = tile
    return result
