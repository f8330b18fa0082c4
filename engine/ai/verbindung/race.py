"""The win chance of the player to move, from the two network distances: a fitted race model.

A `Race` is a logistic regression of whether the player to move, before his roll, at distances
`mine` and `theirs` (each perhaps cut off), went on to win. There are two:

- `NORMAL_GAMES`, the one hard plays by, fitted on about 28,000 positions of 1,600 games between
  two normal players. Hard weighs the ease of the dice (`shapes`) beside it.
- `RACE`, the one the analysis judges by, fitted together with the ease of the dice by
  `python -m bench.strength.shapes` on the positions before every roll of 240 games between the
  computer's levels and 934 between hard and its earlier self (at 2 s a move, 34 of them at
  4 s; 20,795 positions). It foretells those games better than `NORMAL_GAMES`, but hard played
  worse by it (docs/strength.md, "Verbindung: the race model refitted": 53.3% of 500 games
  against `hard0v`, against 58.4% by `NORMAL_GAMES` on the same seeds), so only the analysis
  uses it.

What `RACE` learnt, in its weights:

- the player to move leads by a tempo (the intercept): at equal distances he wins three in five;
- a die of lead counts for much more when few dice are left: about 0.34 of the logit with 28
  dice left between the two, 0.85 with 6 (nearly all of it through the lead over the square
  root of both distances);
- being cut off (V9) hardly matters beyond the distance, which counts the exchanges (V10);
- at distance 1 the player to move practically always wins, at 2 mostly, and an opponent at 1
  or 2 is a threat beyond the lead.

`NORMAL_GAMES` thinks the tempo and the cut-offs worth more, and a late lead less.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Race:
    """The weights of a race model, in the logit of the chance of the player to move."""

    tempo: float  # the intercept: what moving first is worth at equal distances
    lead: float  # per die of lead
    scaled_lead: float  # per die of lead over the square root of both distances
    mine_cut: float  # the player to move is cut off (V9)
    theirs_cut: float  # the other player is
    mine_near: tuple[float, float, float]  # the player to move at distance 1, 2, 3
    theirs_near: tuple[float, float]  # the other player at distance 1, 2

    def mover_value(
        self, mine: int, theirs: int, mine_cut: bool = False, theirs_cut: bool = False
    ) -> float:
        """The chance that the player to move wins, at distance `mine` against `theirs`, each
        perhaps cut off."""
        if mine <= 0:
            return 1.0
        if theirs <= 0:
            return 0.0
        lead = theirs - mine
        score = (
            self.tempo
            + self.lead * lead
            + self.scaled_lead * lead / math.sqrt(mine + theirs)
            + self.mine_cut * mine_cut
            + self.theirs_cut * theirs_cut
            + (self.mine_near[mine - 1] if mine <= 3 else 0.0)
            + (self.theirs_near[theirs - 1] if theirs <= 2 else 0.0)
        )
        return 1.0 / (1.0 + math.exp(-score))

    def after_turn(self, mine: int, theirs: int, my_cut: bool, their_cut: bool) -> float:
        """My chance after my turn, the opponent to move: a `search.Judge`."""
        return 1.0 - self.mover_value(theirs, mine, their_cut, my_cut)

    def mover_value_with(
        self,
        mine: int,
        theirs: int,
        mine_cut: bool,
        theirs_cut: bool,
        odds: tuple[float, float, float],
    ) -> float:
        """`mover_value` when the mover's odds of advancing by 0, 1 or 2 dice this turn are
        known (measured over his rolls): his turn by those odds, the game after it by the
        model."""
        if mine <= 0:
            return 1.0
        if theirs <= 0:
            return 0.0
        total = 0.0
        for step, chance in enumerate(odds):
            left = mine - step
            after = 1.0 if left <= 0 else self.after_turn(left, theirs, mine_cut, theirs_cut)
            total += chance * after
        return total


RACE = Race(
    tempo=0.404,
    lead=-0.106,
    scaled_lead=2.353,
    mine_cut=-0.010,
    theirs_cut=0.065,
    mine_near=(4.591, 1.355, 0.302),
    theirs_near=(-0.446, -0.531),
)
"""The race model the analysis judges by (see the module docstring)."""

NORMAL_GAMES = Race(
    tempo=0.67,
    lead=0.30,
    scaled_lead=0.68,
    mine_cut=-0.56,
    theirs_cut=0.33,
    mine_near=(6.0, 1.36, 0.34),
    theirs_near=(-1.21, -0.70),
)
"""The race model fitted on games between normal players, which hard plays by (and `hard0v`,
its yardstick, too)."""


def mover_value(mine: int, theirs: int, mine_cut: bool = False, theirs_cut: bool = False) -> float:
    """`RACE`'s chance that the player to move wins."""
    return RACE.mover_value(mine, theirs, mine_cut, theirs_cut)


SURE = 1e-4
"""The race model's chances are kept this far from 0 and 1, where the logit is infinite."""


def logit(chance: float) -> float:
    """The log-odds of a race model's chance, kept finite."""
    chance = min(max(chance, SURE), 1 - SURE)
    return math.log(chance / (1 - chance))
