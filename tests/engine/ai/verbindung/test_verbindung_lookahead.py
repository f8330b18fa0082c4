"""Hard's look beyond its turn measures its own next roll's odds at every distance
(`HARD_ODDS_FROM`), where `hard0v` and the lookahead's default wait until three dice to join."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import engine.ai.verbindung as verbindung_ai
from engine.ai.base import Level, Stop, never
from engine.ai.verbindung import EFFORT, HARD_ODDS_FROM, by_effort
from engine.ai.verbindung.lookahead import ODDS_FROM, Lookahead, opponent_dice
from engine.ai.verbindung.race import NORMAL_GAMES
from engine.ai.verbindung.search import Line, Planner, Width, candidate_turns
from testing.strength.players import TODAY_VERBINDUNG_HARD
from testing.verbindung_positions import open_game


def test_beyond_three_dice_from_joining_only_hards_odds_are_measured() -> None:
    planner = Planner(open_game(4), NORMAL_GAMES.after_turn, race=NORMAL_GAMES)
    lines = candidate_turns(planner, Width(8, 20), never)
    beyond = [line for line in lines if line.mine > ODDS_FROM]
    # The position was chosen for turns that leave the mover four or five dice away and further.
    assert {4, 5} < {line.mine for line in beyond}
    for line in beyond:
        dice = opponent_dice(planner, line)
        default = Lookahead(planner, line, never)
        hard = Lookahead(planner, line, never, HARD_ODDS_FROM)
        assert default.odds is None
        assert hard.odds is not None and sum(hard.odds) == pytest.approx(1.0)
        assert hard.value(dice) != default.value(dice)
        # A distance limit (hard0v's three) counts the distance itself in.
        assert Lookahead(planner, line, never, line.mine).odds == hard.odds
        assert Lookahead(planner, line, never, line.mine - 1).odds is None


def test_hard_looks_with_its_odds_at_every_distance_and_hard0v_from_three(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int | None] = []

    class Recording(Lookahead):
        def __init__(self, planner: Planner, line: Line, stop: Stop, odds_from: int | None) -> None:
            asked.append(odds_from)
            super().__init__(planner, line, stop, odds_from)

    monkeypatch.setattr(verbindung_ai, "Lookahead", Recording)
    # The look two rolls ahead is left out: only the one-roll lookahead is asked here.
    for effort, expected in (
        (EFFORT[Level.HARD], HARD_ODDS_FROM),
        (TODAY_VERBINDUNG_HARD, ODDS_FROM),
    ):
        asked.clear()
        by_effort(open_game(4), replace(effort, deep=0, deeper=0), random.Random(1))
        assert asked and set(asked) == {expected}
