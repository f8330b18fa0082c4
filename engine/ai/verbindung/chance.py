"""The dice as chance: every roll with its odds, and what one player can do with it.

A roll is a multiset of faces, each face one in six (the 56 rolls of three dice, V5). What a
player can do with a roll is built from single placements: `Singles` measures, once per position,
each face's best placement on every field in reach and the distances it leaves; two dice are
combined by adding their effects, and a combination that would end the game is measured exactly
(adding can claim a win where two dice only offer the same step twice).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import factorial

from engine.ai.base import Stop
from engine.ai.verbindung.network import joined
from engine.ai.verbindung.oracle import Oracle
from engine.verbindung import Face, Player
from engine.verbindung.board import Board
from engine.verbindung.layout import FACE_ORDER, FACE_ORIENTATIONS
from engine.verbindung.tables import NEIGHBOURS, TILES, WHITE_TILE, Tile

Roll = tuple[Face, ...]

EXCHANGE = "exchange"
"""The pseudo face of a V10 exchange: a cut-off player may make it whatever the roll."""

_OWN_CROSS = {Player.RED: Face.RED_CROSS, Player.BLACK: Face.BLACK_CROSS}


def _rolls(count: int) -> tuple[tuple[Roll, float], ...]:
    """Every roll of `count` dice as a multiset with its chance (multinomial over six faces)."""
    result = []
    for faces in combinations_with_replacement(FACE_ORDER, count):
        ways = factorial(count)
        for face in set(faces):
            ways //= factorial(faces.count(face))
        result.append((faces, ways / 6**count))
    return tuple(result)


ROLLS = {count: _rolls(count) for count in range(1, 4)}
"""The rolls of one, two and three dice with their chances (56 of three)."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One placement of the player: its field, its die and the distances it leaves."""

    index: int
    tile: Tile
    own: int  # the player's distance afterwards
    other: int  # the other player's distance afterwards
    own_cut: bool  # whether the player is cut off afterwards (V9)
    other_cut: bool  # whether the other player is
    near: bool  # whether the field touches a die or a base now (V7 may allow it at once)

    @property
    def state(self) -> State:
        """The distances and cut-offs the placement leaves, as a judge takes them."""
        return self.own, self.other, self.own_cut, self.other_cut


State = tuple[int, int, bool, bool]
"""Both distances (the player's, the other's) and whether each is cut off (V9)."""

Judge = Callable[[int, int, bool, bool], float]
"""How the player likes a `State` an answer leaves: higher is better."""


class Singles:
    """A player's single placements on one board, per face, the best for him first."""

    def __init__(
        self,
        oracles: dict[Player, Oracle],
        player: Player,
        judge: Judge,
        both: bool,
        stop: Stop,
    ) -> None:
        """Measure `player`'s placements on the board of `oracles` (one per player), ranked by
        `judge`. With `both`, a die's effect on the other player counts too (it may block him);
        without, only fields on the player's own lightest trees are looked at."""
        self.own = oracles[player]
        self.other = oracles[player.other]
        self.tiles = self.own.tiles
        self.player = player
        self.judge = judge
        self.both = both
        self._exact: dict[tuple[tuple[int, Tile], ...], tuple[bool, bool]] = {}
        self._memo: dict[tuple[str, ...], float] = {}
        self.by_face = self._measure(stop)

    def _measure(self, stop: Stop) -> dict[str, list[Effect]]:
        board = Board(self.tiles)
        frontier = set(board.frontier(self.player))
        # The other player's cross joins nothing for this player: never a useful answer.
        faces = [f for f in FACE_ORDER if f is not _OWN_CROSS[self.player.other]]
        by_face: dict[str, list[Effect]] = {face: [] for face in FACE_ORDER}
        for index in _reach(self.tiles, frontier):
            near = index in frontier
            # A field out of reach now is only filled as the second die of a path the first one
            # starts: worth a look only where it shortens the player's own network.
            if index not in self.own.relevant and (not near or not self.both):
                continue
            for face in faces:
                by_face[face].append(self._best(index, face, near))
            if stop():
                break
        if self.own.exchange:
            by_face[EXCHANGE] = [
                self._effect(index, WHITE_TILE, True)
                for index in sorted(self.own.relevant)
                if self.tiles[index] is not None
            ]
        for effects in by_face.values():
            effects.sort(key=lambda e: -self.judge(*e.state))
        return by_face

    def _best(self, index: int, face: Face, near: bool) -> Effect:
        """The orientation of `face` on empty field `index` the player likes best."""
        effects = [self._effect(index, TILES[(face, o)], near) for o in FACE_ORIENTATIONS[face]]
        return max(effects, key=lambda e: self.judge(*e.state))

    def _effect(self, index: int, tile: Tile, near: bool) -> Effect:
        own, own_cut = self.own.state_after(index, tile)
        # Beyond the frontier a die can hardly block this turn: the other distance is left alone.
        if near and self.both:
            other, other_cut = self.other.state_after(index, tile)
        else:
            other, other_cut = self.other.opt, self.other.exchange
        return Effect(index, tile, own, other, own_cut, other_cut, near)

    @property
    def start(self) -> State:
        """The state before the player's answer."""
        return self.own.opt, self.other.opt, self.own.exchange, self.other.exchange

    def single(self, face: str) -> State | None:
        """The state after the best placement of `face` that is possible at once."""
        best = next((e for e in self.by_face[face] if e.near), None)
        return None if best is None else best.state

    def pairs(self, first: str, second: str, top: int) -> Iterator[State]:
        """The states after two dice of faces `first` and `second` (the best `top` of each).

        Distances add up; a cut-off flips when either die flips it.
        """
        for state, _, _ in self.pair_effects(first, second, top):
            yield state

    def pair_effects(
        self, first: str, second: str, top: int
    ) -> Iterator[tuple[State, Effect, Effect]]:
        """`pairs`, each state with the two placements that leave it."""
        own0, other0, own_cut0, other_cut0 = self.start
        for a in self.by_face[first][:top]:
            for b in self.by_face[second][:top]:
                if a.index == b.index or not _joinable(a, b):
                    continue
                own = a.own + b.own - own0
                other = a.other + b.other - other0
                if own <= 0 or other <= 0:
                    own, other = self.ending(((a.index, a.tile), (b.index, b.tile)), own, other)
                own_cut = own_cut0 ^ ((a.own_cut ^ own_cut0) or (b.own_cut ^ own_cut0))
                other_cut = other_cut0 ^ ((a.other_cut ^ other_cut0) or (b.other_cut ^ other_cut0))
                yield (own, other, own_cut, other_cut), a, b

    def ending(
        self, changes: tuple[tuple[int, Tile], ...], own: int, other: int
    ) -> tuple[int, int]:
        """The distances `own` and `other` that adding claims for `changes`, a claimed 0 (a won
        game) checked: if the network is not in fact joined, the die short is counted as 1."""
        found = self._exact.get(changes)
        if found is None:
            tiles = list(self.tiles)
            for index, tile in changes:
                tiles[index] = tile
            player = self.player
            found = self._exact[changes] = joined(tiles, player), joined(tiles, player.other)
        own_joined, other_joined = found
        return (0 if own_joined else max(own, 1)), (0 if other_joined else max(other, 1))

    def answer(self, roll: Roll, top: int) -> float:
        """The judge's value of the best answer (none, one or two dice) to `roll`."""
        memo = self._memo
        faces: list[str] = list(roll)
        if EXCHANGE in self.by_face:
            faces += [EXCHANGE, EXCHANGE]
        best = self.judge(*self.start)
        for face in dict.fromkeys(faces):
            key = (face,)
            if key not in memo:
                found = self.single(face)
                memo[key] = self.judge(*found) if found is not None else best
            best = max(best, memo[key])
        for pair in _pairs(faces):
            if pair not in memo:
                memo[pair] = max((self.judge(*d) for d in self.pairs(*pair, top)), default=best)
            best = max(best, memo[pair])
        return best

    def best_answer(self, roll: Roll, top: int) -> tuple[float, tuple[tuple[int, Tile], ...]]:
        """`answer`, with the dice of the best answer: (field index, die) each."""
        faces: list[str] = list(roll)
        if EXCHANGE in self.by_face:
            faces += [EXCHANGE, EXCHANGE]
        best: tuple[float, tuple[tuple[int, Tile], ...]] = (self.judge(*self.start), ())
        for face in dict.fromkeys(faces):
            effect = next((e for e in self.by_face[face] if e.near), None)
            if effect is not None:
                value = self.judge(*effect.state)
                if value > best[0]:
                    best = (value, ((effect.index, effect.tile),))
        for pair in _pairs(faces):
            for state, a, b in self.pair_effects(*pair, top):
                value = self.judge(*state)
                if value > best[0]:
                    best = (value, ((a.index, a.tile), (b.index, b.tile)))
        return best


def _joinable(a: Effect, b: Effect) -> bool:
    """Whether two placements may make one turn: one touches a die now, the other then too."""
    if a.near and b.near:
        return True
    if not (a.near or b.near):
        return False
    return b.index in NEIGHBOURS[a.index]


def _pairs(faces: list[str]) -> Iterator[tuple[str, str]]:
    """The distinct unordered pairs of two of the dice `faces`, in a canonical order."""
    seen = set()
    for i, first in enumerate(faces):
        for second in faces[i + 1 :]:
            pair = (first, second) if first <= second else (second, first)
            if pair not in seen:
                seen.add(pair)
                yield pair


def _reach(tiles: list[Tile | None], frontier: set[int]) -> list[int]:
    """The empty fields a player could fill this turn: beside a die or base, or one further."""
    further = {n for i in frontier for n in NEIGHBOURS[i] if n >= 0 and tiles[n] is None}
    return sorted(frontier | further)
