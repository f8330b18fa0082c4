"""Verbindung gesucht positions for tests: laid by hand with trusted pushes, or played at random."""

from __future__ import annotations

import random

from engine.ai.verbindung.playout import random_turn
from engine.verbindung import Face, Place, Player, Roll, Turn, VerbindungGame, draw_roll


def position(dice: dict[str, str], to_move: Player = Player.RED) -> VerbindungGame:
    """A game with `dice` ({"c3": "red-bridge ew"}) on the area, the opening over, `to_move` to
    roll. Built with trusted pushes, so the dice need not have been placeable."""
    places = []
    for name, spec in dice.items():
        face, *orientation = spec.split()
        places.append(Place.parse(" ".join([face, name, *orientation])))
    game = VerbindungGame()
    game.push(Roll(tuple(p.face for p in places) or (Face.ARCS,)))
    game.push(Turn(tuple(places)))
    for _ in range(3 if to_move is Player.RED else 4):
        game.push(Roll((Face.ARCS,)))
        game.push(Turn(()))
    assert game.to_move is to_move and game.phase == "roll" and not game.is_over
    return game


def open_game(seed: int) -> VerbindungGame:
    """A game after ten turns of random play, rolled for the next, with turns to choose from."""
    rng = random.Random(seed)
    game = VerbindungGame()
    while game.turns < 10:
        game.push(draw_roll(game, rng))
        if game.turns < 10:
            game.push(random_turn(game, rng))
    assert not game.is_over
    return game
