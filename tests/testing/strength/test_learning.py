"""The learned model's data (`testing.strength.learning`, issue 55): which positions are labelled
by a search, what a label is, that each label lands on the position it was made for, and what
a labelled position learns."""

from __future__ import annotations

import argparse
import math
import random

import pytest

from engine.ai.base import never
from engine.ai.ponte.candidates import WIN, candidates
from engine.ai.ponte.learned import features
from engine.ai.ponte.search import ROOM
from engine.ponte import PonteGame
from testing.ponte_playout import playout
from testing.strength import learning


def _moves(seed: int, variant: str) -> list[str]:
    return [str(move) for _, move in playout(seed, variant)]


def _after(kind: str, moves: tuple[str, ...]) -> PonteGame:
    game = PonteGame("classic") if kind == "classic" else PonteGame()
    for move in moves:
        game.play(move)
    return game


def test_a_label_one_turn_deep_is_the_best_turns_value_and_deeper_ones_repeat():
    moves = tuple(_moves(3, "online")[:30])
    task = learning.Task("ponte", moves, 0)
    game = _after("ponte", moves)
    found = candidates(game, 12, random.Random(0), never, ROOM)
    assert learning.label(task, 1) == max(option.value for option in found)
    assert learning.label(task, 2) == learning.label(task, 2)


def test_the_sample_is_drawn_per_position_and_holds_about_its_share():
    drawn = [
        learning.chosen(55, "a.jsonl", line, ply, 0.1) for line in range(50) for ply in range(100)
    ]
    assert 0.08 < sum(drawn) / len(drawn) < 0.12
    # A position's draw depends on nothing but its own place: records added leave it as it was.
    assert drawn[:100] == [learning.chosen(55, "a.jsonl", 0, ply, 0.1) for ply in range(100)]
    assert drawn != [
        learning.chosen(56, "a.jsonl", line, ply, 0.1) for line in range(50) for ply in range(100)
    ]


def test_a_decided_search_value_is_a_certain_chance_and_others_follow_the_calibration():
    assert learning.chance(WIN + 12, 0.1, 0.0) == 1.0
    assert learning.chance(-WIN - 3, 0.1, 0.0) == 0.0
    assert learning.chance(5.0, 0.2, -0.5) == pytest.approx(1 / (1 + math.exp(-0.5)))


def _data() -> tuple[list[learning.RecordedGame], dict[str, str], learning.Positions]:
    games = [
        learning.RecordedGame("ponte", _moves(1, "online"), "one.jsonl", 0, 0),
        learning.RecordedGame("classic", _moves(2, "classic"), "one.jsonl", 1, 0),
        learning.RecordedGame("ponte", _moves(4, "online"), "two.jsonl", 0, 1),
    ]
    files = {"one.jsonl": "a" * 64, "two.jsonl": "b" * 64}
    return games, files, learning.gather(games, files, None)


def test_each_label_is_made_for_the_position_it_lands_on(tmp_path, monkeypatch):
    games, files, data = _data()
    made: list[learning.Task] = []

    def by_features(tasks, depth, workers):  # a label that tells the position it was made for
        made.extend(tasks)
        return {t.index: sum(features(_after(t.kind, t.moves))) for t in tasks}

    monkeypatch.setattr(learning, "label_many", by_features)
    options = argparse.Namespace(
        label_share=0.5, seed=55, label_depth=3, label_workers=1, cache=tmp_path
    )
    labels = learning.search_labels(games, files, data, {1}, options)
    assert labels, "about half the positions are labelled"
    assert all(data.game[index] != 1 for index in labels), "held-out games are not labelled"
    for index, value in labels.items():
        assert value == pytest.approx(sum(data.x[index]))
    # A rerun reads the labels it kept instead of searching again.
    made.clear()
    assert learning.search_labels(games, files, data, {1}, options) == labels
    assert not made


def test_a_labelled_position_learns_the_blend_of_its_result_and_its_search():
    data = learning.Positions(
        x=[[0.0]] * 4, y=[1.0, 0.0, 1.0, 0.5], analysis=[0.5] * 4, game=[0, 0, 1, 2]
    )
    seen: list[list[float]] = []

    def calibration(values, results):
        seen.append(values)
        return 0.0, 0.0  # every undecided value a chance of one half

    labels = {1: 3.0, 2: -WIN, 3: 1.0}
    target, said = learning.targets(data, labels, {0, 2}, 0.25, calibration)
    assert target == [1.0, 0.25 * 0.0 + 0.75 * 0.5, 0.25 * 1.0, 0.25 * 0.5 + 0.75 * 0.5]
    assert seen == [[3.0, 1.0]], "only the labels of games learnt from are calibrated"
    assert said["positions"] == 3 and said["blend"] == 0.25
    assert learning.targets(data, {}, {0}, 0.5, calibration) == (data.y, {})
