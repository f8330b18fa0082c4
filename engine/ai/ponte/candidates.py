"""The turns worth a closer look in a Ponte del Diavolo position, each with its one-turn value.

A position offers thousands of stone pairs, so the search never lists them all: it values every
single legal field (placing one stone and evaluating), keeps the best fields, and pairs those
(P10 makes a pair legal exactly when the second stone is legal beside the first). Single stones
undervalue some pairs, which are added as planned: cutting an opponent's link needs both fields
under it, and completing a sandbank of two needs both stones. Bridges are few and all valued.
Pass is listed only when it is legal (P6).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import chain, combinations

from engine.ai.base import Rng, Stop
from engine.ai.ponte.evaluate import (
    Barred,
    colour_value,
    links,
    position_value,
    scored,
    sensitive,
)
from engine.ponte import Bridge, Move, Pass, Place, PonteGame
from engine.ponte.board import Board
from engine.ponte.variants import Colour

# The end of the game is worth more than any position; the score difference breaks ties so that
# a won game is won by as much as possible (and a lost one lost by as little).
WIN = 1000.0


@dataclass(frozen=True, slots=True)
class Valued:
    """A turn and its value for the mover after it (higher is better)."""

    value: float
    move: Move


def final_value(game: PonteGame, colour: Colour) -> float:
    """The value of a finished game for `colour`: won, drawn or lost, then the point margin."""
    outcome = game.outcome()
    assert outcome is not None and outcome.scores is not None
    margin = outcome.scores[colour] - outcome.scores[colour.other]
    if outcome.winner is None:
        return float(margin)
    return (WIN if outcome.winner is colour else -WIN) + margin


def mover(game: PonteGame) -> Colour:
    """The player to move in a game that goes on (nothing here is asked after the end)."""
    colour = game.to_move
    assert colour is not None, "the game is over"
    return colour


def legal_fields(game: PonteGame) -> list[int]:
    """Field indices where the player to move may place a stone now: `PonteGame.legal_fields`
    as indices, skipping taken and blocked fields before the rule check, which would build an
    error message for each of them (this runs for every reply the hard level weighs)."""
    if game.is_over:
        return []
    colour = mover(game)
    left = game.stones_left(colour)
    if left is not None and left < 2:
        return []
    return open_fields(game.board, colour)


def open_fields(board: Board, colour: Colour) -> list[int]:
    """Field indices where a stone of `colour` is legal on `board` (P7, P8, P12), supply aside."""
    cells, blocked, problem = board.cells, board.blocked, board.stone_problem
    return [
        i
        for i in board.geo.fields
        if cells[i] is None and not blocked[i] and problem(i, colour) is None
    ]


def field_values(game: PonteGame, fields: list[int], rng: Rng) -> list[tuple[float, int]]:
    """Each field with the mover's value after a single stone there, best first; fields of
    equal value come in random order, so that the pairs are not all made in one corner."""
    board, colour = game.board, mover(game)
    cells = board.cells
    theirs, touchy = colour_value(board, colour.other), sensitive(board, colour.other)
    barred: Barred = {}  # our stones never restrict the opponent's (P9): shared by our values
    valued = []
    for index in fields:
        cells[index] = colour  # placed and lifted again: no copy per field
        # The opponent's value changes only where the stone takes something from them.
        other = colour_value(board, colour.other) if index in touchy else theirs
        valued.append((colour_value(board, colour, barred) - other, rng.random(), index))
        cells[index] = None
    valued.sort(reverse=True)
    return [(value, index) for value, _, index in valued]


def planned_pairs(game: PonteGame, best: int) -> Iterator[tuple[int, int]]:
    """Pairs that single stones undervalue: the fields under every bridge that could still join
    two of the opponent's components (both must be filled to cut them apart), and two stones
    that together turn a sandbank of two into an island. `best` completes a lone field."""
    board, colour = game.board, mover(game)
    for under in links(board, colour.other):
        if len(under) <= 2:
            first, *rest = sorted(under)
            yield first, rest[0] if rest else best
    orthogonal, cells = board.geo.orthogonal, board.cells
    for members in scored(board, colour)[0].members:
        if len(members) != 2:
            continue
        around = {n for m in members for n in orthogonal[m] if cells[n] is None}
        for first in around:
            for second in orthogonal[first]:
                if cells[second] is None and second != first:
                    yield first, second
            for second in around:
                if second > first:
                    yield first, second


def pairs(game: PonteGame, wanted: Iterable[tuple[int, int]], stop: Stop) -> Iterator[Valued]:
    """Every legal pair among `wanted`, valued."""
    board, colour = game.board, mover(game)
    cells, blocked, problem, field = board.cells, board.blocked, board.stone_problem, board.field
    theirs, touchy = colour_value(board, colour.other), sensitive(board, colour.other)
    barred: Barred = {}  # as in `field_values`
    for first, second in wanted:
        if stop():
            return
        if first == second or blocked[first] or cells[first] is not None:
            continue
        if problem(first, colour) is None and problem(second, colour, also=first) is None:
            cells[first] = cells[second] = colour
            changed = first in touchy or second in touchy
            other = colour_value(board, colour.other) if changed else theirs
            value = colour_value(board, colour, barred) - other
            cells[first] = cells[second] = None
            yield Valued(value, Place(field(first), field(second)))


def after(game: PonteGame, move: Move) -> PonteGame:
    """A copy of `game` with `move` made."""
    child = game.copy()
    child.push(move)
    return child


def value_after(game: PonteGame, move: Move) -> float:
    """The mover's value after `move` (the exact result when it ends the game)."""
    colour = mover(game)
    child = after(game, move)
    if child.is_over:
        return final_value(child, colour)
    return position_value(child.board, colour)


def candidates(
    game: PonteGame, width: int, rng: Rng, stop: Stop, room: float = 0.0
) -> list[Valued]:
    """The mover's candidate turns, best first: pairs of the `width` best single fields and the
    planned pairs, every bridge, and pass when it is legal. With a weight `room`, each value
    also counts the fields where each colour may still place a stone (`with_room`)."""
    legal = legal_fields(game)
    fields = [index for _, index in field_values(game, legal, rng)[:width]]
    # P10: with no legal single field (a spent supply, P1, among other reasons) no pair is legal.
    planned = planned_pairs(game, fields[0]) if fields else iter(())
    wanted = dict.fromkeys((min(p), max(p)) for p in chain(combinations(fields, 2), planned))
    found = list(pairs(game, wanted, stop))
    others: list[Move] = list(game.legal_bridges())
    if game.can_pass():
        others.append(Pass())
    found += (Valued(value_after(game, move), move) for move in others)
    if room:
        found = with_room(game, found, legal, room)
    found.sort(key=lambda item: -item.value)
    return found


def with_room(game: PonteGame, found: list[Valued], mine: list[int], weight: float) -> list[Valued]:
    """`found` with each value raised by `weight` times the share of the board filled times the
    mover's room less the opponent's after the turn: the fields where each may still place a
    stone. A stone on a field both may use takes one from each; one on a field only the mover
    may use takes one from him alone. (Fields the turn's own stones make illegal for the mover
    are not counted here; the next expansion counts them.) Red's pass ends the game: its value
    is exact and stays."""
    board, colour = game.board, mover(game)
    theirs = set(open_fields(board, colour.other))
    own = set(mine)
    filled = board.filled()
    base = len(own) - len(theirs)

    def taken(fields: Iterable[int]) -> int:
        return sum((f in theirs) - (f in own) for f in fields)

    result = []
    for option in found:
        move = option.move
        if isinstance(move, Place):
            delta = taken((board.index(move.first), board.index(move.second)))
        elif isinstance(move, Bridge):
            delta = taken(board.under(move))
        elif colour is Colour.RED:
            result.append(option)  # P17: red's pass ends the game, valued exactly
            continue
        else:
            delta = 0
        result.append(Valued(option.value + weight * filled * (base + delta), move))
    return result
