"""The yardstick of issue 17, `testing.strength.mcts`: a plain UCT search that finds what its
playouts show, weighs chance by sampling, credits each step to the side that made it (Ponte's
compiled search: `test_mcts_ponte`)."""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine.ai.verbindung.playout import random_turn as random_verbindung_turn
from engine.verbindung import VerbindungGame, draw_roll
from testing.strength import mcts_verbindung
from testing.strength.mcts import Search, margin_result


@dataclass(frozen=True)
class Pile:
    """Nim with one pile: take one or two stones; whoever takes the last stone wins."""

    stones: int
    mover: int = 0


class NimDomain:
    """A game small enough that the search must find its one winning step."""

    def steps(self, state: Pile) -> list[int]:
        return [take for take in (1, 2) if take <= state.stones]

    def child(self, state: Pile, step: int) -> Pile:
        return Pile(state.stones - step, 1 - state.mover)

    def actor(self, state: Pile, step: int) -> Hashable:
        return state.mover

    def chance(self, state: Pile, rng: random.Random) -> None:
        return None

    def is_over(self, state: Pile) -> bool:
        return state.stones == 0

    def playout(self, state: Pile, rng: random.Random) -> dict[Hashable, float]:
        while state.stones:
            state = self.child(state, rng.choice(self.steps(state)))
        winner = 1 - state.mover  # the player who took the last stone
        return {winner: 1.0, 1 - winner: 0.0}


class CoinDomain:
    """One choice between two coins, then a toss: heads (1 in 5 or 4 in 5) wins."""

    ODDS: ClassVar[dict[str, float]] = {"fair-looking": 0.2, "lucky": 0.8}

    def steps(self, state: tuple[str, ...]) -> list[str]:
        return list(self.ODDS)

    def child(self, state: tuple[str, ...], step: str) -> tuple[str, ...]:
        return (step,)

    def actor(self, state: tuple[str, ...], step: str) -> Hashable:
        return "me"

    def chance(
        self, state: tuple[str, ...], rng: random.Random
    ) -> tuple[Hashable, tuple[str, ...]] | None:
        if len(state) != 1:
            return None
        side = "heads" if rng.random() < self.ODDS[state[0]] else "tails"
        return side, (*state, side)

    def is_over(self, state: tuple[str, ...]) -> bool:
        return len(state) == 2

    def playout(self, state: tuple[str, ...], rng: random.Random) -> dict[Hashable, float]:
        return {"me": float(state[-1] == "heads")}


@pytest.mark.parametrize("stones, winning", [(4, 1), (5, 2), (7, 1)])
def test_the_search_finds_the_winning_step_and_credits_each_side_its_own(stones, winning):
    search = Search(NimDomain(), Pile(stones), random.Random(1))
    search.run(lambda: False, iterations=600)
    # Leaving a multiple of three wins; that holds only if each side's result is its own.
    assert search.best() == winning
    assert search.iterations == 600


def test_chance_steps_are_sampled_and_weighed_by_their_outcomes():
    search = Search(CoinDomain(), (), random.Random(2))
    search.run(lambda: False, iterations=300)
    assert search.best() == "lucky"
    outcomes = search.child("lucky").outcomes
    assert set(outcomes) == {"heads", "tails"}
    assert outcomes["heads"].visits > outcomes["tails"].visits


def test_the_search_stops_when_asked_before_each_iteration():
    asked = []
    search = Search(NimDomain(), Pile(9), random.Random(3))
    search.run(lambda: asked.append(1) or len(asked) > 5)
    assert search.iterations == 5


@pytest.mark.parametrize("margin", range(-40, 41, 5))
def test_a_playout_result_is_mostly_the_win_with_a_little_of_the_margin(margin):
    win, draw, loss = (margin_result(result, margin) for result in (1.0, None, 0.0))
    assert loss < 0.1
    assert 0.45 <= draw <= 0.55
    assert win >= 0.9
    assert margin_result(1.0, margin + 5) > win


def test_the_verbindung_search_plays_legal_turns():
    rng = random.Random(4)
    game = VerbindungGame()
    for _ in range(6):
        game.push(draw_roll(game, rng))
        game.push(random_verbindung_turn(game, rng))
    game.push(draw_roll(game, rng))
    game.check(mcts_verbindung.choose(game, random.Random(5), lambda: False, 8))
