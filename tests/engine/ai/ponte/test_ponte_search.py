"""The hard level's search in Ponte del Diavolo: it uses its node budget, deepens all root turns
alike, backs up minimax values, values the last turn exactly, is reproducible for a seed and a
node budget with the clock only cutting it short; and the pie rule (P4), both ways."""

from __future__ import annotations

import random

import pytest

from engine.ai import Level
from engine.ai.base import never
from engine.ai.ponte import choose_move
from engine.ai.ponte import choose_move as choose
from engine.ai.ponte.candidates import WIN
from engine.ai.ponte.opening import first_turn, openings, red_chance, wants_swap
from engine.ai.ponte.search import Search
from engine.ponte import Colour, Pass, Place, PonteGame, Swap
from testing.ponte_playout import playout
from testing.ponte_positions import position


class CountingStop:
    """A `stop` that says True from its `after`-th question on, and counts the questions."""

    def __init__(self, after: int | None = None) -> None:
        self.after, self.asked = after, 0

    def __call__(self) -> bool:
        self.asked += 1
        return self.after is not None and self.asked >= self.after


def midgame(seed: int = 3, ply: int = 24) -> PonteGame:
    """A running 12x12 position of a seeded random game."""
    return next(game for game, _ in playout(seed, "online") if game.ply == ply)


def test_the_search_makes_exactly_its_node_budget_of_expansions():
    search = Search(midgame(), random.Random(1), never)
    search.run(9)
    assert search.expansions == 9


def test_the_search_deepens_one_turn_at_a_time_all_root_turns_alike():
    game = midgame(2)
    search = Search(game, random.Random(2), never)
    search.run(1 + len(search.order))  # the root, and one expansion per root turn
    assert search.depth == 2
    assert all(move in (search.root.children or {}) for move in (v.move for v in search.order))


def test_two_turns_deep_each_root_turn_is_worth_the_opponents_best_answer():
    game = midgame(3)
    search = Search(game, random.Random(3), never)
    search.run(1 + len(search.order))
    children = search.root.children or {}
    for option in search.order:
        answers = children[option.move].options
        assert answers is not None
        assert option.value == -answers[0].value
    assert search.best is not None and search.best.value == max(v.value for v in search.order)


def test_with_more_nodes_the_search_goes_deeper():
    search = Search(midgame(4), random.Random(4), never)
    search.run(100)  # (60 were enough before hard counted room: its values cut less)
    assert search.depth >= 3


@pytest.mark.parametrize("nodes", [1, 5, 20])
def test_the_same_seed_and_node_budget_give_the_same_turn(nodes):
    game = midgame(5)
    turns = {str(choose_move(game.copy(), Level.HARD, random.Random(9), nodes=nodes)) for _ in "ab"}
    assert len(turns) == 1


@pytest.mark.parametrize("seed, nodes", [(6, 4), (6, 13), (8, 30)])
def test_the_clock_only_cuts_the_search_short(seed, nodes):
    game = midgame(seed)
    budgeted = Search(game, random.Random(1), never)
    budgeted.run(nodes)
    # A clock that runs out during expansion `nodes + 1`, where any clock does run out: at a
    # look inside an expansion. The search must answer as a node budget of `nodes` does.
    searches: list[Search] = []  # the clock asks before the search exists (the root's list)
    timed = Search(game, random.Random(1), lambda: any(s.expansions > nodes for s in searches))
    searches.append(timed)
    timed.run(10_000)
    assert timed.expansions == nodes + 1 and budgeted.expansions == nodes
    assert (timed.depth, timed.best_move()) == (budgeted.depth, budgeted.best_move())
    assert [v.move for v in timed.order] == [v.move for v in budgeted.order]


def test_a_search_stopped_at_once_still_has_a_turn():
    game = midgame(7)
    search = Search(game, random.Random(1), lambda: True)
    search.run(50)
    assert search.expansions == 1 and search.depth == 1
    assert choose_move(game, Level.HARD, random.Random(1), stop=lambda: True) is not None


def test_on_the_last_turn_every_turn_is_valued_by_the_final_score():
    game = _last_turn()
    search = Search(game, random.Random(1), never)
    options = search.root.options
    assert options
    for option in options:
        after = game.copy()
        after.push(option.move)
        outcome = after.outcome()
        assert outcome is not None and outcome.scores is not None
        margin = outcome.scores[Colour.RED] - outcome.scores[Colour.WHITE]
        assert option.value - margin in (-WIN, 0.0, WIN)
    search.run(30)
    assert search.depth == 2  # nothing deeper: the game ends


def _last_turn() -> PonteGame:
    """A classic game where white has just passed (P16): red's turn ends the game."""
    for seed in range(40):
        for game, move in playout(seed, "classic"):
            if isinstance(move, Pass) and game.to_move is Colour.WHITE and game.ply > 20:
                after = game.copy()
                after.push(move)
                return after
    raise AssertionError("no seeded game had white pass first")


# The pie rule (P4), both ways ------------------------------------------------------------


STRONG = "f6 f7"  # side by side in the middle: half an island, room all around
WEAK = "a1 l12"  # two corners, as far apart as the board allows


@pytest.mark.parametrize("level", list(Level))
def test_the_second_player_swaps_a_strong_opening(level):
    game = PonteGame.from_moves("online", [STRONG])
    assert wants_swap(red_chance(game))
    assert choose(game, level, random.Random(1), nodes=4) == Swap()


@pytest.mark.parametrize("level", list(Level))
def test_the_second_player_keeps_red_against_a_weak_opening(level):
    game = PonteGame.from_moves("online", [WEAK])
    assert not wants_swap(red_chance(game))
    move = choose(game, level, random.Random(1), nodes=4)
    assert isinstance(move, Place) and game.is_legal(move)


@pytest.mark.parametrize("seed", range(3))
def test_the_first_player_opens_closer_to_even_than_either_extreme(seed):
    game = PonteGame()
    move = first_turn(game, random.Random(seed))
    chances = {}
    for opening in (str(move), STRONG, WEAK):
        child = PonteGame.from_moves("online", [opening])
        chances[opening] = red_chance(child)
    gap = abs(chances[str(move)] - 0.5)
    assert gap < abs(chances[STRONG] - 0.5) and gap < abs(chances[WEAK] - 0.5)


def test_openings_of_every_shape_are_looked_at():
    found = openings(12, random.Random(1))
    gaps = {max(abs(o.first.col - o.second.col), abs(o.first.row - o.second.row)) for o in found}
    assert {1, 2, 3} <= gaps and len(found) == len(set(found))


def test_after_a_swap_hard_plays_on_as_red():
    game = PonteGame.from_moves("online", [STRONG, "swap"])
    move = choose(game, Level.HARD, random.Random(1), stop=CountingStop(after=200))
    assert isinstance(move, Place) and game.is_legal(move)


def test_hard_swaps_only_at_the_second_turn():
    game = position(white="b2 b3", red="f6 f7")
    assert choose_move(game, Level.HARD, random.Random(1), nodes=2) != Swap()
