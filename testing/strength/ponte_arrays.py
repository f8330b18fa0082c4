"""The arrays of `ponte_jit` built from the engine: a board size's tables of neighbours and
bridges, and the position of an engine game."""

from __future__ import annotations

from functools import cache

import numpy as np

from engine.coords import Field
from engine.ponte import Bridge, Colour, PonteGame
from engine.ponte.geometry import BRIDGE_OFFSETS, crossing_offsets, geometry
from testing.strength.ponte_jit import (
    BRIDGES,
    FINAL,
    FREE,
    ISLAND,
    LEFT,
    OVER,
    RED,
    SCALARS,
    TURN,
    WHITE,
    Ints,
    State,
    Tables,
    mark_bridge,
    place,
)


def _padded(rows: list[list[int]] | list[tuple[int, ...]], width: int | None = None) -> Ints:
    """Rows of different lengths as one array, filled up with -1."""
    width = max((len(row) for row in rows), default=0) if width is None else width
    table = np.full((len(rows), max(width, 1)), -1, np.int32)
    for i, row in enumerate(rows):
        table[i, : len(row)] = row
    return table


@cache
def tables(size: int) -> Tables:
    """The tables of a `size` board, computed once: per field its orthogonal neighbours and the
    eight around, per bridge its ends and the fields under it (the same one twice for a straight
    or diagonal bridge), per field the bridges ending there and their other ends, per bridge
    those it crosses or touches (P14)."""
    geo = geometry(size)
    ends, under, keys = [], [], []
    for index in geo.fields:
        for span in geo.spans[index]:
            ends.append((index, span.other))
            under.append((span.blocked[0], span.blocked[-1]))
            keys.append((*divmod(index, size), span.shape))
    at: list[list[int]] = [[] for _ in geo.fields]
    others: list[list[int]] = [[] for _ in geo.fields]
    for number, (first, second) in enumerate(ends):
        at[first].append(number)
        others[first].append(second)
        at[second].append(number)
        others[second].append(first)
    by_key = {key: number for number, key in enumerate(keys)}
    offsets = crossing_offsets()
    crossing = []
    for number, (col, row, shape) in enumerate(keys):
        found = (
            by_key.get((col + dc, row + dr, other))
            for other in range(len(BRIDGE_OFFSETS))
            for dc, dr in offsets[shape, other]
        )
        crossing.append([n for n in found if n is not None and n != number])
    return (
        _padded(list(geo.orthogonal), 4),
        _padded(list(geo.ring), 8),
        np.array(ends, np.int32),
        np.array(under, np.int32),
        _padded(at),
        _padded(others),
        _padded(crossing),
    )


@cache
def bridge_numbers(size: int) -> dict[tuple[int, int], int]:
    """(one end, other end) -> the bridge's number in `tables`, both orders."""
    numbers = {}
    for number, (first, second) in enumerate(tables(size)[2].tolist()):
        numbers[first, second] = numbers[second, first] = number
    return numbers


def empty_state(size: int) -> State:
    """An empty `size` board, white to move, unlimited supplies."""
    count, bridges_count = size * size, len(tables(size)[2])
    scalars = np.zeros(SCALARS, np.int32)
    scalars[FREE], scalars[TURN] = count, WHITE
    scalars[LEFT + WHITE] = scalars[LEFT + RED] = scalars[BRIDGES] = -1
    return (
        np.zeros(count, np.int8),
        np.zeros(count, np.int8),
        np.zeros(count, np.int8),
        np.zeros((3, count), np.int8),
        np.full(count, -1, np.int32),
        np.full((count, ISLAND), -1, np.int32),
        np.zeros(count, np.int32),
        np.zeros(bridges_count, np.int8),
        np.zeros((3, bridges_count), np.int32),
        np.zeros(3, np.int32),
        np.zeros(count, np.int32),
        scalars,
    )


COLOURS = {Colour.WHITE: WHITE, Colour.RED: RED}


def state_of(game: PonteGame) -> State:
    """The position of an engine game."""
    board = game.board
    t, s = tables(board.size), empty_state(board.size)
    for field, cell in enumerate(board.cells):
        if cell is not None:
            place(t, s, field, COLOURS[cell])
    numbers = bridge_numbers(board.size)
    for bridge in board.bridges:
        mark_bridge(t, s, numbers[board.index(bridge.first), board.index(bridge.second)])
    scalars = s[11]
    # After the end nobody is to move; the turn then means nothing.
    scalars[TURN] = WHITE if game.to_move is None else COLOURS[game.to_move]
    scalars[FINAL], scalars[OVER] = game.is_final_turn(), game.is_over
    for colour, code in COLOURS.items():
        left = game.stones_left(colour)
        scalars[LEFT + code] = -1 if left is None else left
    scalars[BRIDGES] = -1 if game.bridges_left is None else game.bridges_left
    return s


def bridge_move(size: int, number: int) -> Bridge:
    """Bridge `number` as an engine move."""
    first, second = tables(size)[2][number].tolist()
    return Bridge(Field.from_index(first, size), Field.from_index(second, size))
