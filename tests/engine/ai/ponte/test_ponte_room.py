"""Hard's room: the fields where each colour may still place a stone (`candidates.with_room`)."""

from __future__ import annotations

import random

import pytest

from engine.ai.base import never
from engine.ai.ponte.candidates import Valued, candidates, legal_fields, open_fields, with_room
from engine.ai.ponte.search import ROOM, Search
from engine.coords import Field
from engine.ponte import Bridge, Colour, Move, Pass, Place, PonteGame
from testing.ponte_playout import playout
from testing.ponte_positions import position

# Red's island d2 d3 e2 e3: no red stone may touch it (P8), so the fields around it (c1 to f4)
# are white's alone. Far from it, h2 and h3 are open to both colours.
RED_ISLAND = "d2 d3 e2 e3"


def _may(game: PonteGame, index: int, colour: Colour) -> bool:
    board = game.board
    return (
        board.cells[index] is None
        and not board.blocked[index]
        and board.stone_problem(index, colour) is None
    )


def _legal(game: PonteGame, colour: Colour) -> int:
    return len(open_fields(game.board, colour))


def _place(first: str, second: str) -> Valued:
    return Valued(0.0, Place(Field.parse(first), Field.parse(second)))


def _bridge(first: str, second: str) -> Valued:
    return Valued(0.0, Bridge(Field.parse(first), Field.parse(second)))


def test_the_share_filled_counts_the_stones_of_both_colours_over_every_field():
    game = position(white="h6 j6 a6 a8", red=RED_ISLAND)
    assert game.board.filled() == 8 / 144
    game.play("h2 h3")
    assert game.board.filled() == 10 / 144


def test_room_is_the_movers_legal_fields_less_the_opponents_weighted_by_the_board_filled():
    game = position(white="h6 j6 a6 a8", red=RED_ISLAND)
    assert game.to_move is Colour.WHITE
    (valued,) = with_room(game, [_place("h2", "h3")], legal_fields(game), 0.5)
    room = _legal(game, Colour.WHITE) - _legal(game, Colour.RED)
    assert room > 0  # the fields around red's island are white's alone
    # h2 and h3 are open to both: each colour loses two fields, the difference stays.
    assert valued.value == pytest.approx(0.5 * game.board.filled() * room)


def test_stones_on_fields_only_the_mover_may_use_cost_the_mover_room():
    game = position(white="h6 j6 a6 a8", red=RED_ISLAND)
    for name in ("c1", "f4"):
        assert not _may(game, game.board.index(Field.parse(name)), Colour.RED)
    shared, own = with_room(game, [_place("h2", "h3"), _place("c1", "f4")], legal_fields(game), 1)
    assert shared.value - own.value == pytest.approx(2 * game.board.filled())


def test_a_bridge_over_a_field_only_the_mover_may_use_costs_the_mover_that_field():
    # White's a6-a8 passes over a7, open to both; h6-j6 over i6 too; c1-c3 over c2, beside
    # red's island, which only white may use.
    game = position(white="h6 j6 a6 a8 c1 c3", red=RED_ISLAND)
    board = game.board
    assert _may(game, board.index(Field.parse("a7")), Colour.RED)
    assert not _may(game, board.index(Field.parse("c2")), Colour.RED)
    found = [_bridge("a6", "a8"), _bridge("h6", "j6"), _bridge("c1", "c3")]
    over_a7, over_i6, over_c2 = with_room(game, found, legal_fields(game), 1.0)
    assert over_a7.value == pytest.approx(over_i6.value)
    assert over_a7.value - over_c2.value == pytest.approx(game.board.filled())


def test_reds_pass_ends_the_game_and_keeps_its_exact_value():
    game = position(white="h6 j6", red=RED_ISLAND, to_move=Colour.RED)
    exact = Valued(7.0, Pass())
    assert with_room(game, [exact], legal_fields(game), 1.0) == [exact]


def _expected_room(game: PonteGame, move: Move) -> float:
    """The room `with_room` adds, counted with the board's own rule checks: the mover's legal
    fields less the opponent's, less the turn's fields each of them may use."""
    colour = game.to_move
    assert colour is not None
    board = game.board
    if isinstance(move, Place):
        fields = [board.index(move.first), board.index(move.second)]
    elif isinstance(move, Bridge):
        fields = list(board.under(move))
    else:
        fields = []
    mine = _legal(game, colour) - sum(_may(game, f, colour) for f in fields)
    theirs = _legal(game, colour.other) - sum(_may(game, f, colour.other) for f in fields)
    return ROOM * game.board.filled() * (mine - theirs)


@pytest.mark.parametrize("seed", range(2))
def test_a_listing_with_room_adds_it_to_every_value_but_reds_pass(seed):
    checked = 0
    for game, _ in playout(seed, "online"):
        if game.ply < 6 or game.ply % 9 or game.is_final_turn():
            continue
        plain = {v.move: v.value for v in candidates(game, 6, random.Random(seed), never)}
        roomy = candidates(game, 6, random.Random(seed), never, room=ROOM)
        assert {v.move for v in roomy} == set(plain)
        assert [v.value for v in roomy] == sorted((v.value for v in roomy), reverse=True)
        for option in roomy:
            added = option.value - plain[option.move]
            if isinstance(option.move, Pass) and game.to_move is Colour.RED:
                assert added == 0
            else:
                assert added == pytest.approx(_expected_room(game, option.move))
        checked += 1
    assert checked >= 3


def test_hards_search_lists_its_turns_with_room():
    game = position(white="h6 j6 a6 a8", red=RED_ISLAND)
    search = Search(game, random.Random(5), never)
    assert search.shape.room == ROOM
    root = {v.move: v.value for v in search.root.options or []}
    listed = candidates(game, search.shape.fields, random.Random(5), never, room=ROOM)
    assert root == {v.move: v.value for v in listed}
    plain = candidates(game, search.shape.fields, random.Random(5), never)
    assert root != {v.move: v.value for v in plain}
