"""How far a player is from joining their four bases: a Steiner-tree distance over the potential
network of V9.

The graph has one node per empty field (weight 1: one die must go there) and one per connected
group of the player's placed segments (weight 0: the path is already there). An empty field is
adjacent to the empty fields beside it and to the groups that reach its edges; a placed die whose
edge shows no segment of the player is a dead end there. The lightest tree holding the four bases
is then the number of dice the player still needs, at the least (V11 is won at distance 0).

With four terminals every tree splits them into two pairs joined by a path, so the exact
node-weighted Steiner tree takes one search per base and one per pairing (Dreyfus-Wagner cut down
to four terminals); the full Dreyfus-Wagner tables also tell which fields some lightest tree holds.

A cut-off player (V9) may exchange dice for white crosses (V10), so in that case every placed field
also becomes a node of weight 1.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.verbindung.layout import BASES, FIELDS, SIZE, Player
from engine.verbindung.tables import FIELD_POINTS, NEIGHBOURS, POINTS, TILES, Tile

INF = 1000
"""A distance no real network reaches: the player is cut off (and cannot exchange)."""

Tiles = Sequence[Tile | None]
Shape = tuple[tuple[int, ...], ...]


def _shape(tile: Tile, player: Player) -> Shape:
    # A one-edge stub leads nowhere and cannot even join a base to anything (V9): to the
    # distance it is the same as no segment at all.
    return tuple(sides for sides in tile.joins[player] if len(sides) > 1)


SHAPES: dict[tuple[Tile, Player], Shape] = {
    (tile, player): _shape(tile, player) for tile in TILES.values() for player in Player
}
"""What a die means to a player's distance: its segments of his colour or white that join two
edges or more."""

_BASE_SPOTS: dict[Player, tuple[tuple[int, int], ...]] = {
    p: tuple((b.field.index(SIZE), b.side) for b in bases) for p, bases in BASES.items()
}

# Per field: (point, neighbour field or -1) for each side.
_SIDES = tuple(tuple(zip(FIELD_POINTS[i], NEIGHBOURS[i], strict=True)) for i in range(FIELDS))

# The three ways to split four bases into two pairs.
_PAIRINGS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2))


def _trio_splits(alone: int) -> tuple[tuple[int, tuple[int, int]], ...]:
    """The three ways to split the bases other than `alone` into one and a pair."""
    others = [i for i in range(4) if i != alone]
    return tuple((a, (b, c)) for a in others for b, c in [[o for o in others if o != a]])


# For each base, the three ways to split the other three into one and a pair.
_TRIOS = tuple((i, _trio_splits(i)) for i in range(4))


class Graph:
    """The graph of one player's potential network (see the module docstring).

    Nodes below `FIELDS` are fields (weight 1), the others groups of placed segments (weight 0).
    """

    __slots__ = ("adj", "exchange", "groups", "size", "terminals", "tiles")

    def __init__(self, tiles: Tiles, player: Player, exchange: bool = False) -> None:
        """Build the graph of `player` on `tiles`; with `exchange`, placed fields are nodes too."""
        node = _group_nodes(tiles, player)
        self.tiles = tiles
        self.exchange = exchange
        self.groups = node
        self.size = max(node.values(), default=FIELDS - 1) + 1
        adj: list[list[int]] = [[] for _ in range(self.size)]
        for index in range(FIELDS):
            if tiles[index] is not None and not exchange:
                continue
            links = adj[index]
            for point, other in _SIDES[index]:
                group = node.get(point)
                if group is not None:
                    links.append(group)
                    adj[group].append(index)
                if other >= 0 and (exchange or tiles[other] is None):
                    links.append(other)
        self.adj = adj
        self.terminals = [_terminal(tiles, node, spot, exchange) for spot in _BASE_SPOTS[player]]

    def across(self, index: int, side: int) -> list[int]:
        """The nodes a path leaves field `index` for through its edge `side`."""
        nodes = []
        group = self.groups.get(FIELD_POINTS[index][side])
        if group is not None:
            nodes.append(group)
        other = NEIGHBOURS[index][side]
        if other >= 0 and (self.exchange or self.tiles[other] is None):
            nodes.append(other)
        return nodes

    def base_distances(self) -> list[list[int]] | None:
        """Per base, the cost of the lightest path from it to every node (a node's cost counts
        its own weight); None if a base cannot reach the others."""
        result = []
        for terminal in self.terminals:
            if terminal < 0:
                return None
            seeds = [INF] * self.size
            seeds[terminal] = 1 if terminal < FIELDS else 0
            result.append(_search(self.adj, seeds))
        first = result[0]
        if any(first[t] >= INF for t in self.terminals):
            return None
        return result

    def steiner(self) -> int:
        """The weight of the lightest tree holding the four bases (INF when one is cut off)."""
        dist = self.base_distances()
        if dist is None:
            return INF
        best = INF
        for i, j, k, m in _PAIRINGS:
            joined = _search(self.adj, _merge(dist[i], dist[j]))
            # The pair's tree meets the paths to the other two bases at one node.
            cost = min(_merge(_merge(joined, dist[k]), dist[m]))
            best = min(best, cost)
        return best

    def tables(self) -> list[list[int]] | None:
        """Dreyfus-Wagner: for every proper subset of the bases (a bit mask 1..14), per node,
        the lightest tree holding those bases and the node; None if a base is cut off."""
        dist = self.base_distances()
        if dist is None:
            return None
        adj = self.adj
        tables: list[list[int]] = [[]] * 16
        for i in range(4):
            tables[1 << i] = dist[i]
        for i, j, _, _ in (*_PAIRINGS, *((k, m, i, j) for i, j, k, m in _PAIRINGS)):
            tables[(1 << i) | (1 << j)] = _search(adj, _merge(dist[i], dist[j]))
        for alone, splits in _TRIOS:
            seeds = [INF] * self.size
            for a, (b, c) in splits:
                seeds = list(map(min, seeds, _merge(dist[a], tables[(1 << b) | (1 << c)])))
            tables[15 ^ (1 << alone)] = _search(adj, seeds)
        return tables

    def through(self, tables: list[list[int]]) -> list[int]:
        """Per node, the weight of the lightest tree over the four bases that holds it."""
        best = [INF] * self.size
        for mask in range(1, 8):
            best = list(map(min, best, _merge(tables[mask], tables[15 ^ mask])))
        return best


def _merge(a: list[int], b: list[int]) -> list[int]:
    """Per node, the cost of two trees meeting there (its own weight counted once)."""
    return [x + y - 1 for x, y in zip(a[:FIELDS], b[:FIELDS], strict=True)] + [
        x + y for x, y in zip(a[FIELDS:], b[FIELDS:], strict=True)
    ]


def _group_nodes(tiles: Tiles, player: Player) -> dict[int, int]:
    """Per point reached by the player's segments, the node of its group (numbered from FIELDS)."""
    parent = list(range(POINTS))
    touched: list[int] = []
    for index, tile in enumerate(tiles):
        if tile is None:
            continue
        points = FIELD_POINTS[index]
        for sides in SHAPES[(tile, player)]:
            first = _root(parent, points[sides[0]])
            for side in sides:
                point = points[side]
                touched.append(point)
                other = _root(parent, point)
                if other != first:
                    parent[other] = first
    node: dict[int, int] = {}
    ids: dict[int, int] = {}
    for point in touched:
        root = _root(parent, point)
        if root not in ids:
            ids[root] = FIELDS + len(ids)
        node[point] = ids[root]
    return node


def _root(parent: list[int], x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def _terminal(tiles: Tiles, node: dict[int, int], spot: tuple[int, int], exchange: bool) -> int:
    """The node a base starts from: its empty field, or the group its edge joins; -1 if none."""
    index, side = spot
    if tiles[index] is None:
        return index
    group = node.get(FIELD_POINTS[index][side])
    if group is not None:
        return group
    # The die before the base shows no segment of the player there: only an exchange (V10)
    # reopens it.
    return index if exchange else -1


def _search(adj: list[list[int]], seeds: list[int]) -> list[int]:
    """Lightest path costs from seeded nodes (Dial's buckets: costs are small integers).

    Entering a field costs 1, entering a group nothing, so each bucket grows while it is read.
    """
    dist = seeds[:]
    buckets: list[list[int]] = []
    for node, cost in enumerate(seeds):
        if cost < INF:
            while len(buckets) <= cost:
                buckets.append([])
            buckets[cost].append(node)
    cost = 0
    while cost < len(buckets):
        bucket = buckets[cost]
        step = cost + 1
        later: list[int] | None = None
        for node in bucket:  # groups found at this cost are appended and read in this loop
            if dist[node] != cost:
                continue
            for other in adj[node]:
                if other >= FIELDS:
                    if dist[other] > cost:
                        dist[other] = cost
                        bucket.append(other)
                elif dist[other] > step:
                    dist[other] = step
                    if later is None:
                        if len(buckets) == step:
                            buckets.append([])
                        later = buckets[step]
                    later.append(other)
        cost = step
    return dist


def joined(tiles: Tiles, player: Player) -> bool:
    """V11: whether one network of the player's segments joins his four bases (distance 0),
    without a search."""
    node = _group_nodes(tiles, player)
    groups = {node.get(FIELD_POINTS[index][side], -1) for index, side in _BASE_SPOTS[player]}
    return len(groups) == 1 and -1 not in groups


def distance(tiles: Tiles, player: Player) -> int:
    """Dice `player` still needs to join all four bases (0: joined, V11); a cut-off player
    (V9) counts the exchanges (V10) that reopen the way as dice too."""
    return cut_distance(tiles, player)[0]


def cut_distance(tiles: Tiles, player: Player) -> tuple[int, bool]:
    """`distance`, and whether the player is cut off (V9), so that it counts exchanges."""
    cost = Graph(tiles, player).steiner()
    if cost < INF:
        return cost, False
    return Graph(tiles, player, exchange=True).steiner(), True
