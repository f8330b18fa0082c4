"""Ponte del Diavolo moves that complete what a player typed, for `/move`'s autocomplete.

Pure and cheap (a few engine queries); every suggestion is a whole legal move in canonical
notation, so picking one always works.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.coords import Field
from engine.errors import EngineError
from engine.ponte import Pass, Place, PonteGame, Swap


def candidates(game: PonteGame, text: str) -> Iterator[str]:
    """Legal turns that fit `text` (already normalised), the likeliest first."""
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
    if len(words) > 2 or (game.ply >= 2 and game.stones_left(game.turn) == 0):
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
