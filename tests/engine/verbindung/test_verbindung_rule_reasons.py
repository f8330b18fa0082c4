"""Verbindung gesucht: each broken rule says what is wrong as data (reason id, fields, the face),
and errors about the dice restate the roll, so every language can say it (issue 13)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMoveError, InvalidMoveError
from engine.verbindung import VerbindungGame
from testing.verbindung_positions import position


def error_of(game: VerbindungGame, text: str) -> IllegalMoveError:
    """The error `text` raises in `game`, checking that the game is left unchanged."""
    before = game.copy()
    with pytest.raises(IllegalMoveError) as caught:
        game.play(text)
    assert game == before
    return caught.value


def opened(roll: str) -> VerbindungGame:
    """Red to play `roll` (three dice) on an empty area after the opening turns."""
    game = position({})
    game.play(roll)
    return game


def test_V6_a_face_that_was_not_rolled_is_named_with_the_roll():
    game = VerbindungGame()
    game.play("roll white-cross red-cross")
    error = error_of(game, "black-cross a2")
    assert (error.rule, error.reason) == ("V6", "not_rolled")
    assert error.params["face"] == "black-cross"
    assert error.params["roll"] == error.params["left"] == "red-cross, white-cross"


def test_V6_a_face_placed_already_is_told_apart_from_one_never_rolled():
    error = error_of(opened("roll red-cross black-cross arcs"), "red-cross a2, red-cross b2")
    assert (error.rule, error.reason, error.params["face"]) == ("V6", "face_used", "red-cross")
    assert error.params["roll"] == "red-cross, black-cross, arcs"
    assert error.params["left"] == "black-cross, arcs"  # what the second placement could use


def test_V6_a_third_placement_is_too_many():
    game = opened("roll red-cross red-cross red-cross")
    error = error_of(game, "red-cross a2, red-cross b2, red-cross c2")
    assert (error.rule, error.reason) == ("V6", "too_many")
    assert error.params["roll"] == "red-cross, red-cross, red-cross"


def test_V6_an_unplaced_white_cross_says_how_many_were_owed():
    game = VerbindungGame()
    game.play("roll white-cross red-cross")
    error = error_of(game, "red-cross a2")
    assert (error.rule, error.reason) == ("V6", "white_cross_unplaced")
    assert (error.params["count"], error.params["placed"]) == ("1", "0")
    assert error.params["roll"] == "red-cross, white-cross"


def test_V6_the_three_cases_have_three_reasons():
    reasons = {
        error_of(opened("roll red-cross red-cross red-cross"), turn).reason
        for turn in ("black-cross a2", "red-cross a2, red-cross b2, red-cross c2")
    }
    whites = VerbindungGame()
    whites.play("roll white-cross red-cross")
    reasons.add(error_of(whites, "red-cross a2").reason)
    assert reasons == {"not_rolled", "too_many", "white_cross_unplaced"}


@pytest.mark.parametrize(
    ("dice", "turn", "rule", "reason", "fields"),
    [
        ({"a2": "red-cross"}, "red-cross a2", "V7", "occupied", ("a2",)),
        ({}, "red-cross c3", "V7", "no_path", ("c3",)),
        ({}, "red-cross g1", "V1", "off_board", ("g1",)),
        ({}, "exchange c3", "V10", "no_die", ("c3",)),
        ({"a2": "red-cross"}, "exchange a2", "V10", "exchange_useless", ("a2",)),
    ],
)
def test_V1_V7_V10_a_placement_names_its_field(dice, turn, rule, reason, fields):
    game = position(dice)
    game.play("roll red-cross arcs black-cross")
    error = error_of(game, turn)
    assert (error.rule, error.reason, error.fields) == (rule, reason, fields)


def test_V5_the_order_of_roll_and_turn_has_its_reasons():
    game = VerbindungGame()
    assert error_of(game, "red-cross a2").reason == "roll_first"
    wrong = error_of(game, "roll arcs arcs arcs")
    assert (wrong.reason, wrong.params) == ("dice_count", {"count": "2", "given": "3"})
    game.play("roll arcs red-cross")
    again = error_of(game, "roll arcs arcs")
    assert (again.reason, again.params["roll"]) == ("rolled_already", "red-cross, arcs")


@pytest.mark.parametrize(
    ("text", "reason", "params"),
    [
        ("arcs a2", "needs_orientation", {"face": "arcs", "options": "ne/se/sw/nw"}),
        ("white-cross a2 ns", "no_orientation", {"face": "white-cross"}),
        (
            "arcs a2 ns",
            "wrong_orientation",
            {"face": "arcs", "orientation": "ns", "options": "ne/se/sw/nw"},
        ),
        ("arcs a2 up", "not_an_orientation", {"text": "up"}),
        ("arcs", "not_a_placement", {"text": "arcs"}),
        ("arcs zz ne", "not_a_field", {"text": "zz"}),
    ],
)
def test_unreadable_text_says_why_as_data(text, reason, params):
    with pytest.raises(InvalidMoveError) as caught:
        VerbindungGame().parse_move(text)
    assert (caught.value.reason, caught.value.params) == (reason, params)


def test_an_unknown_face_lists_the_faces():
    with pytest.raises(InvalidMoveError) as caught:
        VerbindungGame().parse_move("blue-cross a2")
    assert caught.value.reason == "not_a_face"
    assert caught.value.params["text"] == "blue-cross"
    assert "white-cross" in caught.value.params["faces"].split(", ")
