"""Verbindung gesucht turns that complete what a player typed, for `/move`'s autocomplete.

Pure and cheap (a few engine queries); every suggestion is a whole legal turn for the dice rolled,
in canonical notation, so picking one always works.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from engine.errors import EngineError
from engine.verbindung import Turn, VerbindungGame, parse_action
from engine.verbindung.moves import Action


def candidates(game: VerbindungGame, text: str) -> Iterator[str]:
    """Legal turns that fit `text` (already normalised): `pass`, then by the typed words."""
    if game.phase != "place":
        return
    *done_parts, partial = text.split(",")
    try:
        done = [parse_action(part) for part in done_parts]
        if len(done) >= 2:
            return
        if not done and game.is_legal(Turn(())) and "pass".startswith(partial.strip()):
            yield "pass"
        words = partial.split()
        for action in _actions(game, done):
            if all(word in str(action) for word in words):
                yield from _complete_turns(game, (*done, action))
    except EngineError:  # what was typed before the last comma is not a legal start
        return


def _complete_turns(game: VerbindungGame, actions: tuple[Action, ...]) -> Iterator[str]:
    """The turn if it is legal as it stands, else a few legal turns that add a second action
    (two rolled white crosses, say, must both be placed)."""
    if game.is_legal(Turn(actions)):
        yield str(Turn(actions))
    elif len(actions) == 1:
        seconds = (Turn((*actions, a)) for a in _actions(game, list(actions)))
        yield from islice((str(t) for t in seconds if game.is_legal(t)), 3)


def _actions(game: VerbindungGame, done: list[Action]) -> Iterator[Action]:
    for face in dict.fromkeys(game.roll):
        yield from game.placements(face, done)
    yield from game.exchanges(done)
