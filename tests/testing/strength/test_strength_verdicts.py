"""The verdict ``python -m bench.strength.ai`` prints after a pairing's games: only for a run that
its stated rule judges (issue 17: at least 100 games, half with the hard player first, at the
bot's default thinking time), and with the rule beside it."""

from __future__ import annotations

import pytest

from testing.strength.pairings import Pairing, Tally, summary
from testing.strength.players import Played

PAIRING = Pairing("ponte", "mcts", 0.75)
VERDICTS = ("ok", "BELOW TARGET")


def tally(won: int, games: int, hard_first: int | None = None) -> Tally:
    """`games` games (the hard player first in `hard_first`, by default in every other one, as
    the benchmark alternates), the first `won` of them won by the hard player."""
    first = games // 2 + games % 2 if hard_first is None else hard_first
    counted = Tally()
    for number in range(games):
        hard = 0 if number < first else 1
        winner = hard if number < won else 1 - hard
        counted.count(hard, Played(winner, seconds=([0.5], [0.5])))
    return counted


def verdict_of(line: str) -> str:
    """The end of the summary's first line: what it concludes."""
    return line.splitlines()[0].rsplit("  ", 1)[-1]


@pytest.mark.parametrize(
    ("games", "hard_first", "budget", "why"),
    [
        (40, None, 2.0, "40 games"),  # a short run, or a run cut short
        (101, None, 2.0, "hard first in 51 of 101"),  # not half with each player first
        (100, 60, 2.0, "hard first in 60 of 100"),
        (100, None, 0.5, "0.5 s a move"),  # another budget than the rule's
    ],
)
def test_a_run_the_rule_does_not_judge_gets_no_verdict(games, hard_first, budget, why):
    verdict = verdict_of(summary(PAIRING, tally(games, games, hard_first), budget, wall=1.0))
    assert not verdict.endswith(VERDICTS)
    assert "not judged" in verdict and why in verdict
    assert "at least 100 games" in verdict  # the rule, stated


@pytest.mark.parametrize(("won", "said"), [(75, "ok"), (74, "BELOW TARGET")])
def test_a_run_by_the_rule_gets_its_verdict_beside_the_rule(won, said):
    verdict = verdict_of(summary(PAIRING, tally(won, 100), 2.0, wall=1.0))
    assert verdict.startswith("target 75%") and verdict.endswith(said)
    assert "at least 100 games, half with hard first, 2 s a move" in verdict


def test_a_pairing_without_a_target_is_only_measured():
    pairing = Pairing("ponte", "normal", None)
    assert verdict_of(summary(pairing, tally(3, 4), 2.0, wall=1.0)) == "(no target)"
