"""The worked examples of docs/rules.md (E1 and E2 are in test_ponte_rules_end.py)."""

from __future__ import annotations

from engine import Field
from engine.ponte import Colour
from testing.ponte_positions import position, rule_of

F = Field.parse


def test_E3a_c2_completes_the_island():
    game = position(red="b2 b3 c3", to_move=Colour.RED)
    game.play("c2 h5")
    island = game.board.group(game.board.index(F("c2")), Colour.RED)
    assert sorted(str(game.board.field(i)) for i in island) == ["b2", "b3", "c2", "c3"]


def test_E3b_next_to_the_island_d4_and_d3_are_illegal_e4_is_legal():
    game = position(red="b2 b3 c3 c2", to_move=Colour.RED)
    assert rule_of(game, "d4 h5") == "P8"
    assert rule_of(game, "d3 h5") == "P7"
    legal = game.legal_fields()
    assert F("e4") in legal and F("d4") not in legal and F("d3") not in legal
    game.play("e4 h5")


def test_E3c_sandbanks_touch_diagonally_then_the_island_may_not():
    game = position(red="b2 b3 c3", to_move=Colour.RED)
    game.play("d4 h5")
    game.play("h7 h9")  # white
    assert rule_of(game, "c2 j5") == "P8"


def test_E4_joining_two_sandbanks_into_five_is_illegal():
    game = position(red="a1 b1 d1 e1", to_move=Colour.RED)
    assert rule_of(game, "c1 h5") == "P7"
    assert F("c1") not in game.legal_fields()


def test_E5_parallel_knights_are_legal_crossing_knights_are_not():
    parallel = position(red="c3 e4 c4 e5", red_bridges="c3-e4", to_move=Colour.RED)
    parallel.play("c4-e5")
    crossing = position(red="c3 e4 c4 e3", red_bridges="c3-e4", to_move=Colour.RED)
    assert rule_of(crossing, "c4-e3") == "P14"
