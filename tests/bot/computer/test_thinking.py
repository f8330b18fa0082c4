"""The worker's thinking keeps its move within the budget: it stops a little before the end."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.computer import thinking


class Clock:
    """A monotonic clock the test sets by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("seconds", [2.0, 0.5, 0.0])
def test_the_search_is_told_to_stop_the_reserve_before_the_budget_ends(monkeypatch, seconds):
    clock, stops = Clock(), []

    def choose(game, level, rng, stop):
        stops.append(stop)
        return "a move"

    spec = SimpleNamespace(load=lambda record: record, choose=choose)
    monkeypatch.setattr(thinking.time, "monotonic", clock)
    assert thinking.think(spec, "{}", "hard", "seed", seconds) == "a move"  # type: ignore[arg-type]
    [stop] = stops
    end = 1000.0 + max(0.0, seconds - thinking.RESERVE)
    assert stop() is (seconds == 0.0)  # at the start: due at once only without a budget
    clock.now = end - 0.001
    assert stop() is False
    clock.now = end
    assert stop() is True
