"""The learned level of Ponte del Diavolo: its model ships as its manifest describes it, values a
position from the mover's side, and the search over it ends lines with the model instead of an
expansion, plays legal turns on both boards, is reproducible for a seed and answers when
stopped."""

from __future__ import annotations

import hashlib
import json
import random
from importlib import resources

import pytest

from engine.ai.base import never
from engine.ai.ponte import learned
from engine.ai.ponte.candidates import Valued
from engine.ai.ponte.learned import (
    ANSWERS,
    FEATURES,
    AnsweredSearch,
    LearnedSearch,
    ValueModel,
    choose_learned,
    features,
    shipped_model,
)
from engine.ai.ponte.search import INFINITY, Node, Search, Shape
from engine.ponte import Colour, Pass, PonteGame
from testing.ponte_playout import playout


def midgame(seed: int = 3, ply: int = 24, variant: str = "online") -> PonteGame:
    """A running position of a seeded random game."""
    return next(game for game, _ in playout(seed, variant) if game.ply == ply)


def shipped(name: str) -> bytes:
    return resources.files(learned.__package__).joinpath(name).read_bytes()


def test_the_shipped_model_is_the_one_its_manifest_describes():
    manifest = json.loads(shipped(learned.MANIFEST_FILE))
    model = shipped(manifest["model"])
    assert hashlib.sha256(model).hexdigest() == manifest["sha256"]
    assert len(model) <= 5 * 1024 * 1024
    for key in ("seed", "steps", "data", "seconds", "commit", "command", "held_out", "framework"):
        assert manifest[key], key


def test_the_model_sees_the_features_it_was_fitted_to():
    data = json.loads(shipped(learned.MODEL_FILE))
    data["features"] = [*FEATURES[1:], FEATURES[0]]
    with pytest.raises(ValueError, match="other features"):
        ValueModel.from_json(json.dumps(data))
    assert len(features(midgame())) == len(FEATURES) == len(shipped_model().mean)


def test_a_logistic_model_weighs_the_standardised_features():
    size = len(FEATURES)
    model = ValueModel(
        mean=(1.0,) * size,
        scale=(2.0,) * size,
        hidden=(),
        hidden_bias=(),
        out=(1.0,) + (0.0,) * (size - 1),
        out_bias=0.5,
    )
    assert model.logit([5.0] + [0.0] * (size - 1)) == pytest.approx(0.5 + (5.0 - 1.0) / 2.0)


def test_the_mover_leading_by_its_counts_is_the_more_likely_winner():
    game = midgame(5, 40)
    values = features(game)
    mine, theirs = values[0:3], values[3:6]
    swapped = [*theirs, *mine, values[7], values[6], *values[8:]]
    model = shipped_model()
    ahead = model.logit(values if sum(mine) > sum(theirs) else swapped)
    behind = model.logit(swapped if sum(mine) > sum(theirs) else values)
    assert ahead > behind


def test_the_learned_search_values_the_horizon_without_expanding_it():
    game = midgame(2)
    plain = Search(game, random.Random(2), never)
    plain.run(1 + len(plain.order))  # two turns deep: every answer listed
    search = LearnedSearch(game, random.Random(2), never, shipped_model())
    search.run(1 + len(search.order))
    assert plain.depth == 2 and search.depth >= 2
    children = (search.root.children or {}).values()
    assert search.leaves >= len(search.order)  # each root turn valued by the model
    assert any(child.options is None for child in children)  # not listed to value it
    assert all(child.options is not None for child in (plain.root.children or {}).values())


def test_the_answered_search_values_the_horizon_by_the_best_answers_after():
    game = midgame(2)
    model = shipped_model()
    search = AnsweredSearch(game, random.Random(2), never, model, Shape(depth=2))
    search.run(10_000)  # two turns deep: every answer listed
    assert search.depth == 2
    children = search.root.children or {}
    for option in search.order:
        answers = children[option.move].options
        assert answers is not None
        after = children[option.move].children or {}
        valued = [-model.value(after[answer.move].game) for answer in answers[:ANSWERS]]
        assert option.value == pytest.approx(-max(valued))


def test_an_answer_that_ends_the_game_in_a_draw_keeps_its_exact_value():
    # Red's pass ends the game at once (P16); a drawn end's value is its margin, not a win's,
    # and the model was once asked about the finished game, which stopped a benchmark.
    before, move = list(playout(7, "classic"))[-1]
    assert isinstance(move, Pass) and not before.is_final_turn()
    ended = before.copy()
    ended.push(move)
    outcome = ended.outcome()
    assert outcome is not None and outcome.winner is None
    search = AnsweredSearch(before, random.Random(0), never, shipped_model(), Shape(depth=2))
    search.budget = 10_000  # as `run` sets it: leaves may be valued
    node = Node(before, Colour.RED, options=[Valued(0.0, move)])
    assert search._value(node, 1, -INFINITY, INFINITY) == 0.0


@pytest.mark.parametrize("answered", [True, False])
@pytest.mark.parametrize("variant", ["online", "classic"])
def test_the_learned_level_plays_legal_turns_the_same_for_a_seed(variant: str, answered: bool):
    game = midgame(4, 20, variant)
    first = choose_learned(game, random.Random(7), nodes=12, answered=answered)
    assert game.is_legal(first)
    assert choose_learned(game, random.Random(7), nodes=12, answered=answered) == first


def test_the_learned_level_answers_when_stopped_at_once():
    game = midgame(6, 30)
    move = choose_learned(game, random.Random(1), lambda: True)
    assert game.is_legal(move)


def test_whites_chance_by_the_model_is_the_movers_from_whites_side_and_exact_at_the_end():
    game = midgame(5, 40)
    model = shipped_model()
    mover = model.chance(game)
    white = learned.white_chance(game)
    assert white == pytest.approx(mover if game.to_move is Colour.WHITE else 1.0 - mover)
    game.push(next(iter(game.legal_moves())))
    mover = model.chance(game)
    white = learned.white_chance(game)
    assert white == pytest.approx(mover if game.to_move is Colour.WHITE else 1.0 - mover)
    resigned = PonteGame.from_moves(None, ["c3 d5", "resign white"])
    assert learned.white_chance(resigned) == 0.0
