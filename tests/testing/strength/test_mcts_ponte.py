"""Ponte's plain search (`testing.strength.mcts_ponte`), compiled with its board: the steps it
offers are exactly the engine's, the swap is credited to the side the swapper takes, it plays
legal turns the same for a seed, finds a turn its playouts show, and grows its arrays when full."""

from __future__ import annotations

import random
import time

import pytest

from testing.strength import NEEDS_NUMBA

pytest.importorskip("numba", reason=NEEDS_NUMBA)

import numpy as np

from engine.ai.ponte.playout import random_turn
from engine.coords import Field
from engine.ponte import Place, PonteGame
from testing.ponte_playout import playout
from testing.strength import mcts_ponte
from testing.strength import ponte_arrays as arrays
from testing.strength import ponte_jit as jit
from testing.strength.players import mcts_player, stop_after


def _steps(game: PonteGame, first: int = -1) -> list[int]:
    t, state = arrays.tables(game.board.size), arrays.state_of(game)
    pool = np.zeros((len(t[0]) + len(t[2]) + 2, 2), np.int32)
    count = mcts_ponte._list_steps(t, state, first, game.ply == 1, pool)
    return pool[:count, 0].tolist()


def _legal_first_stones(game: PonteGame) -> set[int]:
    """The fields of either stone of some legal two-stone turn, by the engine."""
    size = game.board.size
    places = [m for m in game.legal_moves() if isinstance(m, Place)]
    return {f.index(size) for m in places for f in (m.first, m.second)}


@pytest.mark.parametrize("seed", [0, 3])
def test_the_steps_of_a_turn_are_the_engine_turns_first_stones_and_bridges(seed):
    game = next(g for g, _ in playout(seed) if g.ply == 30)
    size, fields = game.board.size, game.board.size**2
    steps = _steps(game)
    stones = {s for s in steps if s < fields}
    bridges = {str(arrays.bridge_move(size, s - fields)) for s in steps if s >= fields}
    assert stones == _legal_first_stones(game)
    assert bridges == {str(b) for b in game.legal_bridges()}
    first = min(stones)
    seconds = {Field.from_index(s, size) for s in _steps(game, first)}
    stone = Field.from_index(first, size)
    places = [
        m for m in game.legal_moves() if isinstance(m, Place) and stone in (m.first, m.second)
    ]
    assert seconds == {m.second if m.first == stone else m.first for m in places}


def test_in_ponte_the_swap_is_credited_to_white_the_side_the_swapper_takes():
    game = PonteGame()
    game.push(game.parse_move("f6 g7"))
    tree = mcts_ponte.search(game, random.Random(1), lambda: False, 400)
    fields = game.board.size**2
    swap = fields + len(arrays.tables(12)[2]) + 1
    swap_node = tree.child(0, swap)
    assert swap_node is not None
    assert tree.nodes[swap_node, mcts_ponte.ACTOR] == jit.WHITE
    others = [tree.child(0, step) for step in range(fields)]
    actors = {tree.nodes[node, mcts_ponte.ACTOR] for node in others if node is not None}
    assert actors == {jit.RED}


@pytest.mark.parametrize("seed", [0, 1])
def test_the_ponte_search_plays_legal_turns_the_same_for_a_seed(seed):
    game = next(g for g, _ in playout(seed) if g.ply == 20)
    turns = {str(mcts_ponte.choose(game, random.Random(seed), lambda: False, 300)) for _ in "ab"}
    assert len(turns) == 1
    game.check(mcts_ponte.choose(game, random.Random(seed), lambda: False, 300))


def test_the_search_stops_when_asked_between_chunks():
    asked = []
    tree = mcts_ponte.search(
        PonteGame(), random.Random(2), lambda: asked.append(1) or len(asked) > 2, None
    )
    assert tree.iterations == 2 * mcts_ponte.CHUNK


def test_a_tree_that_fills_up_grows_and_searches_on_as_if_it_had_room():
    game = next(g for g, _ in playout(5) if g.ply == 10)
    t, root = arrays.tables(12), arrays.state_of(game)

    def grown(tree: mcts_ponte.Tree) -> mcts_ponte.Tree:
        jit.seed(9)
        while tree.iterations < 500:
            if mcts_ponte.run(t, root, False, tree.arrays(), 500) == mcts_ponte.NEED_ROOM:
                tree.grow()
        return tree

    small, large = grown(mcts_ponte.Tree(nodes=8, pool=400)), grown(mcts_ponte.Tree())
    assert len(small.nodes) < len(large.nodes) and len(small.pool) < len(large.pool)
    count = int(large.counters[mcts_ponte.NODES])
    assert int(small.counters[mcts_ponte.NODES]) == count
    assert (small.nodes[:count] == large.nodes[:count]).all()


@pytest.mark.parametrize("searcher", [0, 1])
def test_the_search_beats_random_turns_with_either_colour(searcher):
    # Backed-up results credited to the wrong side would make it pick its worst turns.
    rng = random.Random(searcher)
    game = PonteGame("classic")
    while not game.is_over:
        mover = 0 if game.to_move is game.first_player_colour else 1
        if mover == searcher:
            move = mcts_ponte.choose(game, rng, lambda: False, 400)
        else:
            move = random_turn(game, rng, bridge_chance=0.2, swap_chance=0.0)
        game.push(move)
    outcome = game.outcome()
    assert outcome is not None
    winner = 0 if outcome.winner is game.first_player_colour else 1
    assert winner == searcher


def test_every_iteration_is_counted_at_the_root_and_once_below_it():
    tree = mcts_ponte.search(PonteGame("classic"), random.Random(3), lambda: False, 700)
    nodes, count = tree.nodes, int(tree.counters[mcts_ponte.NODES])
    assert nodes[0, mcts_ponte.VISITS] == tree.iterations == 700
    start, expanded = nodes[0, mcts_ponte.START], nodes[0, mcts_ponte.EXPANDED]
    children = tree.pool[start : start + expanded, 1]
    assert nodes[children, mcts_ponte.VISITS].sum() == 700
    assert (tree.rewards[1:count] <= nodes[1:count, mcts_ponte.VISITS]).all()


def test_the_bench_player_counts_its_budget_in_playouts_not_in_time():
    # 0.05 s of the robot's budget is 220 playouts, however long they take here: the same
    # seed then gives the same turn, where a search cut by the clock (at 10 s here, so that a
    # player that ignored its budget would fail rather than hang) would vary.
    game = next(g for g, _ in playout(2) if g.ply == 16)
    far = time.perf_counter() + 10
    turns = {str(mcts_player(game, random.Random(7), stop_after(far, 0.05))) for _ in range(3)}
    assert len(turns) == 1
    tree = mcts_ponte.search(game, random.Random(7), lambda: False, playouts=220)
    assert tree.iterations == round(0.05 * mcts_ponte.PLAYOUTS_PER_SECOND)
