"""Ponte del Diavolo moves that complete what a player typed, for `/move`'s autocomplete.

Pure, cheap and lazy (the caller stops after a screenful); every suggestion is a whole legal
move. What the player typed stays first (`f6 e6`, not the canonical `e6 f6`): the parser reads
both orders, and a completion that reorders the typed field reads as if it had been dropped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain, zip_longest

from engine.coords import Field
from engine.errors import EngineError
from engine.ponte import Bridge, Colour, Pass, Place, PonteGame, Swap
from engine.ponte.board import ISLAND

PER_FIELD = 2
"""Partners offered for each first stone when several first stones fit, so that the list shows
many fields instead of one field's neighbours."""

ALL_PARTNERS = 25
"""Partners offered when only one first stone fits (as many as Discord shows)."""

REACH = 2
"""How far from the player's own stones a stone still counts as useful: a bridge spans two."""


def candidates(game: PonteGame, text: str) -> Iterator[str]:
    """Legal turns that fit `text` (already normalised), the likeliest first."""
    yield from (move for move in _specials(game) if move.startswith(text))
    if not text:
        yield from _useful(game)
        return
    if "-" in text or _is_field(text, game.variant.size):
        yield from _bridges(game, text)
    if "-" not in text:
        yield from _placements(game, text.split())


def _specials(game: PonteGame) -> list[str]:
    # At most one of them: swap is the second turn's only, pass comes later (P4, P6).
    if game.ply == 1:
        return [str(Swap())]
    return [str(Pass())] if game.can_pass() else []


# An empty prompt ----------------------------------------------------------------------------


def _useful(game: PonteGame) -> Iterator[str]:
    """Stones at the player's own groups and the player's bridges, taking turns; then stones
    from the middle of the board outwards (the opening, or when nothing is near)."""
    fields, seen = set(_can_place(game)), set[Place]()
    groups = _own_groups(game)
    near = _near_own(game, fields, groups)
    pairs = _pairs_from(game, sorted(near, key=near.__getitem__), fields, seen)
    bridges = sorted(game.legal_bridges(), key=lambda b: _bridge_rank(game, b, groups))
    taking_turns = chain.from_iterable(zip_longest(pairs, map(str, bridges)))
    yield from (move for move in taking_turns if move is not None)
    middle_first = sorted(fields, key=lambda f: (_off_centre(game, f), f))
    yield from _pairs_from(game, middle_first, fields, seen)


def _mover(game: PonteGame) -> Colour:
    """The player to move (suggestions are made only while the game goes on)."""
    colour = game.to_move
    assert colour is not None, "the game is over"
    return colour


Group = frozenset[int]
"""A group of the player's stones, by board index."""


def _own_groups(game: PonteGame) -> dict[int, Group]:
    """The group each of the player's stones belongs to, by board index."""
    board, colour = game.board, _mover(game)
    groups: dict[int, Group] = {}
    for index, cell in enumerate(board.cells):
        if cell is colour and index not in groups:
            group = frozenset(board.group(index, colour, limit=board.size * board.size))
            groups.update(dict.fromkeys(group, group))
    return groups


Rank = tuple[int, int, float, Field]


def _near_own(game: PonteGame, fields: set[Field], groups: dict[int, Group]) -> dict[Field, Rank]:
    """The fields of `fields` within `REACH` of the player's stones, each with its rank."""
    board = game.board
    near: dict[Field, Rank] = {}
    for index in groups:
        stone = board.field(index)
        for col in range(stone.col - REACH, stone.col + REACH + 1):
            for row in range(stone.row - REACH, stone.row + REACH + 1):
                field = Field(col, row)
                if field in fields and field not in near:
                    near[field] = _field_rank(game, field, groups)
    return near


def _field_rank(game: PonteGame, field: Field, groups: dict[int, Group]) -> Rank:
    """First the stone that makes the largest group (an island scores, P19), then the stones
    that touch the player's (the others are a bridge away), then the middle of the board."""
    geo, index = game.board.geo, game.board.index(field)
    joined = {groups[i] for i in geo.orthogonal[index] if i in groups}
    touches = any(i in groups for i in geo.ring[index])
    size = sum(map(len, joined))
    return (-size, 1 if touches else REACH, _off_centre(game, field), field)


def _bridge_rank(game: PonteGame, bridge: Bridge, groups: dict[int, Group]) -> int:
    """Bridges at islands first (joined islands score, P19), then those at sandbanks (the sort
    is stable: the engine's canonical order breaks ties)."""
    ends = (game.board.index(bridge.first), game.board.index(bridge.second))
    return -sum(len(groups[end]) == ISLAND for end in ends)


def _can_place(game: PonteGame) -> list[Field]:
    left = game.stones_left(_mover(game))
    return [] if left is not None and left < 2 else game.legal_fields()


def _off_centre(game: PonteGame, field: Field) -> float:
    middle = (game.variant.size - 1) / 2
    return abs(field.col - middle) + abs(field.row - middle)


def _pairs_from(
    game: PonteGame, firsts: Iterable[Field], fields: set[Field], seen: set[Place]
) -> Iterator[str]:
    """For each of `firsts` in turn, its nearest legal partners (the middle breaks ties)."""
    for first in firsts:
        yield from _legal_pairs(game, first, _by_distance(game, first, fields), PER_FIELD, seen)


def _by_distance(game: PonteGame, first: Field, fields: set[Field]) -> Iterator[Field]:
    """The fields of `fields` other than `first`, nearest first (ring by ring, so that the
    caller, who stops after a few, pays for a few rings only)."""
    for steps in range(1, 2 * game.variant.size):
        ring = []
        for d_col in range(-steps, steps + 1):
            d_row = steps - abs(d_col)
            ring.append(Field(first.col + d_col, first.row + d_row))
            if d_row:
                ring.append(Field(first.col + d_col, first.row - d_row))
        yield from sorted((f for f in ring if f in fields), key=lambda f: (_off_centre(game, f), f))


# A typed start ------------------------------------------------------------------------------


def _bridges(game: PonteGame, text: str) -> Iterator[str]:
    start = text.split("-", maxsplit=1)[0]
    for bridge in game.legal_bridges():
        ends = (f"{bridge.first}-{bridge.second}", f"{bridge.second}-{bridge.first}")
        for written in ends:
            if written.startswith(text) or (start and written.startswith(f"{start}-")):
                yield written  # from the end the player typed
                break


def _placements(game: PonteGame, words: list[str]) -> Iterator[str]:
    if len(words) > 2:
        return
    fields, seen = set(_can_place(game)), set[Place]()
    second_prefix = words[1] if len(words) == 2 else ""
    firsts = sorted(f for f in fields if _fits(f, words[0], exact=len(words) == 2))
    per_first = ALL_PARTNERS if len(firsts) == 1 else PER_FIELD
    for first in firsts:
        partners = (
            f for f in _by_distance(game, first, fields) if str(f).startswith(second_prefix)
        )
        yield from _legal_pairs(game, first, partners, per_first, seen)


def _legal_pairs(
    game: PonteGame, first: Field, partners: Iterable[Field], per_first: int, seen: set[Place]
) -> Iterator[str]:
    """Up to `per_first` legal turns of `first` and one of `partners` not in `seen` (which they
    join), `first` written first: "f6 f7" and "f7 f6" are one move."""
    found = 0
    for second in partners:
        if found == per_first:
            return
        move = Place(first, second)
        if move not in seen and game.is_legal(move):
            seen.add(move)
            found += 1
            yield f"{first} {second}"


def _fits(field: Field, prefix: str, exact: bool) -> bool:
    return str(field) == prefix if exact else str(field).startswith(prefix)


def _is_field(text: str, size: int) -> bool:
    try:
        return Field.parse(text).on_board(size)
    except EngineError:
        return False
