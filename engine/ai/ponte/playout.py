"""Seeded random play of Ponte del Diavolo: the computer's random turns (easy now and then), and
the policy of the benchmarks' and tests' random games."""

from __future__ import annotations

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
