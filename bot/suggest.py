"""Move suggestions for `/move`'s autocomplete: legal moves that complete what a player typed.

Pure and cheap (well under Discord's 3 seconds: a few engine queries), so it runs on the event
loop. Every suggestion is a whole legal move in canonical notation, so picking one always works.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import islice

from engine.coords import Field
from engine.errors import EngineError
from engine.ponte import Pass, Place, PonteGame, Swap
from engine.verbindung import Turn, VerbindungGame, parse_action
from engine.verbindung.moves import Action

LIMIT = 25
"""Discord shows at most 25 choices."""


def suggest(game: PonteGame | VerbindungGame, typed: str, limit: int = LIMIT) -> list[str]:
    """Up to `limit` legal moves for the player to move that fit `typed`, best first."""
    if game.is_over:
        return []
    text = re.sub(r"\s*-\s*", "-", " ".join(typed.lower().split()))  # "c3 - e4" is "c3-e4"
    moves = _ponte(game, text) if isinstance(game, PonteGame) else _verbindung(game, text)
    return list(islice(_unique(moves), limit))


def _unique(moves: Iterable[str]) -> Iterator[str]:
    seen: set[str] = set()
    for move in moves:
        if move not in seen:
            seen.add(move)
            yield move


# Ponte del Diavolo -------------------------------------------------------------------------------


def _ponte(game: PonteGame, text: str) -> Iterator[str]:
    specials = [str(Swap())] if game.ply == 1 else []
    if game.ply >= 2 and game.can_pass():
        specials.append(str(Pass()))
    yield from (move for move in specials if move.startswith(text))
    if "-" in text or _is_field(text, game.variant.size):
        yield from _bridges(game, text)
    if "-" not in text:
        yield from _placements(game, text.split())


def _bridges(game: PonteGame, text: str) -> Iterator[str]:
    start = text.split("-", maxsplit=1)[0]
    for bridge in game.legal_bridges():
        ends = (f"{bridge.first}-{bridge.second}", f"{bridge.second}-{bridge.first}")
        for written in ends:
            if written.startswith(text) or (start and written.startswith(f"{start}-")):
                yield str(bridge)
                break


def _placements(game: PonteGame, words: list[str]) -> Iterator[str]:
    if len(words) > 2 or (game.ply >= 2 and game.stones_left(game.to_move) == 0):
        return
    fields = game.legal_fields()
    first_prefix = words[0] if words else ""
    second_prefix = words[1] if len(words) == 2 else ""
    firsts = [f for f in fields if _fits(f, first_prefix, exact=len(words) == 2)]
    for first in firsts:
        partners = sorted(
            (f for f in fields if f != first and str(f).startswith(second_prefix)),
            key=lambda f: (abs(f.col - first.col) + abs(f.row - first.row), f),
        )
        yield from _legal_pairs(game, first, partners, per_first=25 if len(firsts) == 1 else 2)


def _legal_pairs(
    game: PonteGame, first: Field, partners: list[Field], per_first: int
) -> Iterator[str]:
    found = 0
    for second in partners:
        if found == per_first:
            return
        move = Place(first, second)
        if game.is_legal(move):
            found += 1
            yield str(move)


def _fits(field: Field, prefix: str, exact: bool) -> bool:
    return str(field) == prefix if exact else str(field).startswith(prefix)


def _is_field(text: str, size: int) -> bool:
    try:
        return Field.parse(text).on_board(size)
    except EngineError:
        return False


# Verbindung gesucht ------------------------------------------------------------------------------


def _verbindung(game: VerbindungGame, text: str) -> Iterator[str]:
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
