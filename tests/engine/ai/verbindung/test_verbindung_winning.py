"""Verbindung gesucht's win-chance model: exact at the end and for a turn that joins the
network, a chance in between for the dice the mover rolled, from red's side."""

from __future__ import annotations

import math
import random

import pytest

from engine.ai import Level, choose_verbindung_turn
from engine.ai.base import never
from engine.ai.verbindung.oracle import Oracle
from engine.ai.verbindung.race import logit, mover_value
from engine.ai.verbindung.search import Planner, candidate_turns, racing
from engine.ai.verbindung.shapes import ease
from engine.ai.verbindung.winning import (
    WEIGHTS,
    WIDTH,
    best_turn,
    features,
    mover_wins,
    red_wins,
)
from engine.verbindung import Player, VerbindungGame, draw_roll


def played(turns: int, seed: int = 11) -> VerbindungGame:
    """A game between normal players after `turns` turns and the roll that follows."""
    game, dice, rng = VerbindungGame(), random.Random(seed), random.Random(seed + 1)
    done = 0
    while not game.is_over:
        if game.phase == "roll":
            game.push(draw_roll(game, dice))
            if done == turns:
                break
        else:
            game.push(choose_verbindung_turn(game, Level.NORMAL, rng))
            done += 1
    return game


def test_the_end_is_exact_and_a_winning_turn_is_a_sure_win():
    game = played(200)
    assert game.is_over
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is not None
    assert red_wins(game) == (1.0 if outcome.winner is Player.RED else 0.0)
    # The winner's last turn: before it, with the dice he had, his best turn joined his network.
    before = game.position_at(game.turn_plies()[-2])
    assert best_turn(before) == (1.0, True) and features(before) is None
    assert mover_wins(before) == 1.0


def test_a_position_before_a_turn_is_a_chance_for_the_dice_rolled_from_reds_side():
    for turns in (2, 9, 16):
        game = played(turns)
        assert game.phase == "place"
        chance = red_wins(game)
        assert 0.0 < chance < 1.0
        mover = mover_wins(game)
        assert chance == (mover if game.to_move is Player.RED else 1.0 - mover)
        assert WEIGHTS[1] > 0  # a better race for the mover, a likelier win


def test_before_its_roll_a_position_is_the_race_models():
    game = VerbindungGame()  # red rolls first: both players equally far
    assert game.phase == "roll"
    assert red_wins(game) == mover_value(*_distances())


def _distances() -> tuple[int, int]:
    from engine.ai.verbindung.network import distance
    from engine.ai.verbindung.search import tiles_of

    tiles = tiles_of(VerbindungGame())
    return distance(tiles, Player.RED), distance(tiles, Player.BLACK)


def test_the_chance_weighs_how_readily_the_dice_serve_the_mover_after_his_best_turn():
    game = played(9)
    values = features(game)
    assert values is not None
    race_logit, readier = values
    planner = Planner(game, racing)
    best = max(candidate_turns(planner, WIDTH, never), key=lambda line: line.value)
    after = planner.board(best.changes)
    now = planner.board(())
    mover = game.to_move
    assert mover is not None

    def readiness(tiles: list) -> float:
        return ease(Oracle(tiles, mover)) - ease(Oracle(tiles, mover.other))

    # Measured on the board the best turn leaves, not the one before it.
    assert readier == pytest.approx(readiness(after)) and readier != pytest.approx(readiness(now))
    assert race_logit == pytest.approx(logit(best.value))
    intercept, race_weight, ease_weight = WEIGHTS
    assert ease_weight > 0  # dice readier to serve the mover, a likelier win
    score = intercept + race_weight * race_logit + ease_weight * readier
    assert mover_wins(game) == pytest.approx(1 / (1 + math.exp(-score)))
    assert mover_wins(game, (intercept, race_weight, 0.0)) != pytest.approx(mover_wins(game))
