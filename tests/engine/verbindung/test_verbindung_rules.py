"""One test (or more) per rule V1-V13 of docs/rules.md, on positions built by hand."""

from __future__ import annotations

import pytest

from engine.coords import Field
from engine.errors import GameOverError, IllegalMoveError
from engine.verbindung import (
    BASES,
    Exchange,
    Face,
    Place,
    Player,
    Roll,
    Termination,
    Turn,
    VerbindungGame,
)
from testing.verbindung_positions import position

RED, BLACK = Player.RED, Player.BLACK


def rolled(game: VerbindungGame, *faces: str) -> VerbindungGame:
    game.push(Roll(tuple(Face(f) for f in faces)))
    return game


def rule_of(game: VerbindungGame, text: str) -> str:
    with pytest.raises(IllegalMoveError) as info:
        game.play(text)
    return info.value.rule


def names(places: list[Place]) -> set[str]:
    return {str(p) for p in places}


# Every die red-bridge ns: red lines in every column, black stubs that join nothing; no base of
# either player is joined to another, so filling the area with it is a draw.
ALL_BRIDGES = {str(Field.from_index(i, 6)): "red-bridge ns" for i in range(36)}

# Both players one die short of a win: every path meets the empty c3, whose neighbours are the
# red b3, the white d3 and the black c4 and c2.
HUB = {
    **dict.fromkeys(
        ("b6", "b5", "b3", "a2", "a3", "e1", "e2", "d2", "f5", "e5", "e4", "d4"), "red-cross"
    ),
    **dict.fromkeys(("b4", "d3"), "white-cross"),
    **dict.fromkeys(
        ("e6", "d6", "d5", "c5", "c4", "a5", "a4", "b1", "c1", "c2", "f2", "f3", "e3"),
        "black-cross",
    ),
}


def test_V1_area_is_six_by_six_with_36_dice() -> None:
    game = VerbindungGame()
    assert game.supply == 36
    rolled(game, "white-cross", "arcs")
    assert rule_of(game, "white-cross g7") == "V1"
    assert rule_of(game, "white-cross a7") == "V1"
    assert game.moves == (Roll((Face.WHITE_CROSS, Face.ARCS)),)


def test_V1_exchange_off_the_area() -> None:
    game = rolled(position({"a2": "black-cross"}), "arcs")
    assert rule_of(game, "exchange g2") == "V1"


def test_V2_first_white_cross_fits_only_before_own_bases() -> None:
    red = rolled(VerbindungGame(), "white-cross", "arcs")
    assert (
        names(red.placements(Face.WHITE_CROSS))
        == {f"white-cross {b.field}" for b in BASES[RED]}
        == {"white-cross b6", "white-cross f5", "white-cross e1", "white-cross a2"}
    )
    black = rolled(position({}, BLACK), "white-cross")
    assert names(black.placements(Face.WHITE_CROSS)) == {
        "white-cross e6",
        "white-cross f2",
        "white-cross b1",
        "white-cross a5",
    }


def test_V3_bridge_stubs_match_at_an_edge_but_do_not_join() -> None:
    # The black base left of a5, a black cross on it, a red bridge (black stubs at e and w) beside.
    game = rolled(position({"a5": "black-cross", "b5": "red-bridge ns"}, BLACK), "black-cross")
    game.play("black-cross c5")  # legal: its w edge meets the bridge's black e stub (V7)
    (network,) = game.networks(BLACK)
    assert {str(f) for f in network.fields} == {"a5", "b5"}  # the w stub only, not c5
    joined = rolled(position({"a5": "black-cross", "b5": "black-bridge ew"}, BLACK), "black-cross")
    joined.play("black-cross c5")
    (network,) = joined.networks(BLACK)
    assert {str(f) for f in network.fields} == {"a5", "b5", "c5"}


def test_V3_arcs_join_only_their_own_corner() -> None:
    game = rolled(position({"a2": "arcs nw"}), "red-cross")
    # The red arc joins n and w of a2; the base on the w side is joined, s is black.
    assert game.bases_joined(RED) == 1
    assert rule_of(game, "red-cross a1") == "V7"
    game.play("red-cross a3")


def test_V4_orientations_turn_the_face() -> None:
    game = rolled(VerbindungGame(), "arcs", "red-bridge")
    # Red's base left of a2 needs a red edge on the west: arcs sw or nw, the bridge ew.
    assert {str(p) for p in game.placements(Face.ARCS) if str(p.field) == "a2"} == {
        "arcs a2 sw",
        "arcs a2 nw",
    }
    assert {str(p) for p in game.placements(Face.ARCS) if str(p.field) == "b6"} == {
        "arcs b6 ne",
        "arcs b6 nw",
    }
    assert rule_of(game, "red-bridge a2 ns") == "V7"
    game.play("red-bridge a2 ew")


def test_V5_red_rolls_two_dice_in_its_first_two_turns() -> None:
    game = VerbindungGame()
    counts = []
    for _ in range(5):
        counts.append(game.dice_to_roll())
        game.push(Roll((Face.ARCS,) * game.dice_to_roll()))
        game.push(Turn(()))
    assert counts == [2, 3, 2, 3, 3]


def test_V5_roll_must_hold_the_due_number_and_come_first() -> None:
    game = VerbindungGame()
    assert rule_of(game, "pass") == "V5"
    assert rule_of(game, "roll arcs arcs arcs") == "V5"
    game.play("roll arcs arcs")
    assert rule_of(game, "roll arcs arcs") == "V5"


def test_V5_fewer_dice_when_the_supply_runs_low() -> None:
    dice = dict(ALL_BRIDGES)
    del dice["f6"]
    game = position(dice)
    assert game.supply == 1 and game.dice_to_roll() == 1
    assert rule_of(game, "roll arcs arcs arcs") == "V5"


def test_V6_up_to_two_placements_in_any_order() -> None:
    game = rolled(VerbindungGame(), "red-cross", "red-cross")
    assert game.is_legal(Turn.parse("red-cross a2, red-cross a3"))
    assert game.is_legal(Turn.parse("red-cross a2"))
    assert game.is_legal(Turn.parse("pass"))
    # a3 attaches only through a2, so the order matters.
    assert not game.is_legal(Turn.parse("red-cross a3, red-cross a2"))
    three = rolled(position({}), "red-cross", "red-cross", "red-cross")
    assert rule_of(three, "red-cross a2, red-cross a3, red-cross a4") == "V6"


def test_V6_only_rolled_dice_may_be_placed() -> None:
    game = rolled(VerbindungGame(), "red-cross", "arcs")
    assert rule_of(game, "red-cross a2, red-cross b6") == "V6"
    assert rule_of(game, "white-cross a2") == "V6"


def test_V6_one_white_cross_must_be_placed() -> None:
    game = rolled(VerbindungGame(), "white-cross", "arcs")
    assert game.white_duty() == 1
    assert rule_of(game, "pass") == "V6"
    assert rule_of(game, "arcs a2 sw") == "V6"
    assert game.is_legal(Turn.parse("arcs a2 sw, white-cross a3"))
    game.play("white-cross a2")


def test_V6_two_white_crosses_must_both_be_placed() -> None:
    game = rolled(VerbindungGame(), "white-cross", "white-cross")
    assert game.white_duty() == 2
    assert rule_of(game, "white-cross a2") == "V6"
    # With both dice owed, no other face may take a slot.
    other = rolled(position({}), "white-cross", "white-cross", "red-cross")
    assert other.placements(Face.RED_CROSS) == []
    assert rule_of(other, "red-cross a2, white-cross a3") == "V6"
    game.play("white-cross a2, white-cross b6")


def test_V6_three_white_crosses_only_two_must_be_placed() -> None:
    game = rolled(position({}, BLACK), "white-cross", "white-cross", "white-cross")
    assert game.white_duty() == 2
    assert rule_of(game, "white-cross e6") == "V6"
    assert rule_of(game, "white-cross e6, white-cross f2, white-cross b1") == "V6"
    game.play("white-cross e6, white-cross f2")
    assert game.supply == 34


def test_V6_white_cross_without_a_field_is_not_owed() -> None:
    # The red cross wins at once; the second white cross has no field any more (the game is
    # over), so the one-placement turn is complete although two white crosses were rolled.
    game = rolled(position(HUB), "white-cross", "white-cross", "red-cross")
    assert game.white_duty() == 2
    game.play("red-cross c3")
    assert game.outcome() is not None and game.outcome().winner is RED  # type: ignore[union-attr]


def test_V7_attaches_to_own_base_not_opponents() -> None:
    game = rolled(VerbindungGame(), "white-cross", "red-cross")
    assert rule_of(game, "white-cross e6") == "V7"  # black's base above e6
    assert rule_of(game, "white-cross c3") == "V7"  # touches nothing
    game.play("white-cross b6")


def test_V7_sides_must_match_in_colour_or_white() -> None:
    game = rolled(position({"c3": "red-cross"}), "black-cross", "white-cross", "arcs")
    assert rule_of(game, "black-cross c4") == "V7"
    assert rule_of(game, "arcs c4 ne") == "V7"  # its s edge is black
    assert "arcs c4 sw" in names(game.placements(Face.ARCS))  # red arc at s meets red
    game.play("white-cross c4")


def test_V7_field_must_be_empty() -> None:
    game = rolled(position({"a2": "red-cross"}), "red-cross")
    assert rule_of(game, "red-cross a2") == "V7"


def test_V7_dead_ends_are_allowed() -> None:
    # The arcs meet the red cross with their red arc; their black arc runs into the red cross.
    game = rolled(position({"c3": "red-cross", "d4": "red-cross"}), "arcs")
    game.play("arcs d3 nw")
    assert game.board["d3"].face is Face.ARCS


def test_V7_white_joins_both_colours() -> None:
    game = rolled(position({"b3": "red-cross", "d3": "black-cross"}), "white-cross")
    game.play("white-cross c3")
    board = game.board
    assert board["c3"].joins[RED] == board["c3"].joins[BLACK]
    hub = position(HUB)
    assert hub.bases_joined(RED) == 2 and hub.bases_joined(BLACK) == 2


def test_V8_any_face_may_be_placed_by_either_player() -> None:
    game = rolled(position({"e6": "black-cross"}), "black-cross", "black-bridge")
    assert "black-cross e5" in names(game.placements(Face.BLACK_CROSS))
    game.play("black-cross e5, black-bridge e4 ns")
    assert game.bases_joined(BLACK) == 1


def test_V9_blocked_base_is_cut_off() -> None:
    assert position({}).cut_off(RED) == ()
    game = position({"a2": "black-cross"})
    assert [str(b.field) for b in game.cut_off(RED)] == ["a2"]
    assert game.cut_off(BLACK) == ()


def test_V9_base_walled_in_inside_the_area() -> None:
    # Black crosses on d1, d2, e2 and f2 leave e1 and f1 as a pocket with no way out for red.
    game = position(dict.fromkeys(("d1", "d2", "e2", "f2"), "black-cross"))
    assert [str(b.field) for b in game.cut_off(RED)] == ["e1"]


def test_V10_exchange_rejoins_a_cut_off_base() -> None:
    game = rolled(position({"a2": "black-cross", "c3": "red-cross"}), "white-cross", "arcs")
    assert [str(e) for e in game.exchanges()] == ["exchange a2"]
    game.play("exchange a2")  # uses the rolled white cross and so meets the duty
    assert str(game.board["a2"]) == "white-cross"
    assert game.supply == 34
    assert game.cut_off(RED) == ()


def test_V10_exchange_uses_the_rolled_white_cross() -> None:
    game = rolled(position({"a2": "black-cross"}), "white-cross", "arcs")
    assert rule_of(game, "exchange a2, white-cross a3") == "V6"
    without = rolled(position({"a2": "black-cross"}), "arcs", "arcs")
    without.play("exchange a2, arcs a3 sw")
    assert without.supply == 34


def test_V10_exchange_refused() -> None:
    game = rolled(position({"a2": "black-cross", "c3": "red-cross"}), "arcs")
    assert rule_of(game, "exchange c3") == "V10"  # does not rejoin anything
    assert rule_of(game, "exchange d4") == "V10"  # no die there
    not_cut = rolled(position({"c3": "black-cross"}), "arcs")
    assert rule_of(not_cut, "exchange c3") == "V10"
    # Black may not exchange the die that cuts off red: it rejoins nothing of black's.
    black = rolled(position({"a2": "black-cross"}, BLACK), "arcs")
    assert rule_of(black, "exchange a2") == "V10"


def test_V11_win_by_the_mover() -> None:
    game = rolled(position(HUB), "red-cross", "arcs")
    assert not game.is_connected(RED)
    game.play("red-cross c3")
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.termination, outcome.rule) == (
        RED,
        Termination.CONNECTED,
        "V11",
    )
    assert game.is_connected(RED) and not game.is_connected(BLACK)
    assert game.bases_joined(RED) == 4


def test_V11_win_handed_to_the_opponent() -> None:
    game = rolled(position(HUB), "black-cross")
    game.play("black-cross c3")
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.termination) == (BLACK, Termination.HANDED)


def test_V11_both_networks_completed_at_once_mover_wins() -> None:
    for mover in (RED, BLACK):
        game = rolled(position(HUB, mover), "white-cross")
        game.play("white-cross c3")
        assert game.is_connected(RED) and game.is_connected(BLACK)
        outcome = game.outcome()
        assert outcome is not None and outcome.winner is mover
        assert outcome.termination is Termination.CONNECTED


def test_V11_game_ends_in_the_middle_of_a_turn() -> None:
    game = rolled(position(HUB), "red-cross", "arcs")
    with pytest.raises(GameOverError) as info:
        game.play("red-cross c3, arcs f6 sw")
    assert info.value.rule == "V11"
    assert not game.is_over and "c3" not in game.board
    game.play("red-cross c3")
    assert list(game.legal_moves()) == []
    with pytest.raises(GameOverError):
        game.play("roll arcs arcs arcs")


def test_V11_networks_show_joined_bases() -> None:
    game = rolled(position(HUB), "red-cross")
    game.play("red-cross c3")
    (network,) = game.networks(RED)
    assert set(network.bases) == set(BASES[RED])
    assert {str(f) for f in network.fields} >= {"b6", "c3", "d3", "f5", "e1", "a2"}
    assert "c4" not in {str(f) for f in network.fields}


def test_V12_full_board_is_a_draw() -> None:
    dice = dict(ALL_BRIDGES)
    del dice["f6"]
    game = position(dice)
    game.play("roll red-bridge")
    game.play("red-bridge f6 ns")
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.termination, outcome.rule) == (
        None,
        Termination.FULL_BOARD,
        "V12",
    )
    assert game.supply == 0 and outcome.result == "draw"


def test_V12_resignation_at_any_time() -> None:
    game = VerbindungGame()
    game.play("resign black")  # not even black's turn
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.termination) == (RED, Termination.RESIGNATION)
    with pytest.raises(GameOverError) as info:
        game.play("resign red")
    assert info.value.rule == "V12"
    mid = rolled(VerbindungGame(), "arcs", "arcs")
    mid.play("resign red")
    assert mid.outcome().winner is BLACK  # type: ignore[union-attr]


def test_V12_supply_counts_rolled_dice() -> None:
    game = VerbindungGame()
    game.play("roll white-cross arcs")
    assert game.supply == 36
    game.play("white-cross a2, arcs a3 sw")
    assert game.supply == 34


def test_V13_outcome_reports_a_score_for_a_match() -> None:
    results = []
    for game, line in (
        (rolled(position(HUB), "red-cross"), "red-cross c3"),
        (rolled(position(HUB), "black-cross"), "black-cross c3"),
        (VerbindungGame(), "resign red"),
    ):
        game.play(line)
        outcome = game.outcome()
        assert outcome is not None
        results.append(outcome.result)
    assert results == ["red", "black", "black"]


def test_exchange_is_listed_only_while_legal() -> None:
    game = rolled(position({"a2": "black-cross"}), "arcs")
    assert Exchange(Field.parse("a2")) in game.exchanges()
    assert Exchange(Field.parse("a2")) not in rolled(position({}), "arcs").exchanges()
