"""Ponte del Diavolo: the end of the game, scoring and the winner (P16-P20, E1, E2)."""

from __future__ import annotations

import pytest

from engine import GameOverError
from engine.ponte import Colour, PonteGame, Score, Termination, triangular
from engine.ponte.scoring import winner
from testing.ponte_positions import classic_filled, position, rule_of


def test_P16_after_white_passes_red_has_exactly_one_more_turn():
    # Red keeps d3 free for a bridge, so it can spend its 20th turn without placing stones.
    game = classic_filled(white_turns=20, red_turns=19, red_skip=("d3",))
    game.play("c2-e4")
    assert game.stones_left(Colour.WHITE) == 0 and game.can_pass()
    game.play("pass")
    assert not game.is_over and game.to_move is Colour.RED
    assert game.stones_left(Colour.RED) == 2 and not game.can_pass()
    first, second, *_ = game.legal_fields()
    game.play(f"{first} {second}")  # red's last turn
    outcome = game.outcome()
    assert game.is_over and outcome is not None and outcome.rule == "P16"
    assert outcome.winner is Colour.RED  # equal points and islands; red has the bridge
    with pytest.raises(GameOverError):
        game.play("a1-c1")


def test_P16_red_final_turn_may_itself_be_a_pass():
    game = classic_filled(white_turns=20, red_turns=20)
    game.play("pass")
    assert not game.is_over and game.can_pass()
    game.play("pass")
    assert game.is_over and game.outcome().rule == "P16"


def test_P17_when_red_passes_the_game_ends_at_once():
    game = classic_filled(white_turns=20, red_turns=20)
    game.play("a1-c1")  # white could pass, builds a bridge instead
    assert game.to_move is Colour.RED and game.can_pass()
    game.play("pass")
    outcome = game.outcome()
    assert game.is_over and outcome is not None and outcome.rule == "P17"
    assert outcome.termination is Termination.FINISHED
    # P20 decides: no islands on either side, white has the one bridge.
    assert outcome.winner is Colour.WHITE
    assert outcome.scores == {Colour.WHITE: 0, Colour.RED: 0}
    assert game.score(Colour.WHITE) == Score(points=0, islands=0, bridges=1)


def test_P18_either_player_may_resign_at_any_time():
    for resigner in Colour:
        game = PonteGame()
        game.play("c3 d5")  # red to move, but either may resign
        game.play(f"resign {resigner}")
        outcome = game.outcome()
        assert outcome is not None and outcome.winner is resigner.other
        assert outcome.termination is Termination.RESIGNATION and outcome.rule == "P18"
        assert rule_of(game, "e7 f9") == "P18"
    game = PonteGame()
    game.play("resign")  # a bare resign is the player to move
    assert game.outcome().winner is Colour.RED


def test_P19_triangular_numbers():
    assert [triangular(k) for k in range(1, 13)] == [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78]


def test_P19_sandbanks_score_nothing_but_connect():
    game = position(white="a1 b1 a2 b2 d1 e1 g1 h1", white_bridges="b1-d1", red="a5 a7")
    assert game.score(Colour.WHITE) == Score(points=1, islands=1, bridges=1)
    game.play("e1-g1")  # island - sandbank - sandbank: still one island in the component
    assert game.score(Colour.WHITE).points == 1


def test_P19_E1_three_joined_islands_and_one_alone_score_7():
    # A = a1 b1 a2 b2, B = d1 e1 d2 e2, sandbank g1 g2, C = i1 j1 i2 j2, D = a5 b5 a6 b6.
    game = position(
        white="a1 b1 a2 b2 d1 e1 d2 e2 g1 g2 i1 j1 i2 j2 a5 b5 a6 b6",
        white_bridges="b1-d1 e1-g1 g2-i2",
    )
    assert game.score(Colour.WHITE) == Score(points=6 + 1, islands=4, bridges=3)


def test_P19_E2_four_connected_islands_score_10():
    game = position(
        red="a1 b1 a2 b2 d1 e1 d2 e2 g1 h1 g2 h2 j1 k1 j2 k2",
        red_bridges="b1-d1 e1-g1 h1-j1",
    )
    assert game.score(Colour.RED) == Score(points=10, islands=4, bridges=3)


def test_P19_E2_two_islands_via_a_sandbank_and_two_alone_score_5():
    game = position(
        red="a1 b1 a2 b2 d1 d2 f1 g1 f2 g2 a5 b5 a6 b6 e5 f5 e6 f6",
        red_bridges="b1-d1 d2-f2",
    )
    assert game.score(Colour.RED) == Score(points=3 + 1 + 1, islands=4, bridges=2)


def test_P20_most_points_then_islands_then_bridges_then_draw():
    assert winner({Colour.WHITE: Score(3, 2, 0), Colour.RED: Score(2, 2, 9)}) is Colour.WHITE
    assert winner({Colour.WHITE: Score(3, 2, 9), Colour.RED: Score(3, 3, 0)}) is Colour.RED
    assert winner({Colour.WHITE: Score(3, 3, 2), Colour.RED: Score(3, 3, 1)}) is Colour.WHITE
    assert winner({Colour.WHITE: Score(3, 3, 1), Colour.RED: Score(3, 3, 1)}) is None


def test_P20_a_finished_game_without_difference_is_a_draw():
    game = classic_filled(white_turns=20, red_turns=20)
    game.play("pass")
    game.play("pass")
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is None
    assert game.score(Colour.WHITE) == game.score(Colour.RED) == Score(0, 0, 0)
    assert outcome.scores == {Colour.WHITE: 0, Colour.RED: 0}
