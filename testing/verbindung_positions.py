"""Verbindung gesucht positions built by hand for tests: dice laid with trusted pushes."""

from __future__ import annotations

from engine.verbindung import Face, Place, Player, Roll, Turn, VerbindungGame


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
