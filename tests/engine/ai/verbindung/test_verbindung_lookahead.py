"""Hard's look beyond its turn measures its own next roll's odds from further away than `hard0v`
did: from five dice to join (`HARD_ODDS_FROM`), where the lookahead's default waits until three."""

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


def test_between_three_and_five_dice_from_joining_only_hards_odds_are_measured() -> None:
    planner = Planner(open_game(4), NORMAL_GAMES.after_turn, race=NORMAL_GAMES)
    lines = candidate_turns(planner, Width(8, 20), never)
    between = [line for line in lines if ODDS_FROM < line.mine <= HARD_ODDS_FROM]
    assert between  # the position was chosen for turns that leave the mover four or five dice away
    for line in between:
        dice = opponent_dice(planner, line)
        default = Lookahead(planner, line, never)
        hard = Lookahead(planner, line, never, HARD_ODDS_FROM)
        assert default.odds is None
        assert hard.odds is not None and sum(hard.odds) == pytest.approx(1.0)
        assert hard.value(dice) != default.value(dice)
    far = next(line for line in lines if line.mine > HARD_ODDS_FROM)
    assert Lookahead(planner, far, never, HARD_ODDS_FROM).odds is None


def test_hard_looks_with_its_odds_from_five_and_hard0v_from_three(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int] = []

    class Recording(Lookahead):
        def __init__(self, planner: Planner, line: Line, stop: Stop, odds_from: int) -> None:
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
