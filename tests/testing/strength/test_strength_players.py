"""The Verbindung yardsticks stay what their names say when hard changes: `hard0` (before issue
17) and `hard0v` (before issue 29) are derived from today's hard effort, so every newer part of
its search must be switched off in them."""

from __future__ import annotations

from engine.ai.base import Level
from engine.ai.verbindung import EFFORT, HARD_ODDS_FROM
from engine.ai.verbindung.lookahead import ODDS_FROM
from engine.ai.verbindung.race import NORMAL_GAMES
from testing.strength.players import OLD_VERBINDUNG_HARD, TODAY_VERBINDUNG_HARD

STATES = ((5, 5, False, False), (3, 6, True, False), (2, 2, False, True))


def test_hard0_looks_one_roll_ahead_blind_to_the_ease() -> None:
    hard = EFFORT[Level.HARD]
    assert (OLD_VERBINDUNG_HARD.deep, OLD_VERBINDUNG_HARD.deeper) == (0, 0)
    assert OLD_VERBINDUNG_HARD.shapes == 0 < hard.shapes
    assert OLD_VERBINDUNG_HARD.race is NORMAL_GAMES
    assert (OLD_VERBINDUNG_HARD.width, OLD_VERBINDUNG_HARD.beam) == (hard.width, 24)
    for state in STATES:
        assert OLD_VERBINDUNG_HARD.judge(*state) == NORMAL_GAMES.after_turn(*state)


def test_hard0v_looks_two_rolls_ahead_only_near_the_end_blind_to_the_ease_odds_from_three() -> None:
    hard = EFFORT[Level.HARD]
    assert TODAY_VERBINDUNG_HARD.deep == hard.deep > 0 == TODAY_VERBINDUNG_HARD.deeper
    assert TODAY_VERBINDUNG_HARD.shapes == 0 < hard.shapes
    assert OLD_VERBINDUNG_HARD.odds_from == TODAY_VERBINDUNG_HARD.odds_from == ODDS_FROM
    assert hard.odds_from == HARD_ODDS_FROM
    assert HARD_ODDS_FROM is None  # hard measures its odds at every distance
