"""Ponte del Diavolo for the plain UCT search (`mcts`): steps, and random playouts.

A turn of two stones is two steps of the same player, so the tree branches over single fields
(a first stone is offered only when some second stone fits beside it, P10). Bridges, pass and
swap are single steps; swap is an ordinary legal step at the second turn, which the search weighs
by its playouts like any other. The playouts play random turns to the end of the game with the
bridges weighted up (as boardspace.net's robot does): each legal bridge counts as `BRIDGE_WEIGHT`
free fields when the playout picks what to do. Positions are `ponte_sim.Sim`s, built for speed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from engine.coords import Field
from engine.ponte import Move, Pass, Place, PonteGame, Swap
from testing.strength.mcts import Search, margin_result
from testing.strength.ponte_sim import RED, WHITE, Sim

BRIDGE_WEIGHT = 8


@dataclass(frozen=True, slots=True)
class BridgeStep:
    """Build the bridge of this number (`ponte_sim.Catalogue`)."""

    number: int


Step = int | BridgeStep | Pass | Swap


@dataclass(frozen=True, slots=True)
class State:
    """A position, the first stone of the turn in progress (None at a turn's start), and
    whether the pie rule may still be used (the second turn, P4)."""

    sim: Sim
    first: int | None = None
    swap: bool = False


def _fields(sim: Sim) -> list[int]:
    colour = sim.turn
    if not sim.can_place(colour):
        return []
    return [f for f in range(len(sim.owner)) if sim.free(f) and sim.fits(f, colour)]


def _partners(sim: Sim, fields: list[int], first: int) -> list[int]:
    colour = sim.turn
    sim.owner[first] = colour
    found = [f for f in fields if f != first and sim.fits(f, colour)]
    sim.owner[first] = 0
    return found


def _has_partner(sim: Sim, fields: list[int], first: int) -> bool:
    colour = sim.turn
    sim.owner[first] = colour
    found = any(f != first and sim.fits(f, colour) for f in fields)
    sim.owner[first] = 0
    return found


class PonteDomain:
    """The game as the plain search sees it (`mcts.Domain`)."""

    def steps(self, state: State) -> list[Step]:
        sim = state.sim
        fields = _fields(sim)
        if state.first is not None:
            return list(_partners(sim, fields, state.first))
        found: list[Step] = [f for f in fields if _has_partner(sim, fields, f)]
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
            sim.end_turn(False)
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
            sim.play_stones(state.first, rng.choice(_partners(sim, _fields(sim), state.first)))
        while not sim.over:
            random_turn(sim, rng)
        return results(sim)


def random_turn(sim: Sim, rng: random.Random) -> None:
    """Play a random turn of the playouts: a bridge with the weight of `BRIDGE_WEIGHT` free
    fields each, otherwise two random stones, a bridge when no two stones fit, or pass."""
    built = sim.bridges(sim.turn)
    if built:
        free = sim.free_count
        weight = BRIDGE_WEIGHT * len(built)
        if rng.random() * (weight + free) < weight:
            sim.build(rng.choice(built))
            sim.end_turn(False)
            return
    pair = sim.random_pair(rng)
    if pair is not None:
        sim.play_stones(*pair)
    elif built:
        sim.build(rng.choice(built))
        sim.end_turn(False)
    else:
        sim.end_turn(True)


def results(sim: Sim) -> dict[Hashable, float]:
    """Each colour's result of a finished game (`mcts.margin_result`)."""
    white, red = sim.score(WHITE), sim.score(RED)
    win = None if white == red else float(white > red)
    value = margin_result(win, white[0] - red[0])
    return {WHITE: value, RED: 1.0 - value}


def choose(
    game: PonteGame, rng: random.Random, stop: Callable[[], bool], iterations: int | None = None
) -> Move:
    """The plain search's turn: the most visited first step, then its most visited second stone
    (a random fitting one when the search never got that far)."""
    root = State(Sim.of(game), swap=game.ply == 1)
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
