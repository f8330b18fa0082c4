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
from engine.ai.ponte.candidates import Valued
from engine.ai.ponte.learned import AnsweredSearch, ValueModel, choose_learned
from engine.ponte import Move, PonteGame

SCALE = 0.16
"""Logit per point of the hand-written value (the calibration of hard's search values)."""
BLEND = float(os.environ.get("LEARNED_BLEND", "0.5"))
"""The model's share of a value at the horizon (the environment's ``LEARNED_BLEND``)."""


class BlendedSearch(AnsweredSearch):
    """`AnsweredSearch` with each answer at the horizon that leaves the game going on valued by
    `BLEND` of the model and the rest of the hand-written value (one that ends it keeps its
    exact value)."""

    blend = BLEND

    def _answer(self, option: Valued, child: PonteGame) -> float:
        learnt = -self.model.value(child)
        return self.blend * learnt + (1 - self.blend) * SCALE * option.value


def choose_blended(game: PonteGame, rng: Rng, stop: Stop, model: ValueModel | None) -> Move:
    """The trial's turn: the learned level's, with `BlendedSearch`."""
    return choose_learned(game, rng, stop, model=model, kind=BlendedSearch)
