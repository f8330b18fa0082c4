"""Ponte del Diavolo notation: canonical forms, forgiving input, typed errors."""

from __future__ import annotations

import pytest

from engine import Field, InvalidMoveError
from engine.ponte import Bridge, Colour, Pass, Place, PonteGame, Resign, Swap, parse_move
from engine.ponte.moves import Move

F = Field.parse


@pytest.mark.parametrize(
    ("text", "move", "canonical"),
    [
        ("c3 d5", Place(F("c3"), F("d5")), "c3 d5"),
        ("D5 C3", Place(F("c3"), F("d5")), "c3 d5"),
        ("  c3,d5 ", Place(F("c3"), F("d5")), "c3 d5"),
        ("c3 ,  d5", Place(F("c3"), F("d5")), "c3 d5"),
        ("l12 a1", Place(F("a1"), F("l12")), "a1 l12"),
        ("b10 b9", Place(F("b9"), F("b10")), "b9 b10"),  # by row number, not text
        ("c3-e4", Bridge(F("c3"), F("e4")), "c3-e4"),
        ("E4 - c3", Bridge(F("c3"), F("e4")), "c3-e4"),
        ("c3\u2013e4", Bridge(F("c3"), F("e4")), "c3-e4"),  # a phone's en dash
        ("PASS", Pass(), "pass"),
        (" swap ", Swap(), "swap"),
        ("Resign  Red", Resign(Colour.RED), "resign red"),
    ],
)
def test_notation_parses_forgiving_input_to_one_canonical_form(text, move, canonical):
    parsed = parse_move(text)
    assert parsed == move
    assert str(parsed) == canonical
    assert parse_move(str(parsed)) == parsed
    assert eval(repr(parsed), {**globals(), "Colour": Colour}) == parsed


@pytest.mark.parametrize(
    "text", ["", "c3", "c3 d5 e6", "c0 d5", "c3-", "3c 5d", "resign blue", "c3--e4", "p4ss"]
)
def test_notation_rejects_what_is_not_a_move(text):
    with pytest.raises(InvalidMoveError) as caught:
        parse_move(text)
    assert caught.value.message


def test_bare_resign_needs_the_game_to_know_who():
    with pytest.raises(InvalidMoveError):
        parse_move("resign")
    game = PonteGame()
    game.play("c3 d5")
    assert game.parse_move("resign") == Resign(Colour.RED)


def test_moves_are_hashable_values():
    moves: set[Move] = {Place(F("c3"), F("d5")), Place(F("d5"), F("c3")), Pass(), Pass()}
    assert len(moves) == 2
