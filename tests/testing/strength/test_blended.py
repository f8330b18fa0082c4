"""The blended trial of the learned level (`testing.strength.blended`, issue 55)."""

from __future__ import annotations

import random

import pytest

from engine.ai.base import never
from engine.ai.ponte.learned import AnsweredSearch, shipped_model
from engine.ai.ponte.search import Search, Shape
from testing.ponte_playout import playout
from testing.strength.blended import SCALE, BlendedSearch


@pytest.mark.parametrize(("seed", "variant"), [(2, "online"), (5, "classic")])
def test_a_blend_with_no_share_of_the_model_searches_as_hard(seed: int, variant: str):
    game = next(game for game, _ in playout(seed, variant) if game.ply == 24)
    shape = Shape(depth=2)
    hard = Search(game, random.Random(1), never, shape)
    hard.run(10_000)
    blended = BlendedSearch(game, random.Random(1), never, shipped_model(), shape)
    blended.blend = 0.0
    blended.run(10_000)
    assert hard.best is not None and blended.best is not None
    assert blended.best.move == hard.best.move
    assert blended.best.value == pytest.approx(SCALE * hard.best.value)
    # With the model's whole share it values the horizon as the learned level does.
    learnt = BlendedSearch(game, random.Random(1), never, shipped_model(), shape)
    learnt.blend = 1.0
    learnt.run(10_000)
    answered = AnsweredSearch(game, random.Random(1), never, shipped_model(), shape)
    answered.run(10_000)
    assert learnt.best == answered.best
