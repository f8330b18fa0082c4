"""Ponte del Diavolo: every illegal move says what is wrong as data (reason id and fields), so that
each language can name the field and the reason (issue 13: `f5 j1`, `h8 j1`, `j1 j1`)."""

from __future__ import annotations

import pytest

from engine.errors import InvalidMoveError
from engine.ponte import Colour, PonteGame, parse_move
from testing.ponte_positions import classic_filled, error_of, position

BRIDGE_OVER_H8 = {"white": "g7 i9 c3 e3", "white_bridges": "g7-i9", "red": "f5 b2"}


@pytest.mark.parametrize(
    ("move", "rule", "reason", "fields"),
    [
        ("f5 j1", "P5", "taken", ("f5",)),  # red's stone
        ("j1 c3", "P5", "taken", ("c3",)),  # the second stone, on one of white's own
        ("h8 j1", "P12", "under_bridge", ("h8",)),
        ("j1 h8", "P12", "under_bridge", ("h8",)),
        ("j1 j1", "P5", "same_field", ("j1",)),
        ("m1 a1", "P2", "off_board", ("m1",)),
    ],
)
def test_P5_P12_a_stone_names_the_field_it_may_not_go_on(move, rule, reason, fields):
    error = error_of(position(**BRIDGE_OVER_H8), move)
    assert (error.rule, error.reason, error.fields) == (rule, reason, fields)


def test_P12_the_blocked_field_is_named_for_the_other_colour_too():
    game = position(**BRIDGE_OVER_H8, to_move=Colour.RED)
    assert error_of(game, "h8 a1").fields == ("h8",)
    assert error_of(game, "h8 a1").reason == "under_bridge"


@pytest.mark.parametrize(
    ("board", "move", "rule", "reason", "fields"),
    [
        ({"white": "c3 h1", "red": "e4 h3"}, "c3-e2", "P11", "no_stone", ("e2",)),
        ({"white": "c3 h1", "red": "e4 h3"}, "e2-c3", "P11", "no_stone", ("e2",)),
        ({"white": "c3 h1", "red": "e4 h3"}, "c3-e4", "P11", "not_your_stone", ("e4",)),
        ({"white": "c3 c4"}, "c3-c4", "P11", "bridge_shape", ("c3", "c4")),
        (
            {"white": "c3 e3 e5 h1", "white_bridges": "c3-e3"},
            "e3-e5",
            "P13",
            "carries_bridge",
            ("e3",),
        ),
        ({"white": "c3 e3", "red": "d3 h1"}, "c3-e3", "P12", "over_stone", ("d3",)),
    ],
)
def test_P11_P12_P13_a_bridge_names_the_end_or_field_at_fault(board, move, rule, reason, fields):
    error = error_of(position(**board), move)
    assert (error.rule, error.reason, error.fields) == (rule, reason, fields)


def test_P14_crossing_bridges_name_both_bridges():
    game = position(white="c3 e4 c4 e3", white_bridges="c3-e4")  # E5
    error = error_of(game, "c4-e3")
    assert (error.rule, error.reason) == ("P14", "bridges_cross")
    assert error.params == {"bridge": "c4-e3", "built": "c3-e4"}


def test_P7_a_group_of_five_names_the_joining_stone():
    game = position(red="a1 b1 d1 e1", to_move=Colour.RED)  # E4
    error = error_of(game, "c1 j1")
    assert (error.rule, error.reason, error.fields) == ("P7", "group_too_big", ("c1",))


def test_P8_a_new_island_names_the_stone_it_would_touch():
    game = position(red="b2 b3 c3 d4", to_move=Colour.RED)  # E3 (c)
    error = error_of(game, "c2 j1")
    assert (error.rule, error.reason, error.fields) == ("P8", "island_touches", ("d4",))
    assert error.params == {"island": "b2 b3 c2 c3"}


def test_P8_a_stone_beside_an_island_names_itself_and_the_island():
    game = position(red="b2 b3 c3 c2", to_move=Colour.RED)  # E3 (b)
    error = error_of(game, "j1 d4")
    assert (error.rule, error.reason, error.fields) == ("P8", "touches_island", ("d4",))
    assert error.params == {"island": "b2 b3 c2 c3"}


def test_P4_P5_the_opening_reasons():
    game = PonteGame()
    assert error_of(game, "c3-e3").reason == "opening_stones"
    game.play("c3 d5")
    game.play("e5 f6")
    assert error_of(game, "swap").reason == "swap_late"


def test_P6_a_pass_names_two_fields_that_are_still_free():
    game = position(white="c3 e3", red="h1 h3")
    error = error_of(game, "pass")
    assert (error.rule, error.reason, len(error.fields)) == ("P6", "pass_possible", 2)
    game.play(" ".join(error.fields))  # the named stones can in fact be placed


def test_P1_an_empty_supply_says_how_much_is_left():
    game = classic_filled(white_turns=20, red_turns=20)  # white has placed all 40 stones
    error = error_of(game, "b1 j1")
    assert (error.rule, error.reason, error.params) == ("P1", "no_stones_left", {"count": "0"})


@pytest.mark.parametrize(
    ("text", "reason", "fields", "params"),
    [
        ("C3", "single_stone", ("c3",), {}),
        ("hello", "not_a_move", (), {"text": "hello"}),
        ("resign blue", "resign_colour", (), {}),
    ],
)
def test_unreadable_text_says_why_as_data(text, reason, fields, params):
    with pytest.raises(InvalidMoveError) as caught:
        parse_move(text)
    assert (caught.value.reason, caught.value.fields, caught.value.params) == (
        reason,
        fields,
        params,
    )
