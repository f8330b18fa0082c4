"""The win chance of the player to move, from the two network distances: a fitted race model.

The model is a logistic regression fitted to about 28,000 positions of 1,600 seeded games
between two normal players (the player to move at distances `mine` and `theirs`, who won). What
it learnt, in its weights below:

- the player to move leads by a tempo (the intercept): at equal distances he wins two in three;
- a die of lead counts for more when few dice are left (the lead over the square root of all);
- a player cut off (V9) is worse off than his distance says, because it counts every die in the
  way as one exchange (V10) while exchanges in fact come only where they rejoin a base;
- at distance 1 the player to move practically always wins, at 2 mostly, and an opponent at 1
  or 2 is a threat beyond the lead.
"""

from __future__ import annotations

import math

_TEMPO = 0.67
_LEAD = 0.30
_SCALED_LEAD = 0.68
_MINE_CUT = -0.56
_THEIRS_CUT = 0.33
_MINE_NEAR = {1: 6.0, 2: 1.36, 3: 0.34}
_THEIRS_NEAR = {1: -1.21, 2: -0.70}


def mover_value(mine: int, theirs: int, mine_cut: bool = False, theirs_cut: bool = False) -> float:
    """The chance that the player to move wins, at distance `mine` against `theirs`, each
    perhaps cut off."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    lead = theirs - mine
    score = (
        _TEMPO
        + _LEAD * lead
        + _SCALED_LEAD * lead / math.sqrt(mine + theirs)
        + _MINE_CUT * mine_cut
        + _THEIRS_CUT * theirs_cut
        + _MINE_NEAR.get(mine, 0.0)
        + _THEIRS_NEAR.get(theirs, 0.0)
    )
    return 1.0 / (1.0 + math.exp(-score))


def mover_value_with(
    mine: int, theirs: int, mine_cut: bool, theirs_cut: bool, odds: tuple[float, float, float]
) -> float:
    """`mover_value` when the mover's odds of advancing by 0, 1 or 2 dice this turn are known
    (measured over his rolls): his turn by those odds, the game after it by the model."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    total = 0.0
    for step, chance in enumerate(odds):
        left = mine - step
        after = 1.0 if left <= 0 else 1.0 - mover_value(theirs, left, theirs_cut, mine_cut)
        total += chance * after
    return total


SURE = 1e-4
"""The race model's chances are kept this far from 0 and 1, where the logit is infinite."""


def logit(chance: float) -> float:
    """The log-odds of a race model's chance, kept finite."""
    chance = min(max(chance, SURE), 1 - SURE)
    return math.log(chance / (1 - chance))
