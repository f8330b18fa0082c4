"""Ponte del Diavolo for the plain UCT search (`mcts`): steps, and random playouts.

A turn of two stones is two steps of the same player, so the tree branches over single fields
(a first stone is offered only when some second stone fits beside it, P10). Bridges, pass and
swap are single steps; swap is an ordinary legal step at the second turn, which the search weighs
by its playouts like any other. The playouts play random turns to the end of the game with the
bridges weighted up (as boardspace.net's robot does): each legal bridge counts as `BRIDGE_WEIGHT`
free fields when the playout picks what to do. Positions are `ponte_fast.Board`s, built for speed
(``python -m bench.strength.playouts`` counts the playouts a move).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from engine.coords import Field
from engine.ponte import Move, Pass, Place, PonteGame, Swap
from testing.strength.mcts import Search, margin_result
from testing.strength.ponte_fast import RED, WHITE, Board, playout


@dataclass(frozen=True, slots=True)
class BridgeStep:
    """Build the bridge of this number (`ponte_fast.Tables`)."""

    number: int


Step = int | BridgeStep | Pass | Swap


@dataclass(frozen=True, slots=True)
class State:
    """A position, the first stone of the turn in progress (None at a turn's start), and
    whether the pie rule may still be used (the second turn, P4)."""

    sim: Board
    first: int | None = None
    swap: bool = False


def _fields(sim: Board) -> list[int]:
    colour = sim.turn
    if not sim.can_place(colour):
        return []
    return [f for f in range(len(sim.owner)) if sim.free(f) and sim.fits(f, colour)]


class PonteDomain:
    """The game as the plain search sees it (`mcts.Domain`)."""

    def steps(self, state: State) -> list[Step]:
        sim = state.sim
        fields = _fields(sim)
        if state.first is not None:
            return list(sim.partners(state.first, fields))
        # A first stone needs a partner (P10); far from the end nearly every field has one.
        few = fields[:2] + fields[-2:]
        found: list[Step] = [f for f in fields if sim.partners(f, few) or sim.partners(f, fields)]
        if state.swap:
            found.append(Swap())
        found += (BridgeStep(b) for b in sim.bridges(sim.turn))
        if not found:
            found.append(Pass())
        return found

    def child(self, state: State, step: Step) -> State:
        if isinstance(step, int) and state.first is None:
            return State(state.sim, step)
        if isinstance(step, Swap):
            return State(state.sim)  # the colours change owners; red is still to move
        sim = state.sim.copy()
        if isinstance(step, int):
            assert state.first is not None
            sim.play_stones(state.first, step)
        elif isinstance(step, BridgeStep):
            sim.build(step.number)
        else:
            sim.end_turn(True)
        return State(sim)

    def actor(self, state: State, step: Step) -> Hashable:
        # The player who swaps holds white from then on (P4).
        return WHITE if isinstance(step, Swap) else state.sim.turn

    def chance(self, state: State, rng: random.Random) -> None:
        return None

    def is_over(self, state: State) -> bool:
        return state.sim.over

    def playout(self, state: State, rng: random.Random) -> dict[Hashable, float]:
        sim = state.sim.copy()
        if state.first is not None:
            sim.play_stones(state.first, rng.choice(sim.partners(state.first, _fields(sim))))
        playout(sim, rng)
        return results(sim)


def results(sim: Board) -> dict[Hashable, float]:
    """Each colour's result of a finished game (`mcts.margin_result`)."""
    _, white, red = sim.scores()
    win = None if white == red else float(white > red)
    value = margin_result(win, white[0] - red[0])
    return {WHITE: value, RED: 1.0 - value}


def choose(
    game: PonteGame, rng: random.Random, stop: Callable[[], bool], iterations: int | None = None
) -> Move:
    """The plain search's turn: the most visited first step, then its most visited second stone
    (a random fitting one when the search never got that far)."""
    root = State(Board.of(game), swap=game.ply == 1)
    domain = PonteDomain()
    search: Search[State, Step] = Search(domain, root, rng)
    search.run(stop, iterations)
    step = search.best()
    if step is None:
        step = rng.choice(domain.steps(root))
    if isinstance(step, Swap | Pass):
        return step
    if isinstance(step, BridgeStep):
        return root.sim.bridge(step.number)
    node = search.root.children.get(step)
    second = search.best(node) if node is not None else None
    if second is None:
        second = rng.choice(domain.steps(State(root.sim, step)))
    assert isinstance(second, int)
    size = game.variant.size
    return Place(Field.from_index(step, size), Field.from_index(second, size))
