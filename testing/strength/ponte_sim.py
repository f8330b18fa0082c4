"""A lean Ponte del Diavolo position for fast random playouts (the plain search's, `mcts_ponte`).

The engine's board checks every rule with messages for people; a playout asks the same questions
hundreds of thousands of times, so this keeps what they need in flat lists of small integers:
the owner of each field (0 empty, 1 white, 2 red), the blocked fields, the stones that carry a
bridge end, and per possible bridge whether it can still ever be built (a stone under it, or a
bridge crossing it, rules it out for good, P12/P14). The rules are the engine's (P1, P5-P17); the
self-check `python -m testing.strength.ponte_sim` replays random games through both to check that.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from engine.ai.ponte.playout import random_turn
from engine.coords import Field
from engine.ponte import Bridge, Colour, Move, Place, PonteGame
from engine.ponte.geometry import BRIDGE_OFFSETS, crossing_offsets, geometry

EMPTY, WHITE, RED = 0, 1, 2
COLOURS = {Colour.WHITE: WHITE, Colour.RED: RED}
ISLAND = 4


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Every bridge a board could hold: its ends, the fields under it, and what it rules out."""

    ends: tuple[tuple[int, int], ...]
    under: tuple[tuple[int, ...], ...]
    at: tuple[tuple[int, ...], ...]  # per field: the bridges with an end there
    over: tuple[tuple[int, ...], ...]  # per field: the bridges that pass over it
    crossing: tuple[tuple[int, ...], ...]  # per bridge: the bridges it crosses or touches (P14)
    number: dict[tuple[int, int], int]  # (first end, second end) -> bridge


@cache
def catalogue(size: int) -> Catalogue:
    """The bridges of a `size` board (computed once)."""
    geo = geometry(size)
    ends, under, keys = [], [], []
    for index in geo.fields:
        for span in geo.spans[index]:
            ends.append((index, span.other))
            under.append(span.blocked)
            col, row = divmod(index, size)
            keys.append((col, row, span.shape))
    at: list[list[int]] = [[] for _ in geo.fields]
    over: list[list[int]] = [[] for _ in geo.fields]
    for number, ((first, second), fields) in enumerate(zip(ends, under, strict=True)):
        at[first].append(number)
        at[second].append(number)
        for field in fields:
            over[field].append(number)
    table = crossing_offsets()
    by_key = {key: number for number, key in enumerate(keys)}
    crossing = []
    for number, (col, row, shape) in enumerate(keys):
        found = []
        for other_shape in range(len(BRIDGE_OFFSETS)):
            for dc, dr in table[shape, other_shape]:
                other = by_key.get((col + dc, row + dr, other_shape))
                if other is not None and other != number:
                    found.append(other)
        crossing.append(tuple(found))
    return Catalogue(
        ends=tuple(ends),
        under=tuple(under),
        at=tuple(tuple(x) for x in at),
        over=tuple(tuple(x) for x in over),
        crossing=tuple(crossing),
        number={pair: number for number, pair in enumerate(ends)},
    )


class Sim:
    """A position: the board, whose turn, the supplies and how the end approaches (P16/P17)."""

    __slots__ = (
        "blocked",
        "bridges_left",
        "built",
        "candidates",
        "cat",
        "dead",
        "ends",
        "final",
        "free_count",
        "geo",
        "over",
        "owner",
        "size",
        "stones_left",
        "turn",
    )

    def __init__(self, size: int) -> None:
        self.size = size
        self.geo = geometry(size)
        self.cat = catalogue(size)
        count = size * size
        self.owner = [EMPTY] * count
        self.ends = [False] * count
        self.blocked = [False] * count
        self.dead = [False] * len(self.cat.ends)  # can never be built now
        self.built: list[int] = []
        self.candidates: list[list[int]] = [[], [], []]  # per colour: bridges it may yet build
        self.free_count = count
        self.turn = WHITE
        self.final = False  # white passed: red's turn now is the last (P16)
        self.over = False
        self.stones_left = [0, -1, -1]  # per colour; -1: unlimited
        self.bridges_left = -1

    @classmethod
    def of(cls, game: PonteGame) -> Sim:
        """The position of an engine game."""
        board = game.board
        sim = cls(board.size)
        for field, cell in enumerate(board.cells):
            if cell is not None:
                sim.place(field, COLOURS[cell])
        sim.ends = board.bridge_end.copy()
        sim.blocked = board.blocked.copy()
        number, cat = sim.cat.number, sim.cat
        for bridge in board.bridges:
            built = number[(board.index(bridge.first), board.index(bridge.second))]
            sim._build_marks(built)
        del cat
        sim.free_count = sum(1 for f, who in enumerate(sim.owner) if not (who or sim.blocked[f]))
        # After the end nobody is to move; the simulator's turn then means nothing.
        sim.turn = WHITE if game.to_move is None else COLOURS[game.to_move]
        sim.final = game.is_final_turn()
        sim.over = game.is_over
        for colour, code in COLOURS.items():
            left = game.stones_left(colour)
            sim.stones_left[code] = -1 if left is None else left
        sim.bridges_left = -1 if game.bridges_left is None else game.bridges_left
        return sim

    def copy(self) -> Sim:
        """An independent copy."""
        other = Sim.__new__(Sim)
        other.size, other.geo, other.cat = self.size, self.geo, self.cat
        other.owner, other.ends = self.owner.copy(), self.ends.copy()
        other.blocked = self.blocked.copy()
        other.dead, other.built = self.dead.copy(), self.built.copy()
        other.candidates = [c.copy() for c in self.candidates]
        other.free_count = self.free_count
        other.turn, other.final, other.over = self.turn, self.final, self.over
        other.stones_left, other.bridges_left = self.stones_left.copy(), self.bridges_left
        return other

    # Stones ------------------------------------------------------------------------------------

    def free(self, field: int) -> bool:
        """Whether no stone lies on `field` and no bridge passes over it."""
        return not (self.owner[field] or self.blocked[field])

    def fits(self, field: int, colour: int) -> bool:
        """Whether a stone of `colour` may go on the free field `field` (P7, P8)."""
        owner, geo = self.owner, self.geo
        if not any(owner[n] == colour for n in geo.ring[field]):
            return True
        group = [field]
        for current in group:
            for near in geo.orthogonal[current]:
                if owner[near] == colour and near not in group:
                    group.append(near)
                    if len(group) > ISLAND:
                        return False
        if len(group) == ISLAND:
            return not any(
                owner[n] == colour and n not in group for s in group for n in geo.ring[s]
            )
        for near in geo.diagonal[field]:
            if owner[near] == colour and near not in group and self._size(near, colour) == ISLAND:
                return False
        return True

    def _size(self, start: int, colour: int) -> int:
        owner, orthogonal = self.owner, self.geo.orthogonal
        group = [start]
        for current in group:
            for near in orthogonal[current]:
                if owner[near] == colour and near not in group:
                    group.append(near)
        return len(group)

    def place(self, field: int, colour: int) -> None:
        """Put a stone down (checked by the caller): the bridges over it are ruled out, and
        those it could carry to another stone of its colour become candidates."""
        owner, cat = self.owner, self.cat
        owner[field] = colour
        self.free_count -= 1
        for passing in cat.over[field]:
            self.dead[passing] = True
        ends, dead = cat.ends, self.dead
        for number in cat.at[field]:
            first, second = ends[number]
            if not dead[number] and owner[first] == owner[second]:
                self.candidates[colour].append(number)

    def can_place(self, colour: int) -> bool:
        """Whether the supply (P1) still holds two stones of `colour`."""
        left = self.stones_left[colour]
        return left < 0 or left >= 2

    # Bridges -----------------------------------------------------------------------------------

    def bridges(self, colour: int) -> list[int]:
        """Every bridge `colour` may build now (P11-P14, the P1 supply)."""
        if self.bridges_left == 0:
            return []
        ends, dead, pairs = self.ends, self.dead, self.cat.ends
        # What is ruled out stays ruled out: the candidates are pruned as they are read.
        found = [
            n
            for n in self.candidates[colour]
            if not (dead[n] or ends[pairs[n][0]] or ends[pairs[n][1]])
        ]
        self.candidates[colour] = found
        return found.copy()

    def build(self, number: int) -> None:
        """Build bridge `number` (checked by the caller)."""
        self._build_marks(number)
        if self.bridges_left > 0:
            self.bridges_left -= 1

    def _build_marks(self, number: int) -> None:
        first, second = self.cat.ends[number]
        self.ends[first] = self.ends[second] = True
        for field in self.cat.under[number]:
            if not self.blocked[field]:
                self.blocked[field] = True
                self.free_count -= 1
        self.dead[number] = True
        for crossed in self.cat.crossing[number]:
            self.dead[crossed] = True
        self.built.append(number)

    def bridge(self, number: int) -> Bridge:
        """Bridge `number` as an engine move."""
        first, second = self.cat.ends[number]
        return Bridge(Field.from_index(first, self.size), Field.from_index(second, self.size))

    # Turns -------------------------------------------------------------------------------------

    def end_turn(self, passed: bool) -> None:
        """The turn is over (P16, P17)."""
        if self.turn == RED and (self.final or passed):
            self.over = True
        elif passed:
            self.final = True
        self.turn = WHITE + RED - self.turn

    def play_stones(self, first: int, second: int) -> None:
        """Two stones of the player to move (checked by the caller), and the turn ends."""
        self.place(first, self.turn)
        self.place(second, self.turn)
        if self.stones_left[self.turn] > 0:
            self.stones_left[self.turn] -= 2
        self.end_turn(False)

    def random_pair(self, rng: random.Random) -> tuple[int, int] | None:
        """Two random stones the player to move may place, None when no two fit."""
        colour = self.turn
        if not self.can_place(colour):
            return None
        blocked = self.blocked
        candidates = [f for f, who in enumerate(self.owner) if not (who or blocked[f])]
        if not candidates:
            return None
        # Random tries find a pair at once in most positions; a full scan settles the rest.
        for _ in range(12):
            first, second = rng.choice(candidates), rng.choice(candidates)
            if first != second and self._pair_fits(first, second, colour):
                return first, second
        rng.shuffle(candidates)
        for position, first in enumerate(candidates):
            if not self.fits(first, colour):
                continue
            for second in candidates[position + 1 :]:
                if self._pair_fits(first, second, colour):
                    return first, second
        return None

    def _pair_fits(self, first: int, second: int, colour: int) -> bool:
        if not self.fits(first, colour):
            return False
        self.owner[first] = colour
        fits = self.fits(second, colour)
        self.owner[first] = EMPTY
        return fits

    # The end -----------------------------------------------------------------------------------

    def score(self, colour: int) -> tuple[int, int, int]:
        """P19/P20 for `colour`: points, islands, bridges."""
        owner, orthogonal = self.owner, self.geo.orthogonal
        group_of = [-1] * len(owner)
        sizes: list[int] = []
        for start, who in enumerate(owner):
            if who != colour or group_of[start] >= 0:
                continue
            group_of[start] = len(sizes)
            members = [start]
            for current in members:
                for near in orthogonal[current]:
                    if owner[near] == colour and group_of[near] < 0:
                        group_of[near] = len(sizes)
                        members.append(near)
            sizes.append(len(members))
        parent = list(range(len(sizes)))

        def root(node: int) -> int:
            while parent[node] != node:
                node = parent[node]
            return node

        own = [b for b in self.built if owner[self.cat.ends[b][0]] == colour]
        for number in own:
            first, second = self.cat.ends[number]
            parent[root(group_of[first])] = root(group_of[second])
        per: dict[int, int] = {}
        for group, size in enumerate(sizes):
            if size == ISLAND:
                per[root(group)] = per.get(root(group), 0) + 1
        points = sum(k * (k + 1) // 2 for k in per.values())
        return points, sum(per.values()), len(own)


def check(games: int = 20) -> None:
    """Play random games on a `Sim` and the engine side by side, checking that both agree on
    every legal bridge, whether two stones fit, whose turn it is, the end and the score."""
    for variant in ("online", "classic"):
        for seed in range(games):
            rng = random.Random(seed)
            game = PonteGame(variant)
            while not game.is_over:
                sim = Sim.of(game)
                engine_bridges = {str(b) for b in game.legal_bridges()}
                assert {str(sim.bridge(b)) for b in sim.bridges(sim.turn)} == engine_bridges
                assert (sim.random_pair(rng) is None) == game.can_pass() or game.ply < 2
                assert {WHITE: Colour.WHITE, RED: Colour.RED}[sim.turn] is game.to_move
                move = random_turn(game, rng, bridge_chance=0.5)
                _apply(sim, move)
                game.push(move)
                again = Sim.of(game)
                assert (sim.owner, sim.blocked) == (again.owner, again.blocked)
                assert (sim.ends, sim.over) == (again.ends, again.over)
                if not sim.over:  # (after the end the engine forgets whose turn was last)
                    assert (sim.turn, sim.final) == (again.turn, again.final)
            sim = Sim.of(game)
            assert sim.over
            for colour, code in COLOURS.items():
                expected = game.score(colour)
                assert sim.score(code) == (expected.points, expected.islands, expected.bridges)
    print(f"ponte_sim agrees with the engine over {2 * games} random games")


def _apply(sim: Sim, move: Move) -> None:
    """Make an engine move on `sim` the way the playouts do."""
    if isinstance(move, Place):
        sim.play_stones(move.first.index(sim.size), move.second.index(sim.size))
    elif isinstance(move, Bridge):
        sim.build(sim.cat.number[(move.first.index(sim.size), move.second.index(sim.size))])
        sim.end_turn(False)
    else:
        sim.end_turn(True)


if __name__ == "__main__":
    check()
