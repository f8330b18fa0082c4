"""Verbindung gesucht for the plain UCT search (`mcts`): a determinised search over sampled rolls.

A turn is its dice one by one: each step places one rolled die (or makes an exchange, V10) or
ends the turn when it is complete (V6). Every roll is a chance step: each iteration samples it
from the dice, as the game would roll them (V5), so the tree holds the rolls that came up and
each is a branch of its own. Playouts play random legal turns (two dice where two fit) with
random rolls to the end: a win counts 1, a draw 0.5, a loss 0.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from engine.verbindung import Action, Player, Turn, VerbindungGame, draw_roll
from testing.strength.mcts import Search


@dataclass(frozen=True, slots=True)
class EndTurn:
    """The step that ends a complete turn with the dice placed so far."""


Step = Action | EndTurn
State = tuple[VerbindungGame, tuple[Action, ...]]
"""A game and the actions of the turn in progress (pushed as one `Turn` when it ends)."""


def next_actions(game: VerbindungGame, before: tuple[Action, ...]) -> list[Action]:
    """The legal next actions of the turn after `before`, in a fixed order."""
    faces = dict.fromkeys(game.roll)
    found: list[Action] = [p for face in faces for p in game.placements(face, before)]
    # V10: an exchange only rejoins a cut-off player (listing them is costly otherwise).
    if before or game.cut_off(game.to_move):  # type: ignore[arg-type]
        found += game.exchanges(before)
    return found


class VerbindungDomain:
    """The game as the plain search sees it (`mcts.Domain`)."""

    def steps(self, state: State) -> list[Step]:
        game, before = state
        found: list[Step] = [*next_actions(game, before)] if len(before) < 2 else []
        if game.is_legal(Turn(before)):
            found.append(EndTurn())
        return found

    def child(self, state: State, step: Step) -> State:
        game, before = state
        if isinstance(step, EndTurn):
            return _pushed(game, before)
        actions = (*before, step)
        if len(actions) == 2:
            return _pushed(game, actions)
        # A die that ends the game ends the turn at once (V11, V12).
        ended = game.copy()
        turn = Turn(actions)
        if ended.is_legal(turn):
            ended.push(turn)
            if ended.is_over:
                return ended, ()
        return game, actions

    def actor(self, state: State, step: Step) -> Hashable:
        return state[0].to_move

    def chance(self, state: State, rng: random.Random) -> tuple[Hashable, State] | None:
        game, _ = state
        if game.phase != "roll":
            return None
        roll = draw_roll(game, rng)
        after = game.copy()
        after.push(roll)
        return roll.faces, (after, ())

    def is_over(self, state: State) -> bool:
        return state[0].is_over

    def playout(self, state: State, rng: random.Random) -> dict[Hashable, float]:
        game, before = state
        game = game.copy()
        if game.phase == "place":
            game.push(random_turn(game, rng, before))
        while not game.is_over:
            game.push(draw_roll(game, rng))
            game.push(random_turn(game, rng, ()))
        outcome = game.outcome()
        assert outcome is not None
        if outcome.winner is None:
            return {Player.RED: 0.5, Player.BLACK: 0.5}
        return {p: float(outcome.winner is p) for p in Player}


def _pushed(game: VerbindungGame, actions: tuple[Action, ...]) -> State:
    after = game.copy()
    after.push(Turn(actions))
    return after, ()


def random_turn(game: VerbindungGame, rng: random.Random, before: tuple[Action, ...]) -> Turn:
    """A random legal turn that starts with `before`: random dice until two are placed (or
    none fits any more)."""
    actions = list(before)
    while len(actions) < 2:
        options = next_actions(game, tuple(actions))
        if not options:
            break
        actions.append(rng.choice(options))
    return Turn(tuple(actions))


def choose(
    game: VerbindungGame,
    rng: random.Random,
    stop: Callable[[], bool],
    iterations: int | None = None,
) -> Turn:
    """The plain search's turn: the most visited step at each level of the turn, completed at
    random where the search never got that far."""
    domain = VerbindungDomain()
    search: Search[State, Step] = Search(domain, (game, ()), rng)
    search.run(stop, iterations)
    node = search.root
    actions: tuple[Action, ...] = ()
    while len(actions) < 2:
        step = search.best(node)
        if step is None:
            return random_turn(game, rng, actions)
        if isinstance(step, EndTurn):
            break
        actions = (*actions, step)
        node = search.child(step, node)
        if node.state[1] != actions:  # the turn was pushed: it ended the game or is full
            break
    return Turn(actions)
