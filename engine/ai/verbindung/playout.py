"""Seeded random play of Verbindung gesucht: the policy of the benchmarks' and tests' random
games."""

from __future__ import annotations

from engine.ai.base import Rng
from engine.verbindung import Turn, VerbindungGame
from engine.verbindung.moves import Action


def random_turn(game: VerbindungGame, rng: Rng, most: int = 2, stop_chance: float = 0.0) -> Turn:
    """A random legal turn built action by action from the engine's listings.

    It stops once the turn is complete and has `most` actions, or earlier with `stop_chance`;
    the white-cross duty may make it go on. Options are sorted so that a seed gives the same turn
    whatever the hash seed.
    """
    actions: list[Action] = []
    while len(actions) < 2:
        complete = game.is_legal(Turn(tuple(actions)))
        if complete and (len(actions) >= most or rng.random() < stop_chance):
            break
        options: list[Action] = [p for f in set(game.roll) for p in game.placements(f, actions)]
        options += game.exchanges(actions)
        if not options:
            break
        actions.append(rng.choice(sorted(options, key=str)))
    return Turn(tuple(actions))
