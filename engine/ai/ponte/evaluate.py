"""How good a Ponte del Diavolo position is for one colour: points now and points within reach.

The score (P19) rewards islands joined into large components, so the value of a colour counts
what is already scored and what the board still offers: sandbanks that have room to become
islands, and bridges that could still be built between components (two free stones a bridge
apart with no stone under it). The opponent's stones and bridges take those chances away, which is
how the evaluation understands blocking: a stone under an opponent's possible bridge lowers the
opponent's value. A bridge is only as safe as the opponent's chances to cut it: one that passes
over fields where the opponent may not place a stone cannot be cut at all.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from engine.ponte.board import ISLAND, Board
from engine.ponte.geometry import geometry
from engine.ponte.moves import Bridge
from engine.ponte.variants import Colour

# What a sandbank is worth, in islands, when it still has room to grow (by its size).
GROWING = (0.0, 0.12, 0.3, 0.55)
# The shares of the points scored now, of those reachable over bridges the opponent cannot cut
# in one turn (three or more fields under them, taken together, or a bridge over fields where
# the opponent's stones are illegal), and of those reachable over any open bridge. A cuttable
# link is worth less: it must be bridged before the opponent moves there.
SHARES = (0.4, 0.3, 0.3)
SAFE_LINK = 3


Barred = dict[int, bool]
"""Whether the opponent of a colour may not place a stone on an empty field (P7, P8, P12): a
cache that calls may share while only that colour's own stones change, which never restrict the
opponent's (P9); the opponent's stones or bridges change it."""
Reach = tuple[int, tuple[int, ...]]
"""A bridge a stone could carry: the far end and the fields it passes over."""
OpenBridge = tuple[int, int, tuple[int, ...]]
"""A bridge that could be built: both ends and the fields it passes over."""


@cache
def reaches(size: int) -> tuple[tuple[Reach, ...], ...]:
    """For every field, every bridge it could be an end of (the geometry lists one end only)."""
    geo = geometry(size)
    found: list[list[Reach]] = [[] for _ in geo.fields]
    for index in geo.fields:
        for span in geo.spans[index]:
            found[index].append((span.other, span.blocked))
            found[span.other].append((index, span.blocked))
    return tuple(tuple(items) for items in found)


def triangle(islands: float) -> float:
    """P19's k(k+1)/2, for a fractional count of islands too."""
    return islands * (islands + 1) / 2


class _Groups:
    """The groups of one colour with a union-find over them (components joined by bridges)."""

    def __init__(self, board: Board, colour: Colour) -> None:
        cells, orthogonal = board.cells, board.geo.orthogonal
        self.of = [-1] * len(cells)
        self.members: list[list[int]] = []
        for start, owner in enumerate(cells):
            if owner is not colour or self.of[start] >= 0:
                continue
            number = len(self.members)
            members = [start]
            self.of[start] = number
            for current in members:
                for near in orthogonal[current]:
                    if cells[near] is colour and self.of[near] < 0:
                        self.of[near] = number
                        members.append(near)
            self.members.append(members)
        self.parent = list(range(len(self.members)))

    def root(self, group: int) -> int:
        parent = self.parent
        while parent[group] != group:
            parent[group] = parent[parent[group]]
            group = parent[group]
        return group

    def join(self, first: int, second: int) -> bool:
        """Join the components of two stones; False when they were one already."""
        a, b = self.root(self.of[first]), self.root(self.of[second])
        if a == b:
            return False
        self.parent[a] = b
        return True

    def points(self, worth: list[float]) -> float:
        """P19 over the components, each group counting `worth` islands."""
        per_component: dict[int, float] = {}
        for group, value in enumerate(worth):
            if value:
                key = self.root(group)
                per_component[key] = per_component.get(key, 0.0) + value
        return sum(triangle(k) for k in per_component.values())


def scored(board: Board, colour: Colour) -> tuple[_Groups, float]:
    """The groups of `colour` joined by its bridges, and the points they score now (P19)."""
    groups = _Groups(board, colour)
    index = board.index
    for bridge in board.bridges:
        first = index(bridge.first)
        if board.cells[first] is colour:
            groups.join(first, index(bridge.second))
    worth = [1.0 if len(members) == ISLAND else 0.0 for members in groups.members]
    return groups, groups.points(worth)


def _can_grow(board: Board, groups: _Groups, number: int) -> bool:
    """Whether the sandbank `number` can take one more stone of its colour (P7, P8), using the
    group labels instead of the board's checks, which also build their error messages."""
    cells, blocked, of, geo = board.cells, board.blocked, groups.of, board.geo
    members = groups.members[number]
    for stone in members:
        for near in geo.orthogonal[stone]:
            if cells[near] is not None or blocked[near]:
                continue
            joined = {of[n] for n in geo.orthogonal[near] if of[n] >= 0}
            size = 1 + sum(len(groups.members[g]) for g in joined)
            if size > ISLAND:
                continue
            if size == ISLAND:
                island = {near, *(s for g in joined for s in groups.members[g])}
                touching = (n for s in island for n in geo.ring[s])
                if all(of[n] < 0 or n in island for n in touching):
                    return True
            elif all(of[n] < 0 or len(groups.members[of[n]]) < ISLAND for n in geo.diagonal[near]):
                return True
    return False


def open_bridges(board: Board, groups: _Groups, colour: Colour) -> Iterator[OpenBridge]:
    """The bridges `colour` could build now between two of its stones (crossings with built
    bridges aside, unless it passes over a blocked field); `groups` gives the stones."""
    cells, blocked, bridge_end = board.cells, board.blocked, board.bridge_end
    table = reaches(board.size)
    for members in groups.members:
        for stone in members:
            if bridge_end[stone]:
                continue
            for other, under in table[stone]:
                if other < stone or cells[other] is not colour or bridge_end[other]:
                    continue
                if any(cells[u] is not None for u in under):
                    continue
                if any(blocked[u] for u in under) and not _beside(board, colour, stone, other):
                    continue
                yield stone, other, under


def _beside(board: Board, colour: Colour, stone: int, other: int) -> bool:
    """Whether a bridge between `stone` and `other`, passing over a field that a built bridge
    blocks, would neither cross nor touch it: it may pass there (P14), as two parallel
    knight's jumps do. The board's own check: it costs, but only such bridges need it."""
    bridge = Bridge(board.field(stone), board.field(other))
    return board.bridge_problem(bridge, colour) is None


class _Links:
    """For each two components of one colour that a bridge could still join, the fields under
    all such bridges (filling them all cuts the two apart), and which of those pairs are safe:
    the opponent cannot cut them in one turn, because there are `SAFE_LINK` fields or more to
    fill, or because some bridge between them passes only over fields where the opponent's
    stones are illegal (P7, P8). Those stay illegal for good, since the opponent's own stones
    never repair a rule (P10) and ours never restrict theirs (P9)."""

    def __init__(
        self, board: Board, groups: _Groups, colour: Colour, barred: Barred | None = None
    ) -> None:
        self.fields: dict[tuple[int, int], set[int]] = {}
        spans: dict[tuple[int, int], list[tuple[int, ...]]] = {}
        for stone, far, under in open_bridges(board, groups, colour):
            first, second = groups.root(groups.of[stone]), groups.root(groups.of[far])
            if first != second:
                key = (min(first, second), max(first, second))
                self.fields.setdefault(key, set()).update(under)
                spans.setdefault(key, []).append(under)
        # Only a pair with few fields needs the rule check, which is what costs: once a field.
        problem, other = board.stone_problem, colour.other
        known: Barred = {} if barred is None else barred

        def closed(field: int) -> bool:
            if field not in known:
                known[field] = problem(field, other) is not None
            return known[field]

        self.uncuttable = {
            key
            for key, fields in self.fields.items()
            if len(fields) < SAFE_LINK and any(all(map(closed, under)) for under in spans[key])
        }

    def is_safe(self, key: tuple[int, int]) -> bool:
        """Whether the opponent cannot cut the pair in one turn (two stones)."""
        return len(self.fields[key]) >= SAFE_LINK or key in self.uncuttable

    def cuttable(self) -> Iterator[set[int]]:
        """The fields to fill to cut each pair that stones can still cut."""
        for key, fields in self.fields.items():
            if key not in self.uncuttable:
                yield fields

    def threatened(self) -> Iterator[int]:
        """The fields of the pairs that one turn could cut."""
        for key, fields in self.fields.items():
            if not self.is_safe(key):
                yield from fields


def links(board: Board, colour: Colour) -> list[set[int]]:
    """For each two components of `colour` that a bridge could still join and stones can still
    cut apart, the fields the opponent must fill to cut them."""
    groups, _ = scored(board, colour)
    return list(_Links(board, groups, colour).cuttable())


def _worth(board: Board, groups: _Groups) -> list[float]:
    worth = []
    for members in groups.members:
        if len(members) == ISLAND:
            worth.append(1.0)
        else:
            grows = _can_grow(board, groups, len(worth))
            worth.append(GROWING[len(members)] if grows else 0.0)
    return worth


def colour_value(board: Board, colour: Colour, barred: Barred | None = None) -> float:
    """Points `colour` scores now plus shares of the points within reach (see the module).
    `barred` may carry what calls on boards that differ only in `colour`'s stones learnt of the
    fields the opponent may not take (see `Barred`)."""
    now, safe, reachable = colour_parts(board, colour, barred)
    now_share, safe_share, open_share = SHARES
    return now_share * now + safe_share * safe + open_share * reachable


def colour_parts(
    board: Board, colour: Colour, barred: Barred | None = None
) -> tuple[float, float, float]:
    """The three counts `colour_value` weighs: the points `colour` scores now, those reachable
    over links the opponent cannot cut in one turn, and those reachable over any open link (the
    learned value, `learned`, weighs them itself)."""
    groups, now = scored(board, colour)
    worth = _worth(board, groups)
    found = _Links(board, groups, colour, barred)
    for first, second in found.fields:
        if found.is_safe((first, second)):
            groups.parent[groups.root(first)] = groups.root(second)
    safe = groups.points(worth)
    for first, second in found.fields:
        groups.parent[groups.root(first)] = groups.root(second)
    return now, safe, groups.points(worth)


def sensitive(board: Board, colour: Colour) -> frozenset[int]:
    """The empty fields where a stone of the other colour changes `colour_value(board, colour)`:
    those under a bridge that could join two of its components, those near enough to make such a
    field illegal for the other colour (which makes the bridge uncuttable), and those beside its
    sandbanks (their room to grow). A stone anywhere else leaves the value as it is."""
    groups, _ = scored(board, colour)
    cells, blocked, geo = board.cells, board.blocked, board.geo
    found: set[int] = set()
    found_links = _Links(board, groups, colour)
    for under in found_links.cuttable():
        found.update(under)
    found.update(_legality_reach(board, colour.other, set(found_links.threatened())))
    for members in groups.members:
        if len(members) < ISLAND:
            found.update(
                n for m in members for n in geo.orthogonal[m] if cells[n] is None and not blocked[n]
            )
    return frozenset(found)


def _legality_reach(board: Board, colour: Colour, fields: set[int]) -> Iterator[int]:
    """The empty fields where a stone of `colour` may change whether `colour` may place a stone
    on one of `fields`: P7 and P8 there look only at the stones of `colour` around the field and
    at the groups they belong to, so a new stone matters only beside those (or beside the field)."""
    cells, blocked, ring = board.cells, board.blocked, board.geo.ring
    near: set[int] = set()
    for field in fields:
        near.add(field)
        for stone in ring[field]:
            if cells[stone] is colour and stone not in near:
                near.update(board.group(stone, colour))
    for stone in near:
        for field in ring[stone]:
            if cells[field] is None and not blocked[field]:
                yield field


def position_value(board: Board, colour: Colour) -> float:
    """`colour`'s value minus the opponent's: above zero means `colour` stands better."""
    return colour_value(board, colour) - colour_value(board, colour.other)
