"""Ponte del Diavolo's win-chance model: exact at the end, a chance in between that grows with
white's lead and with the turn in hand; judged after the best answer, it sees the threat the
answer carries out."""

from __future__ import annotations

import math
import random

import pytest

from engine.ai.base import chance_of
from engine.ai.ponte.candidates import after, candidates
from engine.ai.ponte.evaluate import colour_value
from engine.ai.ponte.winning import WEIGHTS, answered, features, white_wins
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


def test_the_answer_is_the_best_for_the_player_who_answers():
    game = position(white="a5 c7 e5", red="j2 l4 j4", to_move=Colour.RED)
    options = candidates(game, 8, random.Random(1), lambda: False)
    chances = [white_wins(after(game, option.move)) for option in options]
    assert answered(game, random.Random(1)) == min(chances)
    game.play("k9 k10")
    options = candidates(game, 8, random.Random(1), lambda: False)
    chances = [white_wins(after(game, option.move)) for option in options]
    assert answered(game, random.Random(1)) == max(chances)


def test_a_threat_the_answer_carries_out_counts_against_the_one_who_left_it():
    # Red's three stones become an island with one more: the model alone does not see it.
    game = position(white="e5 g7 i9", red="a1 b1 a2", to_move=Colour.RED)
    assert answered(game, random.Random(2)) < white_wins(game) - 0.05
    # The same, answered again with the same generator: the same chance.
    assert answered(game, random.Random(2)) == answered(game, random.Random(2))


def test_after_the_end_the_answer_is_the_exact_result():
    resigned = PonteGame.from_moves(None, ["c3 d5", "resign white"])
    assert answered(resigned, random.Random(0)) == 0.0


def test_the_answers_can_be_valued_by_another_model_and_only_the_best_few():
    game = position(white="a5 c7 e5", red="j2 l4 j4", to_move=Colour.RED)
    options = candidates(game, 8, random.Random(1), lambda: False)

    def by_name(after_answer: PonteGame) -> float:
        """A made-up chance of white's that differs from answer to answer."""
        return sum(map(ord, str(after_answer.moves[-1]))) % 97 / 97

    every = [by_name(after(game, option.move)) for option in options]
    assert len(set(every)) > 1
    assert answered(game, random.Random(1), chance=by_name) == min(every)
    first = [white_wins(after(game, option.move)) for option in options[:3]]
    assert answered(game, random.Random(1), answers=3) == min(first)
    assert len(options) > 3
