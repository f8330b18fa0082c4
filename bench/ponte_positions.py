"""Deterministic Ponte del Diavolo positions for the benchmarks (seeded random play)."""

from __future__ import annotations

import random

from engine.ponte import Move, Place, PonteGame, Swap


def random_turn(
    game: PonteGame, rng: random.Random, bridge_chance: float = 0.3, swap_chance: float = 0.0
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


def midgame(stones: int = 60, bridges: int = 10) -> PonteGame:
    """The first seeded 12x12 game to reach `stones` stones, with white to move, that has
    `bridges` bridges (give or take one) at that point."""
    for seed in range(100):
        rng = random.Random(seed)
        game = PonteGame()
        while sum(cell is not None for cell in game.board.cells) < stones or game.ply % 2:
            game.push(random_turn(game, rng, bridge_chance=0.25))
        if abs(len(game.board.bridges) - bridges) <= 1:
            return game
    raise AssertionError("no seed gave the wanted mid-game")


def long_game(seeds: range = range(12)) -> PonteGame:
    """The longest finished 12x12 game among bridge-heavy random games."""
    longest = PonteGame()
    for seed in seeds:
        rng = random.Random(seed)
        game = PonteGame()
        while not game.is_over:
            game.push(random_turn(game, rng, bridge_chance=0.95))
        if game.ply > longest.ply:
            longest = game
    return longest


def endgame(seeds: range = range(20)) -> PonteGame:
    """A 12x12 position where the player to move may pass, with the most legal fields among
    seeded games: the costliest pass decision, as every pair of fields must fail."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        game = PonteGame()
        while not game.can_pass():
            game.push(random_turn(game, rng, bridge_chance=0.3))
        found.append(game)
    return max(found, key=lambda game: len(game.legal_fields()))
