"""A Ponte del Diavolo position built for random playouts: the plain search's (`mcts_ponte`).

The engine checks every rule with words for people; a playout asks the same questions millions of
times, so this board keeps flat lists of small integers and the answers it has already found:

- Groups (P7) are at most four stones, so each stone points to its group as a shared list that
  is never changed, only replaced when groups join; copying a board copies the pointers only.
- A field that is illegal for a colour stays illegal for it (P10: stones never repair a rule), so
  `banned` remembers every field found illegal and every field around an island (P8), and a
  playout walks each colour once through a random order of the fields: each field is looked at
  at most once per colour in a whole playout, instead of every field at every turn.
- A colour that once cannot place two stones never can again (the same reason): `stuck`.
- Bridges a colour may build are kept as candidates when a stone arrives, and dropped when read
  after a stone, a crossing bridge or a used end has ruled them out (P11-P14).

The score is counted once, at the end. The rules are the engine's (P1, P4-P17, P19-P20):
``tests/testing/strength`` plays random games through both and compares every turn and score.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from itertools import compress

from engine.coords import Field
from engine.ponte import Bridge, Colour, PonteGame
from engine.ponte.geometry import BRIDGE_OFFSETS, crossing_offsets, geometry

EMPTY, WHITE, RED = 0, 1, 2
COLOURS = {Colour.WHITE: WHITE, Colour.RED: RED}
ISLAND = 4
Group = list[int]


@dataclass(frozen=True, slots=True)
class Tables:
    """A board size's neighbours and bridges, indexed by field or bridge number."""

    size: int
    orthogonal: tuple[tuple[int, ...], ...]
    ring: tuple[tuple[int, ...], ...]  # the eight fields around
    ends: tuple[tuple[int, int], ...]  # per bridge
    under: tuple[tuple[int, ...], ...]  # per bridge: the fields it passes over
    at: tuple[tuple[int, ...], ...]  # per field: the bridges with an end there
    others: tuple[tuple[int, ...], ...]  # per field: their other ends, in the same order
    parts: tuple[tuple[int, int, int, int], ...]  # per bridge: both ends, both fields under
    crossing: tuple[tuple[int, ...], ...]  # per bridge: those it crosses or touches (P14)
    number: dict[tuple[int, int], int]  # (one end, other end) -> bridge, both orders


@cache
def tables(size: int) -> Tables:
    """The tables of a `size` board (computed once)."""
    geo = geometry(size)
    ends, under, keys = [], [], []
    for index in geo.fields:
        for span in geo.spans[index]:
            ends.append((index, span.other))
            under.append(span.blocked)
            keys.append((*divmod(index, size), span.shape))
    at: list[list[int]] = [[] for _ in geo.fields]
    others: list[list[int]] = [[] for _ in geo.fields]
    for number, (first, second) in enumerate(ends):
        at[first].append(number)
        others[first].append(second)
        at[second].append(number)
        others[second].append(first)
    by_key = {key: number for number, key in enumerate(keys)}
    offsets = crossing_offsets()
    crossing = []
    for number, (col, row, shape) in enumerate(keys):
        found = (
            by_key.get((col + dc, row + dr, other))
            for other in range(len(BRIDGE_OFFSETS))
            for dc, dr in offsets[shape, other]
        )
        crossing.append(tuple(n for n in found if n is not None and n != number))
    numbers = {pair: n for n, pair in enumerate(ends)}
    numbers.update({(b, a): n for (a, b), n in list(numbers.items())})
    return Tables(
        size,
        tuple(geo.orthogonal),
        tuple(geo.ring),
        tuple(ends),
        tuple(under),
        tuple(tuple(x) for x in at),
        tuple(tuple(x) for x in others),
        tuple((*pair, fields[0], fields[-1]) for pair, fields in zip(ends, under, strict=True)),
        tuple(crossing),
        numbers,
    )


class Board:
    """A position: stones, groups, bridges, whose turn, the supplies and the end (P16/P17)."""

    __slots__ = (
        "banned",
        "blocked",
        "bridges_left",
        "built",
        "candidates",
        "dead",
        "ends",
        "final",
        "free_count",
        "group",
        "over",
        "owner",
        "stones_left",
        "stuck",
        "tab",
        "turn",
    )

    def __init__(self, size: int) -> None:
        self.tab = tab = tables(size)
        count = size * size
        self.owner = [EMPTY] * count
        self.group: list[Group | None] = [None] * count
        self.blocked = [False] * count
        self.ends = [False] * count  # the stone carries a bridge end (P13)
        self.banned = [[], [False] * count, [False] * count]  # per colour: known illegal
        self.dead = [False] * len(tab.ends)  # crossed by a bridge: can never be built
        self.candidates: list[list[int]] = [[], [], []]
        self.built: list[int] = []
        self.free_count = count
        self.turn = WHITE
        self.final = False  # white passed: red's turn now is the last (P16)
        self.over = False
        self.stuck = [False, False, False]  # per colour: can never place two stones again
        self.stones_left = [0, -1, -1]  # -1: unlimited
        self.bridges_left = -1

    @classmethod
    def of(cls, game: PonteGame) -> Board:
        """The position of an engine game."""
        board = game.board
        sim = cls(board.size)
        for field, cell in enumerate(board.cells):
            if cell is not None:
                sim.place(field, COLOURS[cell])
        for bridge in board.bridges:
            sim.mark_bridge(sim.tab.number[board.index(bridge.first), board.index(bridge.second)])
        # After the end nobody is to move; the turn then means nothing.
        sim.turn = WHITE if game.to_move is None else COLOURS[game.to_move]
        sim.final = game.is_final_turn()
        sim.over = game.is_over
        for colour, code in COLOURS.items():
            left = game.stones_left(colour)
            sim.stones_left[code] = -1 if left is None else left
        sim.bridges_left = -1 if game.bridges_left is None else game.bridges_left
        return sim

    def copy(self) -> Board:
        """An independent copy (groups are shared: they are never changed in place)."""
        other = Board.__new__(Board)
        other.tab = self.tab
        other.owner, other.group = self.owner.copy(), self.group.copy()
        other.blocked, other.ends = self.blocked.copy(), self.ends.copy()
        other.banned = [[], self.banned[1].copy(), self.banned[2].copy()]
        other.dead, other.built = self.dead.copy(), self.built.copy()
        other.candidates = [[], self.candidates[1].copy(), self.candidates[2].copy()]
        other.free_count, other.turn = self.free_count, self.turn
        other.final, other.over, other.stuck = self.final, self.over, self.stuck.copy()
        other.stones_left, other.bridges_left = self.stones_left.copy(), self.bridges_left
        return other

    # Stones ------------------------------------------------------------------------------------

    def free(self, field: int) -> bool:
        """Whether no stone lies on `field` and no bridge passes over it."""
        return not (self.owner[field] or self.blocked[field])

    def fits(self, field: int, colour: int) -> bool:
        """Whether a stone of `colour` may go on the free `field` (P7, P8); a field found
        illegal is banned for good."""
        banned = self.banned[colour]
        if banned[field]:
            return False
        owner, group = self.owner, self.group
        total, joined = 1, None
        for near in self.tab.orthogonal[field]:
            if owner[near] == colour:
                found = group[near]
                if joined is None:
                    joined = [found]
                elif found in joined:
                    continue
                else:
                    joined.append(found)
                total += len(found)  # type: ignore[arg-type]
        if total < ISLAND:
            return True  # (a field beside an island is banned when the island forms)
        if total == ISLAND:
            assert joined is not None
            members = [field]
            for found in joined:
                members += found  # type: ignore[arg-type]
            ring = self.tab.ring
            for member in members:
                for near in ring[member]:
                    if owner[near] == colour and near not in members:
                        banned[field] = True
                        return False
            return True
        banned[field] = True
        return False

    def join(self, field: int, colour: int) -> list[Group]:
        """Put the stone in its group (joining its neighbours'), ban the fields around an
        island it completes; returns the groups joined (`unjoin` takes the stone back)."""
        owner, group = self.owner, self.group
        owner[field] = colour
        joined: list[Group] = []
        for near in self.tab.orthogonal[field]:
            if owner[near] == colour:
                found = group[near]
                if found not in joined:
                    joined.append(found)  # type: ignore[arg-type]
        if not joined:
            group[field] = [field]
            return joined
        merged = [field]
        for found in joined:
            merged += found
        for stone in merged:
            group[stone] = merged
        if len(merged) == ISLAND:
            banned, ring = self.banned[colour], self.tab.ring
            for stone in merged:
                for near in ring[stone]:
                    banned[near] = True
        return joined

    def unjoin(self, field: int, joined: list[Group], banned: list[bool]) -> None:
        """Take back a `join` (with the colour's bans as they were before it)."""
        self.owner[field] = EMPTY
        self.group[field] = None
        for found in joined:
            for stone in found:
                self.group[stone] = found
        self.banned[self.turn] = banned

    def settle(self, field: int, colour: int) -> None:
        """What a joined stone does to the bridges: those it could carry to another stone of
        its colour become candidates (those over it are dropped when read, `bridges`)."""
        self.free_count -= 1
        tab = self.tab
        # (C code walks the ends: this runs for every stone of every playout)
        mine = map(colour.__eq__, map(self.owner.__getitem__, tab.others[field]))
        self.candidates[colour] += compress(tab.at[field], mine)

    def place(self, field: int, colour: int) -> None:
        """Put a stone down (checked by the caller)."""
        self.join(field, colour)
        self.settle(field, colour)

    def partners(self, first: int, fields: list[int]) -> list[int]:
        """The fields of `fields` that fit beside a stone of the player to move on `first`."""
        colour = self.turn
        before = self.banned[colour]
        self.banned[colour] = before.copy()
        joined = self.join(first, colour)
        found = [f for f in fields if f != first and self.fits(f, colour)]
        self.unjoin(first, joined, before)
        return found

    def can_place(self, colour: int) -> bool:
        """Whether the supply (P1) still holds two stones of `colour`."""
        left = self.stones_left[colour]
        return not self.stuck[colour] and (left < 0 or left >= 2)

    def play_stones(self, first: int, second: int) -> None:
        """Two stones of the player to move (checked by the caller), and the turn ends."""
        colour = self.turn
        self.place(first, colour)
        self.place(second, colour)
        if self.stones_left[colour] > 0:
            self.stones_left[colour] -= 2
        self.end_turn(False)

    # Bridges -----------------------------------------------------------------------------------

    def bridges(self, colour: int) -> list[int]:
        """Every bridge `colour` may build now (P11-P14, the P1 supply); a list it must not
        change."""
        if self.bridges_left == 0:
            return []
        found = [n for n in self.candidates[colour] if self.stands(n)]
        self.candidates[colour] = found
        return found

    def stands(self, number: int) -> bool:
        """Whether candidate bridge `number` may still be built: no crossing bridge, both ends
        free of bridges, no stone under it (P12-P14)."""
        first, second, under, other = self.tab.parts[number]
        owner, ends = self.owner, self.ends
        return not (
            self.dead[number] or ends[first] or ends[second] or owner[under] or owner[other]
        )

    def build(self, number: int) -> None:
        """Build bridge `number` (checked by the caller); the turn ends."""
        self.mark_bridge(number)
        if self.bridges_left > 0:
            self.bridges_left -= 1
        self.end_turn(False)

    def mark_bridge(self, number: int) -> None:
        """The bridge stands: its ends are used, the fields under it blocked, and every bridge
        it crosses is gone (P12-P14)."""
        tab, blocked, dead = self.tab, self.blocked, self.dead
        first, second = tab.ends[number]
        self.ends[first] = self.ends[second] = True
        for field in tab.under[number]:
            if not blocked[field]:
                blocked[field] = True
                self.free_count -= 1
        dead[number] = True
        for crossed in tab.crossing[number]:
            dead[crossed] = True
        self.built.append(number)

    def bridge(self, number: int) -> Bridge:
        """Bridge `number` as an engine move."""
        first, second = self.tab.ends[number]
        size = self.tab.size
        return Bridge(Field.from_index(first, size), Field.from_index(second, size))

    # Turns and the end -------------------------------------------------------------------------

    def end_turn(self, passed: bool) -> None:
        """The turn is over (P16, P17)."""
        if self.turn == RED and (self.final or passed):
            self.over = True
        elif passed:
            self.final = True
        self.turn = WHITE + RED - self.turn

    def score(self, colour: int) -> tuple[int, int, int]:
        """P19/P20 for `colour`: points, islands, bridges."""
        return self.scores()[colour]

    def scores(self) -> tuple[tuple[int, int, int], ...]:
        """P19/P20 for nobody, white and red: points, islands, bridges (counted once, at the
        end of a playout)."""
        owner, group, ends = self.owner, self.group, self.tab.ends
        parent: dict[int, int] = {}

        def root(key: int) -> int:
            while parent.setdefault(key, key) != key:
                key = parent[key]
            return key

        bridges = [0, 0, 0]
        for number in self.built:
            first, second = ends[number]
            bridges[owner[first]] += 1
            parent[root(id(group[first]))] = root(id(group[second]))
        islands = {id(g): g for g in group if g is not None and len(g) == ISLAND}
        per: list[dict[int, int]] = [{}, {}, {}]
        count = [0, 0, 0]
        for key, island in islands.items():
            colour = owner[island[0]]
            count[colour] += 1
            top = root(key)
            per[colour][top] = per[colour].get(top, 0) + 1
        return tuple(
            (sum(k * (k + 1) // 2 for k in per[c].values()), count[c], bridges[c])
            for c in (EMPTY, WHITE, RED)
        )


def random_order(sim: Board, rng: random.Random) -> list[int]:
    """The free fields in a random order, drawn in one call to the generator and sorted by C
    code (a Python shuffle of 140 fields costs a third of a playout)."""
    keys = memoryview(rng.randbytes(4 * len(sim.owner))).cast("I")
    owner, blocked = sim.owner, sim.blocked
    free = (f for f in range(len(owner)) if not (owner[f] or blocked[f]))
    return sorted(free, key=keys.__getitem__)


BRIDGE_WEIGHT = 8
"""A playout weighs each legal bridge as this many free fields (boardspace.net's robot builds
bridges more often than a uniform choice among turns would)."""


def playout(sim: Board, rng: random.Random) -> None:
    """Play random turns (`random_turn`) on `sim` to the end."""
    walks = Walks.of(sim, rng)
    while not sim.over:
        random_turn(sim, walks, rng)


def random_turn(sim: Board, walks: Walks, rng: random.Random) -> None:
    """A random turn of the playouts: a bridge with the weight of `BRIDGE_WEIGHT` free fields
    each, otherwise the next two stones of the mover's walk, a bridge when no two stones fit,
    or pass."""
    colour = sim.turn
    found = sim.candidates[colour]
    if found and sim.bridges_left:
        # Drawn among the candidates, some no longer buildable: such a draw drops the candidate
        # and draws again, which weighs the buildable ones exactly as if only they were counted,
        # without checking them all at every turn.
        free = sim.free_count
        while found:
            slots = BRIDGE_WEIGHT * len(found)
            draw = rng.random() * (slots + free)
            if draw >= slots:
                break
            pick = int(draw) // BRIDGE_WEIGHT
            number = found[pick]
            if sim.stands(number):
                sim.build(number)
                return
            found[pick] = found[-1]
            found.pop()
    if sim.can_place(colour) and walks.stones(sim, colour):
        return
    built = sim.bridges(colour)
    if built:
        sim.build(rng.choice(built))
    else:
        sim.end_turn(True)


class Walks:
    """Each colour's walk through its random order of the fields: the next stone is the next
    field in the order that is free and fits. Fields passed are never needed again (taken,
    under a bridge, or illegal for that colour for good)."""

    __slots__ = ("at", "orders")

    def __init__(self, *orders: list[int]) -> None:
        self.orders = orders
        self.at = [0] * len(orders)

    @classmethod
    def of(cls, sim: Board, rng: random.Random) -> Walks:
        """White walks a random order of the free fields from its start, red from its end."""
        order = random_order(sim, rng)
        return cls([], order, order[::-1])

    def stones(self, sim: Board, colour: int) -> bool:
        """Play the next two stones of `colour` that fit together; False (and `colour` is
        stuck for good) when no two fit."""
        order, owner, blocked, fits = self.orders[colour], sim.owner, sim.blocked, sim.fits
        start = self.at[colour]
        banned = sim.banned[colour]
        end = len(order)
        position, first = start, -1
        while position < end:
            field = order[position]
            position += 1
            if not (owner[field] or blocked[field] or banned[field]) and fits(field, colour):
                first = field
                break
        if first < 0:
            sim.stuck[colour] = True
            return False
        before = banned
        sim.banned[colour] = banned = banned.copy()  # the first stone's bans go with it
        joined = sim.join(first, colour)
        while position < end:
            field = order[position]
            position += 1
            if not (owner[field] or blocked[field] or banned[field]) and fits(field, colour):
                self.at[colour] = position
                sim.settle(first, colour)  # (before the second stone: a bridge between them once)
                sim.join(field, colour)
                sim.settle(field, colour)
                if sim.stones_left[colour] > 0:
                    sim.stones_left[colour] -= 2
                sim.end_turn(False)
                return True
        sim.unjoin(first, joined, before)
        return self._any_pair(sim, colour, start)

    def _any_pair(self, sim: Board, colour: int, start: int) -> bool:
        """The rare turn where the first field that fits has no partner after it: look at every
        pair (the walk stays where it was)."""
        fields = [f for f in self.orders[colour][start:] if sim.free(f) and sim.fits(f, colour)]
        for position, first in enumerate(fields):
            found = sim.partners(first, fields[position + 1 :])
            if found:
                sim.play_stones(first, found[0])
                return True
        sim.stuck[colour] = True
        return False
