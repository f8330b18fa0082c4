"""Ponte del Diavolo's plain UCT search (`mcts`'s method), compiled with its board (`ponte_jit`).

The search is `mcts.Search` for one game, written again in arrays so that numba compiles it with
the playouts: a tree of single steps grown one node per iteration, UCB1 (`mcts.EXPLORATION`) to
choose among the children once all are tried, a random playout to the end, and its result
(`mcts.margin_result`) backed up along the path. A turn of two stones is two steps of the same
player, so the tree branches over single fields (a first stone is offered only when some second
stone fits beside it, P10). Bridges, pass and swap are single steps; swap is an ordinary legal
step at the second turn, credited to white, the side the swapper takes (P4). The playouts play
random turns to the end with the bridges weighted up (`ponte_jit.BRIDGE_WEIGHT`), as
boardspace.net's robot does.

Its budget is counted in playouts, not seconds, so that the yardstick is the same on any machine:
`PLAYOUTS_PER_SECOND` a second of the robot it stands for (``python -m bench.strength.playouts``
prints how many this machine makes).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TypeAlias

import numpy as np
import numpy.typing as npt
from numba import njit

from engine.coords import Field
from engine.ponte import Move, Pass, Place, PonteGame, Swap
from testing.strength import ponte_arrays as arrays
from testing.strength import ponte_jit as jit
from testing.strength.mcts import EXPLORATION
from testing.strength.ponte_jit import Ints, State, Tables

Floats: TypeAlias = npt.NDArray[np.float64]
Arrays: TypeAlias = tuple[Ints, Floats, Ints, Ints]
"""The search's arrays (`Tree.arrays`): nodes, rewards, pool, counters."""

PLAYOUTS_PER_SECOND = 4_400
"""The playouts a second of the MCTS issue 29 measures against: 8,000-10,000 in 2 s and 35,000
in 8 s, about what boardspace.net's Java robot makes in its 15 s."""

CHUNK = 256
"""Iterations between two looks at the clock (a few milliseconds)."""

# A node's columns in `Tree.nodes`: the step that led to it, the side it serves, where its steps
# start in the pool (-1 until they are listed), how many, how many are expanded, its visits.
STEP, ACTOR, START, COUNT, EXPANDED, VISITS = range(6)
# The counters: nodes, pool entries used, iterations.
NODES, POOL, ITERATIONS = range(3)
# `run`'s answers.
DONE, NEED_ROOM = 0, 1


class Tree:
    """The search's arrays; they grow when full."""

    def __init__(self, nodes: int = 4096, pool: int = 65536) -> None:
        self.nodes = np.zeros((nodes, 6), np.int32)
        self.rewards = np.zeros(nodes, np.float64)
        self.pool = np.zeros((pool, 2), np.int32)  # per listed step: the step, its child node
        self.counters = np.zeros(3, np.int64)
        self.nodes[0, START] = -1
        self.counters[NODES] = 1

    def grow(self) -> None:
        """Double whichever of the arrays is nearly full."""
        if self.counters[NODES] + 1 >= len(self.nodes):
            self.nodes = np.concatenate([self.nodes, np.zeros_like(self.nodes)])
            self.rewards = np.concatenate([self.rewards, np.zeros_like(self.rewards)])
        else:
            self.pool = np.concatenate([self.pool, np.zeros_like(self.pool)])

    def arrays(self) -> Arrays:
        """The arrays, in the order `run` takes them."""
        return self.nodes, self.rewards, self.pool, self.counters

    @property
    def iterations(self) -> int:
        return int(self.counters[ITERATIONS])

    def best(self, node: int) -> int | None:
        """The most visited step from `node` (None if none was tried)."""
        start, expanded = self.nodes[node, START], self.nodes[node, EXPANDED]
        if start < 0 or expanded == 0:
            return None
        children = self.pool[start : start + expanded]
        return int(children[np.argmax(self.nodes[children[:, 1], VISITS]), 0])

    def child(self, node: int, step: int) -> int | None:
        """The node after `step` from `node`, if it was expanded."""
        start, expanded = self.nodes[node, START], self.nodes[node, EXPANDED]
        for listed, child in self.pool[max(start, 0) : max(start, 0) + expanded].tolist():
            if listed == step:
                return int(child)
        return None


@njit(cache=True)
def _codes(t: Tables) -> tuple[int, int]:
    """The step codes past the fields and bridges: pass, then swap."""
    fields, bridges = t[0].shape[0], t[2].shape[0]
    return fields + bridges, fields + bridges + 1


@njit(cache=True)
def _has_partner(t: Tables, s: State, first: int, fields: list[int], size: int) -> bool:
    """Whether a second stone fits beside `first` (P10). A fitting field five or more fields
    away still fits once `first` is placed (a group spans at most four fields), so the exact
    look is needed only when no such field is left."""
    row, col = divmod(first, size)
    for other in fields:
        far_row, far_col = divmod(other, size)
        if max(abs(far_row - row), abs(far_col - col)) >= 5:
            return True
    return len(jit.partners(t, s, first, fields)) > 0


@njit(cache=True)
def _list_steps(t: Tables, s: State, first: int, swap: bool, pool: Ints) -> int:
    """Write the legal steps of the player to move into `pool`; returns how many."""
    count_fields = t[0].shape[0]
    passing, swapping = _codes(t)
    colour = s[11][jit.TURN]
    count = 0
    if first >= 0:
        for field in jit.seconds(t, s, first):
            pool[count, 0] = field
            count += 1
        return count
    if jit.can_place(s, colour):
        fields = jit.fitting(t, s, colour)
        size = int(math.sqrt(count_fields))
        for field in fields:
            if _has_partner(t, s, field, fields, size):
                pool[count, 0] = field
                count += 1
    if swap:
        pool[count, 0] = swapping
        count += 1
    for i in range(jit.bridges(t, s, colour)):
        pool[count, 0] = count_fields + s[8][colour, i]
        count += 1
    if count == 0:
        pool[count, 0] = passing
        count += 1
    return count


@njit(cache=True)
def _apply(t: Tables, s: State, first: int, step: int) -> int:
    """Make `step` on `s`; returns the turn's first stone when it is one, else -1."""
    count_fields = t[0].shape[0]
    passing = _codes(t)[0]
    if step < count_fields:
        if first < 0:
            return step
        jit.play_stones(t, s, first, step)
    elif step < passing:
        jit.build(t, s, step - count_fields)
    elif step == passing:
        jit.end_turn(s, True)
    # A swap changes who holds which colour, not the board: red is still to move.
    return -1


@njit(cache=True)
def _finish_turn(t: Tables, s: State, first: int) -> None:
    """A random second stone beside `first` (the playout starts mid-turn)."""
    found = jit.seconds(t, s, first)
    jit.play_stones(t, s, first, found[np.random.randint(len(found))])


@njit(cache=True)
def _select(nodes: Ints, rewards: Floats, pool: Ints, node: int) -> int:
    """The child of `node` with the highest UCB1 score."""
    log_parent = math.log(max(nodes[node, VISITS], 1))
    start = nodes[node, START]
    best, best_score = -1, -1.0
    for i in range(start, start + nodes[node, COUNT]):
        child = pool[i, 1]
        visits = nodes[child, VISITS]
        score = rewards[child] / visits + EXPLORATION * math.sqrt(log_parent / visits)
        if score > best_score:
            best, best_score = i, score
    return best


@njit(cache=True)
def run(t: Tables, root: State, swap: bool, tree: Arrays, until: float) -> int:
    """Iterate on `tree`'s arrays (`Tree.arrays`) until `until` iterations in all; NEED_ROOM
    (before changing anything of the iteration it stopped in) when they must grow first."""
    nodes, rewards, pool, counters = tree
    room = t[0].shape[0] + t[2].shape[0] + 2  # the longest list of steps
    _, swapping = _codes(t)
    path = np.zeros(4 * t[0].shape[0] + 8, np.int64)
    while counters[ITERATIONS] < until:
        if counters[NODES] + 1 >= nodes.shape[0]:
            return NEED_ROOM
        s = jit.copy_state(root)
        first, node, depth = -1, 0, 1
        path[0] = 0
        while not s[11][jit.OVER]:
            if nodes[node, START] < 0:
                if counters[POOL] + room > pool.shape[0]:
                    return NEED_ROOM
                at = counters[POOL]
                count = _list_steps(t, s, first, swap and node == 0, pool[at:])
                np.random.shuffle(pool[at : at + count, 0])
                nodes[node, START], nodes[node, COUNT] = at, count
                counters[POOL] += count
            if nodes[node, EXPANDED] < nodes[node, COUNT]:
                i = nodes[node, START] + nodes[node, EXPANDED]
                nodes[node, EXPANDED] += 1
                child = counters[NODES]
                counters[NODES] += 1
                step = pool[i, 0]
                pool[i, 1] = child
                nodes[child, STEP] = step
                nodes[child, ACTOR] = jit.WHITE if step == swapping else s[11][jit.TURN]
                nodes[child, START] = -1
                nodes[child, COUNT] = nodes[child, EXPANDED] = nodes[child, VISITS] = 0
                rewards[child] = 0.0
                first = _apply(t, s, first, step)
                path[depth] = node = child
                depth += 1
                break
            i = _select(nodes, rewards, pool, node)
            first = _apply(t, s, first, pool[i, 0])
            path[depth] = node = pool[i, 1]
            depth += 1
        if not s[11][jit.OVER]:
            if first >= 0:
                _finish_turn(t, s, first)
            jit.playout(t, s)
        _back_up(nodes, rewards, path[:depth], jit.white_result(t, s))
        counters[ITERATIONS] += 1
    return DONE


@njit(cache=True)
def _back_up(nodes: Ints, rewards: Floats, path: Ints, white: float) -> None:
    """Count a playout whose result for white is `white` at every node of `path`, for the side
    each node serves."""
    for visited in path:
        nodes[visited, VISITS] += 1
        actor = nodes[visited, ACTOR]
        if actor == jit.WHITE:
            rewards[visited] += white
        elif actor == jit.RED:
            rewards[visited] += 1.0 - white


def search(
    game: PonteGame, rng: random.Random, stop: Callable[[], bool], playouts: int | None
) -> Tree:
    """Grow a tree from `game` until `stop()` (asked every `CHUNK` iterations) or `playouts`."""
    t, root = arrays.tables(game.board.size), arrays.state_of(game)
    jit.seed(rng.getrandbits(32))
    tree = Tree()
    limit = math.inf if playouts is None else playouts
    while tree.iterations < limit and not stop():
        until = min(limit, tree.iterations + CHUNK)
        answer = run(t, root, game.ply == 1, tree.arrays(), until)
        if answer == NEED_ROOM:
            tree.grow()
    return tree


def choose(
    game: PonteGame, rng: random.Random, stop: Callable[[], bool], playouts: int | None = None
) -> Move:
    """The plain search's turn: the most visited first step, then its most visited second stone
    (a random fitting one when the search never got that far)."""
    tree = search(game, rng, stop, playouts)
    t, size = arrays.tables(game.board.size), game.board.size
    fields, (passing, swapping) = len(t[0]), _codes(t)
    step = tree.best(0)
    if step is None:  # (no playout at all: a legal step drawn by the turn number)
        step = _first_step(game, t)
    if step == swapping:
        return Swap()
    if step == passing:
        return Pass()
    if step >= fields:
        return arrays.bridge_move(size, step - fields)
    node = tree.child(0, step)
    second = tree.best(node) if node is not None else None
    if second is None:
        state = arrays.state_of(game)
        second = rng.choice(jit.seconds(t, state, step))
    return Place(Field.from_index(step, size), Field.from_index(second, size))


def _first_step(game: PonteGame, t: Tables) -> int:
    pool = np.zeros((len(t[0]) + len(t[2]) + 2, 2), np.int32)
    count = _list_steps(t, arrays.state_of(game), -1, game.ply == 1, pool)
    return int(pool[random.Random(game.ply).randrange(count), 0])
