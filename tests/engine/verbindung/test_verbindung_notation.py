"""Canonical notation of Verbindung gesucht moves and records (docs/players.md, Notation)."""

from __future__ import annotations

import json

import pytest

from engine.coords import Field
from engine.errors import GameOverError, IllegalMoveError, InvalidMoveError
from engine.verbindung import (
    Exchange,
    Face,
    Orientation,
    Place,
    Player,
    Record,
    Resign,
    Roll,
    Turn,
    VerbindungGame,
    parse_move,
)
from engine.verbindung.moves import Action

CANONICAL = [
    "roll red-bridge white-cross arcs",
    "roll white-cross",
    "red-bridge c3 ew",
    "white-cross d3",
    "arcs a2 sw",
    "red-bridge c3 ew, white-cross d3",
    "exchange d4",
    "exchange d4, arcs f6 nw",
    "pass",
    "resign red",
    "resign black",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_text_round_trips(text: str) -> None:
    move = parse_move(text)
    assert str(move) == text or str(move) == str(parse_move(str(move)))
    assert parse_move(str(move)) == move
    assert eval(repr(move)) == move  # repr recreates the object
    assert hash(parse_move(text)) == hash(move)


def test_roll_is_written_in_canonical_face_order() -> None:
    roll = parse_move("roll arcs white-cross red-bridge")
    assert str(roll) == "roll white-cross red-bridge arcs"
    assert roll == Roll((Face.ARCS, Face.RED_BRIDGE, Face.WHITE_CROSS))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("  RED-BRIDGE   C3  EW ", "red-bridge c3 ew"),
        ("Arcs A2 WS", "arcs a2 sw"),
        ("red-bridge c3 we", "red-bridge c3 ew"),
        ("White-Cross d3 ,  red-cross d4", "white-cross d3, red-cross d4"),
        ("  PASS ", "pass"),
        ("Roll  ARCS arcs", "roll arcs arcs"),
        ("EXCHANGE   d4", "exchange d4"),
        ("resign   Black", "resign black"),
    ],
)
def test_input_is_case_insensitive_and_space_tolerant(text: str, expected: str) -> None:
    assert str(parse_move(text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "roll",
        "roll dice",
        "red-bridge c3",  # a bridge needs an orientation
        "arcs c3 ns",  # not an arcs orientation
        "red-bridge c3 ne",
        "white-cross d3 ns",  # crosses take none
        "white-cross 3d",
        "white-cross c0",
        "purple-cross c3",
        "exchange",
        "exchange d4 d5",
        "pass, white-cross d3",
        "white-cross d3,",
        ", white-cross d3",
        "resign",
        "resign white",
        "red-bridge c3 ew extra",
    ],
)
def test_bad_text_raises_invalid_move_error(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse_move(text)


def test_place_parts() -> None:
    place = Place.parse("arcs a2 sw")
    assert (place.face, place.field, place.orientation) == (
        Face.ARCS,
        Field.parse("a2"),
        Orientation.SW,
    )
    assert Exchange.parse("exchange d4").field == Field(3, 3)
    assert Resign.parse("resign red").player is Player.RED
    actions: tuple[Action, ...] = (place, Exchange(Field(3, 3)))
    assert Turn.parse("arcs a2 sw, exchange d4") == Turn(actions)
    with pytest.raises(InvalidMoveError):
        Place(Face.ARCS, Field(0, 0))


RECORD = """# a short game
roll white-cross arcs
white-cross a2, arcs a3 sw

roll red-bridge black-cross black-bridge
black-cross e6
"""


def test_record_text_and_json_round_trip() -> None:
    assert Record.from_text(RECORD, "verbindung").lines == (2, 3, 5, 6)
    game = VerbindungGame.from_text(RECORD)
    record = game.record()
    assert record.to_text().splitlines() == [
        "# Verbindung gesucht, variant standard",
        "roll white-cross arcs",
        "white-cross a2, arcs a3 sw",
        "roll black-cross red-bridge black-bridge",
        "black-cross e6",
    ]
    assert json.loads(record.to_json())["game"] == "verbindung"
    assert VerbindungGame.from_json(record.to_json()).board == game.board


def test_record_errors_carry_the_line() -> None:
    with pytest.raises(InvalidMoveError) as bad:
        VerbindungGame.from_text(RECORD + "\nblack-cross e99x\n")
    assert bad.value.record_index == 8 and bad.value.record_text == "black-cross e99x"
    with pytest.raises(IllegalMoveError) as illegal:
        VerbindungGame.from_text(RECORD.replace("white-cross a2, arcs a3 sw", "white-cross e6"))
    assert (illegal.value.record_index, illegal.value.rule) == (3, "V7")
    with pytest.raises(GameOverError) as over:
        VerbindungGame.from_text("resign red\nroll arcs arcs\n")
    assert (over.value.record_index, over.value.rule) == (2, "V12")
