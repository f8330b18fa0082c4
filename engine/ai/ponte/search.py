"""The hard level's search: alpha-beta over whole turns, deepened while the time lasts.

A position offers thousands of turns, so the search looks only at the candidates (`candidates`:
the pairs of the best single fields, the planned pairs, every bridge and pass), each with the
evaluation of the position it leaves. Those static values order the turns (the best first, so
that alpha-beta cuts early) and are the values at the search's horizon: a search one turn deep
takes the best static value, two turns deep the best turn against the opponent's best answer, and
so on. The root looks at its `Shape.root` best turns and the best few bridges besides (they gain
little at once but may be urgent, which only the answers show); below, each player looks at
its `Shape.inner` best.

The search deepens one turn at a time, all root turns to the same depth: values of different
depths do not compare (after my turn the evaluation forgets what my opponent will do, after his
what I will). Listing a position's candidates (an expansion) is what costs; every expansion is
kept, so a deeper iteration pays only for the positions it reaches for the first time. When the
node budget or `stop()` ends an iteration part-way, the turns it finished still count: alpha-beta
searches the previous best first, and any turn that beat it is better at the new depth too.
For a given seed and node budget the answer is always the same; the time only cuts it short.

Every listing also counts room (`candidates.with_room`, weight `ROOM`): the fields where each
colour may still place a stone. The evaluation alone foretold little of the games hard played
against a Monte Carlo search, which keeps the fields only it may use for later; with room it
foretold them better (`bench.strength.ponte_room`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ai.base import Rng, Stop
from engine.ai.ponte.candidates import WIN, Valued, after, candidates, final_value, mover
from engine.ponte import Colour, Move, Place, PonteGame

INFINITY = 1e9

ROOM = 0.5
"""Hard's weight of room (`candidates.with_room`): points of value per field of room on a full
board (a quarter of a point at half full). The best fit of `bench.strength.ponte_room` to hard's
games against the MCTS at 8 s, among 0, 0.25, 0.5, 1 and 2."""


class BudgetSpentError(Exception):
    """The node budget or the time ran out in the middle of an iteration."""


@dataclass(frozen=True, slots=True)
class Shape:
    """How widely the search looks."""

    fields: int = 12  # single fields paired into stone turns in every expansion
    root: int = 12  # best root turns searched (and `root_bridges` bridges besides)
    root_bridges: int = 3
    inner: int = 7  # best turns searched below the root
    depth: int = 6  # the deepest iteration
    room: float = ROOM  # weight of the fields each colour may still use (`candidates.with_room`)


@dataclass(slots=True)
class Node:
    """A position reached by the search, with its candidates once expanded."""

    game: PonteGame
    colour: Colour  # the player to move there (after the end: who would have been)
    options: list[Valued] | None = None  # best first, values for the mover after each turn
    children: dict[Move, Node] | None = None


class Search:
    """Iterative deepening for the player to move in `game`."""

    def __init__(self, game: PonteGame, rng: Rng, stop: Stop, shape: Shape = Shape()) -> None:
        self.rng, self.stop, self.shape = rng, stop, shape
        self.root = Node(game, mover(game))
        self.expansions = 0
        self.budget = 1
        self._expand(self.root)  # the root's list is always made: something to answer with
        self.order: list[Valued] = _root_beam(self._options(self.root), shape)
        self.depth = 1  # the deepest finished iteration
        self.best: Valued | None = self.order[0] if self.order else None

    def run(self, nodes: int) -> None:
        """Deepen until `nodes` expansions were made, `stop()` says so or the last depth."""
        self.budget = nodes
        for depth in range(2, self.shape.depth + 1):
            try:
                self._iterate(depth)
            except BudgetSpentError:
                return
            if self.best is not None and abs(self.best.value) >= WIN / 2:
                return  # the end of the game is in sight: deeper shows nothing new

    def _iterate(self, depth: int) -> None:
        """Search every root turn `depth` turns deep, the last iteration's best first."""
        alpha = -INFINITY
        valued: list[Valued] = []
        try:
            for option in self.order:
                value = self._after(self.root, option, depth - 1, alpha, INFINITY)
                valued.append(Valued(value, option.move))
                if value > alpha:
                    alpha = value
                    self.best = Valued(value, option.move)
        finally:
            # Turns searched to the new depth first, by their value; then those not reached.
            done = {v.move for v in valued}
            valued.sort(key=lambda v: -v.value)
            self.order = valued + [o for o in self.order if o.move not in done]
        self.depth = depth

    def _after(self, node: Node, option: Valued, depth: int, alpha: float, beta: float) -> float:
        """The value for `node`'s mover of `option` with `depth` more turns searched."""
        if depth == 0 or abs(option.value) >= WIN / 2:
            return option.value
        child = self._child(node, option.move)
        return -self._value(child, depth, -beta, -alpha)

    def _value(self, node: Node, depth: int, alpha: float, beta: float) -> float:
        """Alpha-beta: the value for the player to move at `node`, `depth` turns deep."""
        if node.game.is_over:  # a drawn end: `final_value` is zero, which `_after` cannot tell
            return final_value(node.game, node.colour)
        options = self._options(node)
        if not options:
            return -INFINITY  # cut short before the list was made (see `_expand`)
        if depth == 1:
            return options[0].value  # best first
        best = -INFINITY
        for option in options[: self.shape.inner]:
            value = self._after(node, option, depth - 1, alpha, beta)
            if value > best:
                best = value
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        return best

    def _child(self, node: Node, move: Move) -> Node:
        if node.children is None:
            node.children = {}
        child = node.children.get(move)
        if child is None:
            child = node.children[move] = Node(after(node.game, move), node.colour.other)
        return child

    def _options(self, node: Node) -> list[Valued]:
        if node.options is None:
            if self.expansions >= self.budget or self.stop():
                raise BudgetSpentError
            self._expand(node)
        assert node.options is not None
        return node.options

    def _expand(self, node: Node) -> None:
        """List and value the mover's candidates at `node`. An expansion cut short by `stop()`
        is thrown away: its list would be missing turns."""
        self.expansions += 1
        game = node.game
        found = candidates(game, self.shape.fields, self.rng, self.stop, self.shape.room)
        if game.is_final_turn():
            # P16: whatever red does now ends the game: every turn has its exact value.
            found = [Valued(final_value(after(game, v.move), node.colour), v.move) for v in found]
            found.sort(key=lambda v: -v.value)
        if self.stop() and node is not self.root:
            raise BudgetSpentError
        node.options = found

    def best_move(self) -> Move:
        """The best turn of the deepest iteration (its finished part)."""
        assert self.best is not None
        return self.best.move


def _root_beam(options: list[Valued], shape: Shape) -> list[Valued]:
    """The root turns searched: the best `shape.root`, and the best few bridges and the pass."""
    others = [o for o in options[shape.root :] if not isinstance(o.move, Place)]
    return options[: shape.root] + others[: shape.root_bridges]
