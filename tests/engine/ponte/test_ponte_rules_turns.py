"""Ponte del Diavolo: variants, turn order, the pie rule and placement (P1-P10)."""

from __future__ import annotations

import pytest

from engine import Field, InvalidMoveError
from engine.ponte import Bridge, Colour, Pass, Place, PonteGame, Swap
from testing.ponte_positions import checkerboard, classic_filled, position, rule_of

F = Field.parse


def test_P1_classic_board_is_10x10():
    game = PonteGame("classic")
    assert rule_of(game, "a1 k1") == "P1"
    assert rule_of(game, "a1 a11") == "P1"
    game.play("a1 j10")
    assert game.board.cells[game.board.index(F("j10"))] is Colour.WHITE


def test_P1_classic_has_40_stones_per_colour():
    game = classic_filled(white_turns=20, red_turns=20)
    assert game.stones_left(Colour.WHITE) == 0
    assert game.stones_left(Colour.RED) == 0
    assert rule_of(game, "b1 f1") == "P1"
    assert game.legal_fields() == []
    assert game.can_pass()  # P6: two stones cannot be placed any more


def test_P1_classic_has_15_bridges_in_one_common_supply():
    game = PonteGame("classic")

    # Stones at a, c, e, g, h, j of a row give three bridges (a-c, e-g, h-j) per row.
    def row(r: int) -> list[str]:
        return [f"a{r} c{r}", f"e{r} g{r}", f"h{r} j{r}"]

    def bridges(r: int) -> list[str]:
        return [f"a{r}-c{r}", f"e{r}-g{r}", f"h{r}-j{r}"]

    # White builds 9 bridges and red 6; white's a10-c10 would then be a 16th.
    white = [*row(1), *row(5), *row(9), "a10 c10", *bridges(1), *bridges(5), *bridges(9)]
    fillers = ["b2 d2", "f2 i2", "b4 d4", "f4 i4", "b6 d6", "f6 i6", "b8 d8"]
    red = [*row(3), *row(7), *bridges(3), *bridges(7), *fillers]
    for white_turn, red_turn in zip(white, red, strict=True):
        game.play(white_turn)
        game.play(red_turn)
    assert len(game.board.bridges) == 15
    assert game.bridges_left == 0
    assert game.board.bridge_problem(Bridge(F("a10"), F("c10")), Colour.WHITE) is None
    assert game.legal_bridges() == []
    assert rule_of(game, "a10-c10") == "P1"


def test_P2_online_is_12x12_and_unlimited():
    game = PonteGame()
    assert game.variant.name == "online"
    assert game.stones_left(Colour.WHITE) is None and game.bridges_left is None
    assert rule_of(game, "a1 m1") == "P2"
    assert rule_of(game, "a13 a1") == "P2"
    white, red = checkerboard(12, 0), checkerboard(12, 1)
    for turn in range(25):  # 50 stones each, more than classic's 40
        game.play(f"{white[2 * turn]} {white[2 * turn + 1]}")
        game.play(f"{red[2 * turn]} {red[2 * turn + 1]}")
    assert game.board.stone_count(Colour.WHITE) == 50
    game.play(f"{white[50]} {white[51]}")
    assert game.board.stone_count(Colour.WHITE) == 52


def test_P3_white_moves_first_with_two_white_stones():
    game = PonteGame()
    assert game.to_move is Colour.WHITE and game.ply == 0
    game.play("c3 d5")
    cells = game.board.cells
    assert cells[game.board.index(F("c3"))] is Colour.WHITE
    assert cells[game.board.index(F("d5"))] is Colour.WHITE
    assert game.to_move is Colour.RED


def test_P4_second_player_places_red_or_swaps():
    plain = PonteGame()
    plain.play("c3 d5")
    plain.play("e7 f9")
    assert not plain.swapped and plain.to_move is Colour.WHITE

    game = PonteGame()
    game.play("c3 d5")
    assert Swap() in game.legal_moves()
    game.play("swap")
    assert game.swapped and game.first_player_colour is Colour.RED
    assert game.to_move is Colour.RED  # the first player, now red, places next
    assert game.board.cells[game.board.index(F("c3"))] is Colour.WHITE  # white's stones stay
    game.play("e7 f9")
    assert game.board.cells[game.board.index(F("e7"))] is Colour.RED
    assert game.to_move is Colour.WHITE
    game.play("h2 h4")
    assert game.to_move is Colour.RED


def test_P4_swap_only_as_the_second_turn():
    game = PonteGame()
    assert rule_of(game, "swap") == "P4"
    game.play("c3 d5")
    game.play("e7 f9")
    assert rule_of(game, "swap") == "P4"
    assert Swap() not in game.legal_moves()


def test_P5_a_turn_is_two_stones_a_bridge_or_pass_never_one_stone():
    game = PonteGame()
    with pytest.raises(InvalidMoveError, match="single stone"):
        game.play("c3")
    assert rule_of(game, "c3 c3") == "P5"
    assert rule_of(game, "pass") == "P5"  # not in the first turn
    game.play("c3 e4")
    assert rule_of(game, "pass") == "P5"  # not in the second
    assert rule_of(game, "c3 a1") == "P5"  # c3 is taken


def test_P5_no_bridge_in_the_first_two_turns():
    game = PonteGame()
    game.play("c3 e4")
    game.play("a1 a3")
    # Even a geometrically fine bridge of red's own stones waits for the third turn.
    assert rule_of(PonteGame(), "c3-e4") == "P5"
    opening = PonteGame()
    opening.play("c3 e4")
    assert rule_of(opening, "c3-e4") == "P5"
    assert game.is_legal(Bridge(F("c3"), F("e4")))


def test_P6_pass_only_when_two_stones_cannot_be_placed():
    game = position(white="c3 d5", red="e7 f2")
    assert not game.can_pass()
    assert rule_of(game, "pass") == "P6"
    assert Pass() not in game.legal_moves()


def test_P6_bridge_still_allowed_when_pass_is():
    game = classic_filled(white_turns=20, red_turns=20)
    assert game.can_pass() and Pass() in game.legal_moves()
    assert game.legal_bridges() == [Bridge(F("a1"), F("c1"))]
    game.play("a1-c1")
    assert game.to_move is Colour.RED


def test_P7_no_group_above_four():
    game = position(red="b2 b3 c3 c2", to_move=Colour.RED)
    assert rule_of(game, "d3 h5") == "P7"
    assert rule_of(game, "h5 b4") == "P7"
    sandbank = position(red="b2 b3 c3", to_move=Colour.RED)
    assert rule_of(sandbank, "c2 c4") == "P7"  # legal one by one, five together


def test_P8_island_touches_no_other_own_stone_not_even_diagonally():
    island = position(red="b2 b3 c3 c2", to_move=Colour.RED)
    assert rule_of(island, "d4 h5") == "P8"  # touches c3 diagonally
    assert rule_of(island, "a1 h5") == "P8"  # touches b2 diagonally
    island.play("e4 h5")
    near = position(red="b2 b3 c3 d4", to_move=Colour.RED)
    assert rule_of(near, "c2 h5") == "P8"  # the new island would touch d4


def test_P8_sandbanks_may_touch_diagonally():
    game = position(red="b2 b3", to_move=Colour.RED)
    game.play("c4 c5")  # c4 touches b3 diagonally: two sandbanks
    assert game.board.cells[game.board.index(F("c4"))] is Colour.RED


def test_P9_colours_never_restrict_each_other():
    game = position(white="b2 b3 c3 c2", red="e7 e8", to_move=Colour.RED)
    game.play("d4 a1")  # touching white's island diagonally
    game.play("h5 h7")
    game.play("d3 d2")  # red sandbank along the island's side
    cells = game.board.cells
    assert all(cells[game.board.index(F(f))] is Colour.RED for f in ("d4", "a1", "d3", "d2"))


def test_P10_stones_checked_in_turn_and_order_irrelevant():
    assert Place(F("d4"), F("c2")) == Place(F("c2"), F("d4"))
    for text in ("c2 d4", "d4 c2", "d4, c2"):
        game = position(red="b2 b3 c3", to_move=Colour.RED)
        assert game.board.stone_problem(game.board.index(F("c2")), Colour.RED) is None
        assert game.board.stone_problem(game.board.index(F("d4")), Colour.RED) is None
        assert rule_of(game, text) == "P8"
