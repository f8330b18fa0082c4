"""Ponte del Diavolo's win-chance model: exact at the end, a chance in between that grows with
white's lead and with the turn in hand."""

from __future__ import annotations

import math

import pytest

from engine.ai.ponte.evaluate import colour_value
from engine.ai.ponte.winning import WEIGHTS, chance_of, features, white_wins
from engine.ponte import Colour, PonteGame
from testing.ponte_positions import classic_filled, position


def test_a_finished_game_is_won_lost_or_drawn_exactly():
    drawn = classic_filled(white_turns=20, red_turns=20)
    drawn.play("pass")
    drawn.play("pass")
    assert white_wins(drawn) == 0.5
    won = classic_filled(white_turns=20, red_turns=20)
    won.play("a1-c1")  # white's bridge decides when red passes (P17, P20)
    won.play("pass")
    assert white_wins(won) == 1.0
    resigned = PonteGame.from_moves(None, ["c3 d5", "resign white"])
    assert white_wins(resigned) == 0.0


def test_the_chance_grows_with_whites_lead():
    even = position(white="a5 c7", red="j2 l4", to_move=Colour.WHITE)
    ahead = position(white="a1 b1 a2 b2 d1 e1 d2 e2 a5 c7", red="j2 l4", white_bridges="b1-d1")
    behind = position(red="a1 b1 a2 b2 d1 e1 d2 e2 a5 c7", white="j2 l4", red_bridges="b1-d1")
    assert 0.0 < white_wins(behind) < white_wins(even) < white_wins(ahead) < 1.0


def test_the_features_are_whites_and_the_turn_in_hand_counts():
    game = position(white="a1 b1 a2 b2", red="j2 l4", to_move=Colour.RED)
    white, red = colour_value(game.board, Colour.WHITE), colour_value(game.board, Colour.RED)
    relative, late_lead, tempo, scored = features(game)
    assert white > red
    assert relative == pytest.approx((white - red) / math.sqrt(white + red + 1))
    assert late_lead == pytest.approx((white - red) * 6 / 144)  # 6 of 144 fields filled
    assert tempo == -1.0 and scored == pytest.approx(1 * 6 / 144)  # white's island
    game.play("k5 k6")
    assert features(game)[2] == 1.0


@pytest.mark.parametrize("variant", ["online", "classic"])
def test_each_variant_has_its_fitted_weights(variant):
    weights = WEIGHTS[variant]
    assert len(weights) == 1 + len(features(PonteGame(variant)))
    assert weights[1] > 0  # the better the evaluation for white, the likelier white wins
    assert 0.0 < chance_of(weights, (1e6, 1e6, 1.0, 1e6)) <= 1.0  # no overflow far out
