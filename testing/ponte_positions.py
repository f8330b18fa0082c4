"""Building Ponte del Diavolo positions for tests by playing real, checked turns.

A test names each colour's stones and bridges; the helper plays them as alternating turns (white's
stones in pairs, then its bridges; red likewise) and pads the colour with fewer turns with filler
stones in rows 9-12, laid as a checkerboard: each filler is a lone stone that touches its own
colour only diagonally, so it changes no rule outcome in rows 1-7, where the tests build.
"""

from __future__ import annotations

import pytest

from engine import Field, IllegalMoveError
from engine.ponte import Colour, PonteGame

F = Field.parse

_FILLER_ROWS = (12, 11, 10, 9)
WHITE_FILLER = [
    f"{c}{r}" for r in _FILLER_ROWS for i, c in enumerate("abcdefghijkl") if (i + r) % 2
]
RED_FILLER = [
    f"{c}{r}" for r in _FILLER_ROWS for i, c in enumerate("abcdefghijkl") if (i + r) % 2 == 0
]


def _turns(stones: str, bridges: str, filler: list[str]) -> tuple[list[str], list[str]]:
    fields = stones.split()
    if len(fields) % 2:
        fields.append(filler.pop(0))
    turns = [f"{fields[i]} {fields[i + 1]}" for i in range(0, len(fields), 2)]
    return turns + bridges.split(), filler


def position(
    white: str = "",
    red: str = "",
    white_bridges: str = "",
    red_bridges: str = "",
    to_move: Colour = Colour.WHITE,
) -> PonteGame:
    """A 12x12 game whose board holds these stones and bridges, with `to_move` to play."""
    white_turns, white_filler = _turns(white, white_bridges, WHITE_FILLER.copy())
    red_turns, red_filler = _turns(red, red_bridges, RED_FILLER.copy())
    # White moves first: after equal numbers of turns white is to move, after one more red is.
    white_count = max(len(white_turns), len(red_turns) + (to_move is Colour.RED), 1)
    red_count = white_count - (to_move is Colour.RED)
    while len(white_turns) < white_count:
        white_turns.append(f"{white_filler.pop(0)} {white_filler.pop(0)}")
    while len(red_turns) < red_count:
        red_turns.append(f"{red_filler.pop(0)} {red_filler.pop(0)}")
    game = PonteGame()
    for number in range(len(white_turns) + len(red_turns)):
        turns = red_turns if number % 2 else white_turns
        game.play(turns[number // 2])
    assert game.to_move is to_move
    return game


def error_of(game: PonteGame, text: str) -> IllegalMoveError:
    """The error `text` raises in `game`, checking that the game is left unchanged."""
    before = (game.moves, game.board.copy(), game.to_move)
    with pytest.raises(IllegalMoveError) as caught:
        game.play(text)
    assert (game.moves, game.board, game.to_move) == before
    assert caught.value.message  # plain words for the player
    return caught.value


def rule_of(game: PonteGame, text: str) -> str:
    """The rule id `text` breaks in `game`, checking that the game is left unchanged."""
    return error_of(game, text).rule


def checkerboard(size: int, parity: int, skip: tuple[str, ...] = ()) -> list[str]:
    """Fields of one colour of a checkerboard, canonical order: lone stones touching diagonally."""
    letters = "abcdefghijkl"[:size]
    fields = [f"{c}{r}" for c in letters for r in range(1, size + 1)]
    return [f for f in fields if (F(f).col + F(f).row) % 2 == parity and f not in skip]


def classic_filled(white_turns: int, red_turns: int, red_skip: tuple[str, ...] = ()) -> PonteGame:
    """A classic game where white fills even and red odd checkerboard fields, two per turn.

    Red never takes b1 (nor `red_skip`), so white's a1-c1 bridge stays possible.
    """
    game = PonteGame("classic")
    white, red = checkerboard(10, 0), checkerboard(10, 1, skip=("b1", *red_skip))
    for turn in range(max(white_turns, red_turns)):
        if turn < white_turns:
            game.play(f"{white[2 * turn]} {white[2 * turn + 1]}")
        if turn < red_turns:
            game.play(f"{red[2 * turn]} {red[2 * turn + 1]}")
    return game
