"""Seeded random play of Ponte del Diavolo: the policy of the benchmarks' and tests' random
games, and the mid-game positions they measure and check on."""

from __future__ import annotations

from collections.abc import Callable

from engine.ai.base import Rng
from engine.ponte import Move, Place, PonteGame, Swap


def random_turn(
    game: PonteGame, rng: Rng, bridge_chance: float = 0.3, swap_chance: float = 0.0
) -> Move:
    """A random legal turn: a swap at the pie rule with `swap_chance`, a bridge with
    `bridge_chance` when one is possible, otherwise two stones (or whatever is left)."""
    if game.ply == 1 and rng.random() < swap_chance:
        return Swap()
    bridges = game.legal_bridges()
    if bridges and rng.random() < bridge_chance:
        return rng.choice(bridges)
    fields = game.legal_fields()
    rng.shuffle(fields)
    for position, first in enumerate(fields[:40]):
        for second in fields[position + 1 : position + 12]:
            if game.is_legal(Place(first, second)):
                return Place(first, second)
    return next(iter(game.legal_moves()))


def midgame(seeded: Callable[[int], Rng], stones: int = 60, bridges: int = 10) -> PonteGame:
    """The first 12x12 game played with `seeded(0)`, `seeded(1)`, ... (`random.Random`, say)
    to reach `stones` stones, with white to move, that has `bridges` bridges (give or take one)
    at that point."""
    for seed in range(100):
        rng = seeded(seed)
        game = PonteGame()
        while sum(cell is not None for cell in game.board.cells) < stones or game.ply % 2:
            game.push(random_turn(game, rng, bridge_chance=0.25))
        if abs(len(game.board.bridges) - bridges) <= 1:
            return game
    raise ValueError("no seed gave the wanted mid-game")
