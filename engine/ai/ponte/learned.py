"""A Ponte level whose judgement was learnt from played games: hard's search over a learned value.

Hard's search ends every line at an expansion: it lists the mover's candidates there and takes the
best one's hand-written value (`candidates`), which costs some 10 to 15 ms in a 12x12 middle game.
The learned level (`choose_learned`) searches the same way, but at the horizon it asks a model of
the position instead (`ValueModel`): the chance, as a logit, that the player to move wins, from
the evaluation's counts for both colours (points scored, within safe reach, within any reach),
their room (the fields each may still use), the share of the board filled, whose turn it is and
the board's size. Those cost a few milliseconds, so the same time reaches about a turn deeper.

The model is a small network (one hidden layer) fitted by ``python -m bench.learn`` to the
positions of games the project recorded (`bench/records`); its weights ship with the engine
(`value.json`), next to a manifest of how it was made (`value.manifest.json`). It runs in plain
Python: some 300 multiplications, no run-time dependency.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources

from engine.ai.base import Rng, Stop, never
from engine.ai.ponte.candidates import WIN, Valued, open_fields
from engine.ai.ponte.evaluate import colour_parts
from engine.ai.ponte.opening import opening_move
from engine.ai.ponte.search import INFINITY, BudgetSpentError, Node, Search, Shape
from engine.game import game_over
from engine.ponte import Colour, Move, PonteGame, Swap

MODEL_FILE = "value.json"
MANIFEST_FILE = "value.manifest.json"

FEATURES = (
    "now_mine",
    "safe_mine",
    "reach_mine",
    "now_theirs",
    "safe_theirs",
    "reach_theirs",
    "room_mine",
    "room_theirs",
    "filled",
    "white_to_move",
    "small_board",
)
"""What the model sees of a position, from the side of the player to move (`features`)."""

LEAVES_PER_EXPANSION = 4
"""Learned values at the horizon that count as one expansion against a node budget: a value
costs about a quarter of a listing, so that a budget means about as much work as hard's."""

SHAPE = Shape()
"""Hard's widths and depth, for `AnsweredSearch`."""
DEEP = Shape(depth=8)
"""Hard's widths; `LearnedSearch`'s cheaper leaves let an iteration go deeper in the same time."""


def features(game: PonteGame) -> list[float]:
    """`FEATURES` of a position that goes on: the counts in points over the board's size (a
    12x12 board holds more), room as a share of the fields."""
    board = game.board
    mine = game.to_move
    assert mine is not None, "the game is over"
    theirs = mine.other
    fields = len(board.cells)
    per = fields / 100.0
    counts = [c / per for c in (*colour_parts(board, mine), *colour_parts(board, theirs))]
    room = [len(open_fields(board, colour)) / fields for colour in (mine, theirs)]
    white = 1.0 if mine is Colour.WHITE else 0.0
    small = 1.0 if board.size < 12 else 0.0
    return [*counts, *room, board.filled(), white, small]


@dataclass(frozen=True, slots=True)
class ValueModel:
    """A network of one hidden layer (tanh) over standardised `features`: the logit of the
    mover's win. With no hidden units it is a logistic regression."""

    mean: tuple[float, ...]
    scale: tuple[float, ...]
    hidden: tuple[tuple[float, ...], ...]  # one row of input weights per hidden unit
    hidden_bias: tuple[float, ...]
    out: tuple[float, ...]  # the output's weight of each hidden unit (or input, if none)
    out_bias: float

    @classmethod
    def from_json(cls, text: str) -> ValueModel:
        data = json.loads(text)
        if list(data["features"]) != list(FEATURES):
            raise ValueError("the model was fitted to other features")
        return cls(
            mean=tuple(data["mean"]),
            scale=tuple(data["scale"]),
            hidden=tuple(tuple(row) for row in data["hidden"]),
            hidden_bias=tuple(data["hidden_bias"]),
            out=tuple(data["out"]),
            out_bias=float(data["out_bias"]),
        )

    def logit(self, values: list[float]) -> float:
        """The logit of the mover's win for `values` (`features`)."""
        x = [(v - m) / s for v, m, s in zip(values, self.mean, self.scale, strict=True)]
        if self.hidden:
            x = [
                math.tanh(b + sum(w * v for w, v in zip(row, x, strict=True)))
                for row, b in zip(self.hidden, self.hidden_bias, strict=True)
            ]
        return self.out_bias + sum(w * v for w, v in zip(self.out, x, strict=True))

    def value(self, game: PonteGame) -> float:
        """The mover's value of a position that goes on: the logit, within the bounds that keep
        it below any finished game's value (`candidates.WIN`)."""
        return max(-30.0, min(30.0, self.logit(features(game))))

    def chance(self, game: PonteGame) -> float:
        """The chance that the player to move wins."""
        return 1.0 / (1.0 + math.exp(-self.value(game)))


def white_chance(game: PonteGame, model: ValueModel | None = None) -> float:
    """The chance that white wins `game` by the learned model (the shipped one unless told),
    as `winning.white_wins` gives the fitted one's: exact once the game is over."""
    outcome = game.outcome()
    if outcome is not None:
        return 0.5 if outcome.winner is None else float(outcome.winner is Colour.WHITE)
    mover = (model or shipped_model()).chance(game)
    return mover if game.to_move is Colour.WHITE else 1.0 - mover


@cache
def shipped_model() -> ValueModel:
    """The model that ships with the engine (`value.json`)."""
    text = resources.files(__package__).joinpath(MODEL_FILE).read_text()
    return ValueModel.from_json(text)


class LearnedSearch(Search):
    """Hard's search with the model's value at the horizon instead of an expansion."""

    def __init__(
        self, game: PonteGame, rng: Rng, stop: Stop, model: ValueModel, shape: Shape = DEEP
    ) -> None:
        self.model = model
        self.leaves = 0
        super().__init__(game, rng, stop, shape)

    def _value(self, node: Node, depth: int, alpha: float, beta: float) -> float:
        game = node.game
        # The last turn's values are exact in an expansion (P16): those keep it.
        if depth != 1 or game.is_over or game.is_final_turn():
            return super()._value(node, depth, alpha, beta)
        self._count_leaf()
        return self.model.value(game)

    def _count_leaf(self) -> None:
        self.leaves += 1
        if self.leaves % LEAVES_PER_EXPANSION == 0:
            self.expansions += 1
        if self.expansions >= self.budget or self.stop():
            raise BudgetSpentError


ANSWERS = 3
"""The best turns by the hand-written value that `AnsweredSearch` values with the model at the
horizon."""


class AnsweredSearch(LearnedSearch):
    """Hard's search, its horizon expanded as in hard, but each of the mover's `ANSWERS` best
    turns there valued by the model of the position it leaves: the expansion sees what a turn
    takes at once (an island completed, a link cut), the model how the position stands after."""

    def _value(self, node: Node, depth: int, alpha: float, beta: float) -> float:
        game = node.game
        if depth != 1 or game.is_over or game.is_final_turn():
            return Search._value(self, node, depth, alpha, beta)
        options = self._options(node)
        if not options:
            return -INFINITY  # cut short before the list was made, as in `Search`
        best = -INFINITY
        for option in options[:ANSWERS]:
            child = self._child(node, option.move).game
            if abs(option.value) >= WIN / 2 or child.is_over:
                value = option.value  # the game ends (a draw's value is its margin): exact
            else:
                self._count_leaf()
                value = self._answer(option, child)
            best = max(best, value)
        return best

    def _answer(self, option: Valued, child: PonteGame) -> float:
        """The value, for the mover, of the answer `option` at the horizon, which leaves the
        game `child` going on: the model's."""
        return -self.model.value(child)


def choose_learned(
    game: PonteGame,
    rng: Rng,
    stop: Stop = never,
    nodes: int = 400,
    model: ValueModel | None = None,
    *,
    answered: bool = True,
    kind: type[AnsweredSearch] = AnsweredSearch,
) -> Move:
    """The learned level's turn: hard's opening and pie rule, then `kind` (or, not `answered`,
    `LearnedSearch`) within `nodes` expansions (or until `stop`). Raises `GameOverError` after
    the end."""
    outcome = game.outcome()
    if outcome is not None:
        raise game_over(outcome)
    opening = opening_move(game, rng)
    if opening is not None:
        return opening
    searching: type[LearnedSearch] = kind if answered else LearnedSearch
    search = searching(game, rng, stop, model or shipped_model(), SHAPE if answered else DEEP)
    if search.best is None:
        return next(move for move in game.legal_moves() if not isinstance(move, Swap))
    search.run(nodes)
    return search.best_move()
