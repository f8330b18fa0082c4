"""A trial of issue 55, not a level of the bot: the learned level's search with the hand-written
value and the learned one blended at its horizon (`learned-blend` in `players`).

The learned level (`engine.ai.ponte.learned.AnsweredSearch`) values the best answers at its
horizon by the model alone, and lost most of its games to hard, whose hand-written value sees
what each turn takes. Here each answer's value is a share `BLEND` of the model's logit and the
rest the hand-written value turned into a logit by the scale that fits hard's own search values
to the games' results (`SCALE`, `bench.learn`'s calibration of a search three turns deep): at 0
it is hard's ordering, at 1 the learned level's.
"""

from __future__ import annotations

import os

from engine.ai.base import Rng, Stop
from engine.ai.ponte.candidates import WIN
from engine.ai.ponte.learned import SHAPE, AnsweredSearch, ValueModel, shipped_model
from engine.ai.ponte.opening import opening_move
from engine.ai.ponte.search import INFINITY, Node, Search
from engine.ponte import Move, PonteGame, Swap

SCALE = 0.16
"""Logit per point of the hand-written value (the calibration of hard's search values)."""
BLEND = float(os.environ.get("LEARNED_BLEND", "0.5"))
"""The model's share of a value at the horizon (the environment's ``LEARNED_BLEND``)."""


class BlendedSearch(AnsweredSearch):
    """`AnsweredSearch` with each answer at the horizon valued by `BLEND` of the model and the
    rest of the hand-written value."""

    blend = BLEND

    def _value(self, node: Node, depth: int, alpha: float, beta: float) -> float:
        game = node.game
        if depth != 1 or game.is_over or game.is_final_turn():
            return Search._value(self, node, depth, alpha, beta)
        options = self._options(node)
        if not options:
            return -INFINITY
        best = -INFINITY
        for option in options[:3]:
            child = self._child(node, option.move).game
            if abs(option.value) >= WIN / 2 or child.is_over:
                value = option.value * SCALE
            else:
                self._count_leaf()
                learnt = -self.model.value(child)
                value = self.blend * learnt + (1 - self.blend) * SCALE * option.value
            best = max(best, value)
        return best


def choose_blended(game: PonteGame, rng: Rng, stop: Stop, model: ValueModel | None) -> Move:
    """The trial's turn: hard's opening and pie rule, then `BlendedSearch`."""
    opening = opening_move(game, rng)
    if opening is not None:
        return opening
    search = BlendedSearch(game, rng, stop, model or shipped_model(), SHAPE)
    if search.best is None:
        return next(move for move in game.legal_moves() if not isinstance(move, Swap))
    search.run(400)
    return search.best_move()
