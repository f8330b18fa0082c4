"""The pie rule (P4) from both sides, decided by the computer's own model of the openings.

After white's two opening stones red may play on, or swap and take them over, which leaves the
same position with the other player to move. So the opening is worth `red_chance` to the second
player who keeps red, and one minus that to the one who swaps: the second player swaps exactly
when the opening is worth more to the first player than to the second, `red_chance` below one
half. Two stones mean little to the evaluation (every opening is worth about the same number of
points), so the chance comes from a model of the openings fitted to played games: white's edge
comes mostly from moving first, more with two stones side by side, a bridge apart or diagonal,
and in the middle, less with two stones far apart or in the corners.

As the first player the computer wants the opposite: stones whose `red_chance` is as close to one
half as it can find, so that the choice is even. An opening that is always swapped is as bad as
one that always wins (against a player who knows the rule, it does not win at all). It looks at
openings of every kind: two stones side by side, diagonal, a bridge apart or far apart, in the
middle, nearer the edge or on it, and picks at random among the few closest to even.
"""

from __future__ import annotations

import math

from engine.ai.base import Rng
from engine.coords import Field
from engine.ponte import Move, Place, PonteGame, Swap

SHAPES = ((1, 0), (1, 1), (2, 1), (2, 0), (2, 2), (3, 1), (4, 2), (5, 3))
"""The offsets of the second opening stone from the first: from side by side to far apart."""

LOOKED_AT = 36
"""Openings valued when the computer opens."""

CLOSEST = 4
"""The computer opens with one of the few openings closest to even, at random."""

WEIGHTS = (-0.147, 0.210, 0.503, 0.267, 0.403)
"""The opening model: the intercept, then the weights of `opening_features`. A logistic
regression of white's win on them over 968 games between two normal players, red playing on
(`python -m bench.ponte_openings`): 488 random openings, and 60 games each of eight fixed ones,
where white won 72% after f6 f7, 67% after a6 a7, 63% after f6 h7, 55% after a1 a2, 52% after f6
g7, 48% after d4 i9 and 37% after a1 l12 (56.5% over all)."""


def white_chance(game: PonteGame) -> float:
    """The chance that white wins after white's two opening stones in `game`, if red plays on
    (the opening model, fitted to games: see the module)."""
    score = WEIGHTS[0] + sum(
        w * x for w, x in zip(WEIGHTS[1:], opening_features(game), strict=True)
    )
    return 1.0 / (1.0 + math.exp(-score))


def red_chance(game: PonteGame) -> float:
    """Red's chance of winning by playing on after white's opening (no swap)."""
    return 1.0 - white_chance(game)


def opening_features(game: PonteGame) -> tuple[float, ...]:
    """What the opening model knows of white's two opening stones: how central they are (the
    distance to the nearest edge, counted up to 3, of both), and whether they lie side by side,
    diagonally or a bridge apart (P11)."""
    board = game.board
    first, second = (board.field(i) for i, cell in enumerate(board.cells) if cell is not None)
    size = board.size
    centre = sum(min(f.col, f.row, size - 1 - f.col, size - 1 - f.row, 3) for f in (first, second))
    dc, dr = abs(first.col - second.col), abs(first.row - second.row)
    return (
        centre / 6,
        float(dc + dr == 1),
        float(dc == dr == 1),
        float(max(dc, dr) == 2 and min(dc, dr) <= 2),
    )


def wants_swap(chance: float) -> bool:
    """Whether the second player should swap an opening that leaves red `chance` (P4)."""
    return chance < 0.5


def openings(size: int, rng: Rng, count: int = LOOKED_AT) -> list[Place]:
    """`count` different openings of every shape, in every part of the board, in random order."""
    found: dict[Place, None] = {}
    tries = 0
    while len(found) < count and tries < 50 * count:
        tries += 1
        dc, dr = rng.choice(SHAPES)
        if rng.random() < 0.5:
            dc, dr = dr, dc
        if rng.random() < 0.5:
            dr = -dr
        first = Field(int(rng.random() * size), int(rng.random() * size))
        second = Field(first.col + dc, first.row + dr)
        if second.on_board(size):
            found[Place(first, second)] = None
    return list(found)


def first_turn(game: PonteGame, rng: Rng, target: float = 0.5) -> Place:
    """White's opening stones: one of the `CLOSEST` openings looked at whose `white_chance` is
    nearest to `target` (one half: an even choice for the second player)."""
    size = game.variant.size
    valued = []
    for opening in openings(size, rng):
        child = PonteGame(game.variant)
        child.push(opening)
        valued.append((abs(white_chance(child) - target), rng.random(), opening))
    valued.sort()
    return rng.choice(valued[:CLOSEST])[2]


def opening_move(game: PonteGame, rng: Rng) -> Move | None:
    """The computer's turn where the opening decides it, as every searching level plays it:
    White's first stones (`first_turn`), then Red's pie rule (`wants_swap`); None once the
    game is past them (a search decides)."""
    if game.ply == 0:
        return first_turn(game, rng)
    if game.ply == 1 and wants_swap(red_chance(game)):
        return Swap()
    return None
