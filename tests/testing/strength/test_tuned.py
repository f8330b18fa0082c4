"""Hard's numbers tuned by self-play (`testing.strength.tuned`, issue 55)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.ai import Level
from engine.ai.base import never
from engine.ai.ponte import choose_move, evaluate
from engine.ai.ponte.evaluate import colour_value
from engine.ai.ponte.search import Shape
from engine.ponte.variants import Colour
from testing.ponte_playout import playout
from testing.strength import players
from testing.strength.tuned import (
    HARD,
    KNOBS,
    averaged,
    choose_tuned,
    evaluation,
    from_names,
    leanings,
    load,
    named,
    perturbed,
    shape_of,
    stepped,
)


def _position(seed: int, variant: str, ply: int = 24):
    return next(game for game, _ in playout(seed, variant) if game.ply == ply)


def test_hard_s_own_numbers_are_hard_s_search_and_evaluation():
    assert shape_of(HARD) == Shape()
    assert (evaluate.SHARES[1], evaluate.SHARES[2]) == (named(HARD)["safe"], named(HARD)["open"])
    assert evaluate.GROWING[2:] == (named(HARD)["growing2"], named(HARD)["growing3"])


@pytest.mark.parametrize(("seed", "variant"), [(3, "online"), (4, "classic")])
def test_with_hard_s_numbers_the_tuned_player_plays_hard_s_move(seed: int, variant: str):
    game = _position(seed, variant)
    hard = choose_move(game, Level.HARD, random.Random(7), never, nodes=4)
    assert choose_tuned(game, HARD, random.Random(7), never, nodes=4) == hard


def test_the_evaluation_uses_the_numbers_only_inside_the_block():
    board = _position(6, "classic", ply=30).board
    before = colour_value(board, Colour.WHITE)
    richer = from_names({"safe": 1.2, "open": 1.2, "growing2": 0.9, "growing3": 0.95})
    with evaluation(richer):
        inside = colour_value(board, Colour.WHITE)
    assert inside > before
    assert colour_value(board, Colour.WHITE) == before
    with pytest.raises(RuntimeError), evaluation(richer):
        raise RuntimeError("a search that fails")
    assert colour_value(board, Colour.WHITE) == before


def test_a_step_plays_two_versions_either_side_of_the_values_within_bounds():
    signs = tuple(1 if i % 2 else -1 for i in range(len(KNOBS)))
    plus, minus = perturbed(HARD, signs)
    for knob, value, up, down, sign in zip(KNOBS, HARD, plus, minus, signs, strict=True):
        assert up - value == pytest.approx(sign * knob.step)
        assert value - down == pytest.approx(sign * knob.step)
    lowest = tuple(k.low for k in KNOBS)
    plus, minus = perturbed(lowest, (-1,) * len(KNOBS))
    assert plus == lowest
    assert all(m == k.low + k.step for m, k in zip(minus, KNOBS, strict=True))


def test_the_update_moves_towards_the_version_that_won_by_the_knobs_own_steps():
    signs = (1, -1) * (len(KNOBS) // 2)
    moved = stepped(HARD, signs, lead=2, rate=0.05)
    for knob, before, after, sign in zip(KNOBS, HARD, moved, signs, strict=True):
        assert after - before == pytest.approx(0.1 * sign * knob.step)
    assert stepped(HARD, signs, lead=0, rate=0.05) == HARD
    back = stepped(HARD, signs, lead=-1, rate=0.05)
    assert all((b - h) * s < 0 for b, h, s in zip(back, HARD, signs, strict=True))
    far = stepped(HARD, signs, lead=2, rate=1000)
    assert far == tuple(k.high if s > 0 else k.low for k, s in zip(KNOBS, signs, strict=True))


def test_the_tuning_s_answer_is_the_mean_of_its_later_half():
    history = [(float(i),) * len(KNOBS) for i in range(6)]
    assert averaged(history) == (4.0,) * len(KNOBS)
    with pytest.raises(ValueError, match="no values"):
        averaged([])


def test_a_knob_leans_the_way_its_step_up_won():
    up = (1,) * len(KNOBS)
    mixed = (1, -1) * (len(KNOBS) // 2)
    steps = [(up, 2.0), (mixed, 2.0), (up, 1.0), (mixed, 1.0)]
    found = leanings(steps)
    assert found[0] == (pytest.approx(1.5), pytest.approx(0.5 / 2 * (4 / 3) ** 0.5))
    assert found[1][0] == 0.0  # won as often a step up as a step down
    with pytest.raises(ValueError, match="two steps"):
        leanings(steps[:1])


def test_numbers_are_read_by_name_and_an_unknown_knob_is_refused(tmp_path: Path):
    path = tmp_path / "found.json"
    path.write_text(json.dumps({"values": {"room": 1.0, "inner": 9.4}, "steps": 10}))
    values = load(path)
    assert named(values)["room"] == 1.0
    assert shape_of(values) == Shape(inner=9, room=1.0)
    assert named(values)["safe"] == named(HARD)["safe"]
    with pytest.raises(ValueError, match="no such knob: depth"):
        from_names({"depth": 3})
    assert named(from_names({"room": 99}))["room"] == max(k.high for k in KNOBS if k.name == "room")


def test_the_tuned_player_plays_the_numbers_the_environment_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    assert players.tuned_knobs() == HARD
    path = tmp_path / "found.json"
    path.write_text(json.dumps({"room": 2.0}))
    monkeypatch.setenv(players.KNOBS_VARIABLE, str(path))
    assert named(players.tuned_knobs())["room"] == 2.0
    game = _position(3, "online")
    move = players.PLAYERS["tuned"](game, random.Random(7), never)
    assert game.is_legal(move)  # type: ignore[arg-type]
