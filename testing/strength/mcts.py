"""Plain UCT Monte Carlo tree search: the yardstick the computer's levels are measured against.

This is the method of boardspace.net's robots, written here from its description (issue 17):
a tree of single steps grown one node per iteration, UCB1 to choose among the children, a random
playout to the end of the game from the new node, and the playout's result (a win or a loss with
a small margin term, in 0..1) backed up along the path. The move is the most visited child. No
evaluation, no priors: what it knows of the games is their rules and the playout policy of each
game's domain.

A domain describes a game to the search as steps: a Verbindung turn is its dice one by one, and
each roll is a chance step whose outcome is sampled (`mcts_verbindung`, whose playouts go through
the engine, some 50 in two seconds). Ponte's search (`mcts_ponte`) is the same method written again
in arrays and compiled by numba with its board (`ponte_jit`), because the yardstick must make the
playouts of boardspace.net's robot (some 35,000 in 8 s) and CPython makes 300 to 500 a second; a
Ponte turn of two stones is two steps there (first stone, second stone), so that the tree
branches over fields, not over pairs of them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

S = TypeVar("S")
A = TypeVar("A", bound=Hashable)

EXPLORATION = 0.25
"""UCB1's constant for rewards in 0..1: at one second a turn, 0.25 won 6 of 8 games of Ponte
against the greedy player where sqrt(2) / 2 won 2 (0.1 also won 6): with hundreds of fields and
hundreds of playouts a turn, a greedier tree sees further."""


class Domain(Protocol[S, A]):
    """What the search needs to know of a game."""

    def steps(self, state: S) -> list[A]:
        """The legal steps of the player to move (never empty while the game runs)."""
        ...

    def child(self, state: S, step: A) -> S:
        """A new state after `step` (the old one is left as it was)."""
        ...

    def actor(self, state: S, step: A) -> Hashable:
        """The side whose result `step` serves (the side that owns the result after it)."""
        ...

    def chance(self, state: S, rng: random.Random) -> tuple[Hashable, S] | None:
        """At a chance step: a sampled outcome (its key and the state after it); else None."""
        ...

    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""
        ...

    def playout(self, state: S, rng: random.Random) -> dict[Hashable, float]:
        """Play on at random to the end; each side's result in 0..1."""
        ...


@dataclass(eq=False)
class Node(Generic[S, A]):
    """A state in the tree with the statistics of the step that led to it."""

    state: S
    actor: Hashable = None  # whose result `reward` sums (the side that made the step here)
    visits: int = 0
    reward: float = 0.0
    untried: list[A] | None = None  # steps not expanded yet, in random order
    children: dict[A, Node[S, A]] = field(default_factory=dict)
    outcomes: dict[Hashable, Node[S, A]] = field(default_factory=dict)  # a chance step's


class Search(Generic[S, A]):
    """One search from `root` in `domain`, grown until `stop()` or `iterations`."""

    def __init__(self, domain: Domain[S, A], root: S, rng: random.Random) -> None:
        self.domain, self.rng = domain, rng
        self.root: Node[S, A] = Node(root)
        self.iterations = 0

    def run(self, stop: Callable[[], bool], iterations: int | None = None) -> None:
        """Iterate until `stop()` says so (asked before each iteration) or `iterations` ran."""
        while not stop() and (iterations is None or self.iterations < iterations):
            self.iterate()

    def iterate(self) -> None:
        """Select, expand, play out, back up: one iteration."""
        path = [self.root]
        node = self.root
        while not self.domain.is_over(node.state):
            sampled = self.domain.chance(node.state, self.rng)
            if sampled is not None:
                key, state = sampled
                node = node.outcomes.setdefault(key, Node(state))
                path.append(node)
                continue
            if node.untried is None:
                node.untried = self.domain.steps(node.state)
                self.rng.shuffle(node.untried)
            if node.untried:
                node = self._expand(node)
                path.append(node)
                break
            node = self._select(node)
            path.append(node)
        result = self.domain.playout(node.state, self.rng)
        for visited in path:
            visited.visits += 1
            if visited.actor is not None:
                visited.reward += result[visited.actor]
        self.iterations += 1

    def _expand(self, node: Node[S, A]) -> Node[S, A]:
        assert node.untried is not None
        step = node.untried.pop()
        actor = self.domain.actor(node.state, step)
        child: Node[S, A] = Node(self.domain.child(node.state, step), actor)
        node.children[step] = child
        return child

    def _select(self, node: Node[S, A]) -> Node[S, A]:
        log_parent = math.log(max(node.visits, 1))

        def ucb(child: Node[S, A]) -> float:
            mean = child.reward / child.visits
            return mean + EXPLORATION * math.sqrt(log_parent / child.visits)

        return max(node.children.values(), key=ucb)

    def best(self, node: Node[S, A] | None = None) -> A | None:
        """The most visited step at `node` (the root by default), None if none was tried."""
        node = self.root if node is None else node
        if not node.children:
            return None
        return max(node.children.items(), key=lambda item: item[1].visits)[0]

    def child(self, step: A, node: Node[S, A] | None = None) -> Node[S, A]:
        """The tree node after `step` from `node` (the root by default)."""
        return (self.root if node is None else node).children[step]


def margin_result(win: float | None, margin: float, weight: float = 0.1) -> float:
    """A playout's result for one side in 0..1: mostly the win (1), draw (0.5) or loss (0), and a
    `weight` of the point margin squashed into 0..1, so that wins by more count slightly more."""
    base = 0.5 if win is None else win
    return (1 - weight) * base + weight * (0.5 + 0.5 * math.tanh(margin / 10))
