"""Each game's web board description (issue 47): the position as JSON and the targets of a click
come from the game's own package through its kind, so a new game needs nothing else (the toy
game's state JSON shows it), and the targets are the engine's legal moves."""

from __future__ import annotations

import json
import random

import pytest

from bot.games import GAMES
from bot.web.state import position_state
from engine.errors import IllegalMoveError, InvalidMoveError
from engine.verbindung import Roll, VerbindungGame
from engine.verbindung.layout import Face
from testing.toygame import TOY


def test_a_third_game_has_a_state_and_one_click_moves() -> None:
    game = TOY.new("row")
    state = position_state(TOY, game, 0, 0)
    assert json.loads(json.dumps(state))["position"] == {"moves": []}
    first = TOY.web_targets(game, [])
    assert first.targets["moves"] == ["a", "b", "c", "d"] and first.move is None
    assert TOY.web_targets(game, ["b"]).move == "b"
    with pytest.raises(InvalidMoveError):
        TOY.web_targets(game, ["z"])


def test_ponte_targets_are_the_engines_legal_moves() -> None:
    ponte = GAMES.kind("ponte")
    game = ponte.new("online")
    game.play("c3 d4")
    game.play("e3 f4")
    first = ponte.web_targets(game, [])
    assert first.targets["stones"] == [str(field) for field in game.legal_fields()]
    second = ponte.web_targets(game, ["a1"]).targets["stones"]
    assert all(game.is_legal(game.parse_move(f"a1 {field}")) for field in second)
    assert ponte.web_targets(game, ["a1", second[0]]).move == f"a1 {second[0]}"
    with pytest.raises(IllegalMoveError) as lonely:
        ponte.web_targets(game, ["c3"])  # white's own stone, but none of theirs a bridge away
    assert lonely.value.rule == "P11" and lonely.value.fields == ("c3",)
    with pytest.raises(IllegalMoveError) as theirs:
        ponte.web_targets(game, ["e3"])
    assert theirs.value.reason == "taken"


def test_a_ponte_bridge_is_built_by_its_two_ends() -> None:
    ponte = GAMES.kind("ponte")
    game = ponte.new("online")
    for move in ("c3 e4", "h8 h9", "a1 a2", "l12 l11"):
        game.play(move)
    first = ponte.web_targets(game, [])
    assert ["c3", "e4"] in first.targets["bridges"]
    assert "e4" in ponte.web_targets(game, ["c3"]).targets["ends"]
    assert ponte.web_targets(game, ["c3", "e4"]).move == "c3-e4"
    game.play("c3-e4")
    game.play("h10 h11")
    with pytest.raises(IllegalMoveError) as carrying:  # c3 carries a bridge end already (P13)
        ponte.web_targets(game, ["c3"])
    assert carrying.value.reason == "carries_bridge"


def test_ponte_positions_show_islands_bridges_and_the_last_turn() -> None:
    ponte = GAMES.kind("ponte")
    game = ponte.new("online")
    for move in ("a1 a2", "h8 h9", "a3 a4", "l12 l11", "c1 c2", "f8 f9", "a2-c1"):
        game.play(move)
    position = ponte.web_position(game)
    assert position["islands"] == [{"colour": "white", "fields": ["a1", "a2", "a3", "a4"]}]
    assert position["bridges"] == [{"ends": ["a2", "c1"], "colour": "white"}]
    assert position["blocked"] == ["b1", "b2"]
    assert position["last"] == {"bridge": ["a2", "c1"]}


def white_cross_roll() -> VerbindungGame:
    """Red's first turn with a rolled white cross: V6 makes the turn place it."""
    game = VerbindungGame.new()
    game.push(Roll((Face.WHITE_CROSS, Face.ARCS)))
    return game


def test_verbindung_targets_keep_the_white_cross_duty() -> None:
    verbindung = GAMES.kind("verbindung")
    game = white_cross_roll()
    first = verbindung.web_targets(game, [])
    assert first.move is None  # an empty turn would leave the white cross: no pass
    assert sorted(first.targets["left"]) == ["arcs", "white-cross"]
    field = next(iter(first.targets["place"]["white-cross"]))
    placed = verbindung.web_targets(game, [f"white-cross {field}"])
    assert placed.move == f"white-cross {field}" and placed.targets["left"] == ["arcs"]
    arcs = first.targets["place"].get("arcs", {})
    for where, turns in arcs.items():
        for orientation in turns:  # arcs first is allowed only where the cross can still go
            after = verbindung.web_targets(game, [f"arcs {where} {orientation}"])
            assert after.move is None and "white-cross" in after.targets["place"]


def test_verbindung_explains_a_die_where_it_cannot_go() -> None:
    verbindung = GAMES.kind("verbindung")
    game = white_cross_roll()
    with pytest.raises(IllegalMoveError) as error:
        verbindung.web_targets(game, ["white-cross d4"])  # joins no path (V7)
    assert error.value.rule == "V7"


def test_verbindung_names_the_rule_that_keeps_a_rolled_die_off_every_field() -> None:
    # Issue 52, point 4: the page says why a chosen die lights no field.
    verbindung = GAMES.kind("verbindung")
    game = VerbindungGame()
    game.push(Roll((Face.RED_CROSS, Face.BLACK_CROSS)))
    first = verbindung.web_targets(game, [])
    assert first.move == "pass" and "red-cross" in first.targets["place"]
    assert first.targets["stuck"] == {"black-cross": "V7"}  # black meets no red base
    game.push(game.parse_move("red-cross a2"))
    game.push(Roll((Face.WHITE_CROSS, Face.WHITE_CROSS, Face.RED_BRIDGE)))
    both = verbindung.web_targets(game, [])
    assert both.targets["stuck"] == {"red-bridge": "V6"}  # the two white crosses fill the turn
    assert all(  # and the bridge is legal by V7 alone: the page blames the right rule
        error.rule == "V6" for error in _refusals(game, "red-bridge a5 ns", "red-bridge b1 ew")
    )


def _refusals(game: VerbindungGame, *moves: str) -> list[IllegalMoveError]:
    found = []
    for move in moves:
        with pytest.raises(IllegalMoveError) as error:
            game.check(game.parse_move(move))
        found.append(error.value)
    return found


def test_verbindung_positions_carry_dice_bases_and_the_roll() -> None:
    verbindung = GAMES.kind("verbindung")
    game = VerbindungGame.new()
    rng = random.Random(3)
    for _ in range(6):
        for event in verbindung.chance(game, rng.randrange(1000)):
            game.push(event)
        turn = next(iter(game.legal_moves()))
        game.push(turn)
    for event in verbindung.chance(game, 7):
        game.push(event)
    position = verbindung.web_position(game)
    assert position["roll"] == [str(face) for face in game.roll]
    assert set(position["dice"]) == set(game.board)
    assert len(position["bases"]) == 8
    assert json.loads(json.dumps(position)) == position
