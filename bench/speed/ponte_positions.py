"""Deterministic Ponte del Diavolo positions for the benchmarks (seeded random play)."""

from __future__ import annotations

import random

from engine.ai.ponte.playout import random_turn
from engine.ponte import PonteGame


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
