"""Hard's look beyond its own turn: the opponent's next roll as chance (an expectimax step).

After a candidate turn the opponent rolls. Every roll of the due size is weighed by its odds, and
for each roll the opponent answers with what the evaluation likes best for them (none, one or two
of the dice, `chance.Singles`). The candidate is worth the average, over the rolls, of my value of
the position after that answer, with me to move.

Within `odds_from` dice of joining (at any distance when it is None) that value also looks at my
own next roll: the odds that it brings me one or two dice closer (or home) are measured over all
my rolls instead of taken from the race model, so a network that any die extends is worth more
than one that waits for a cross.
"""

from __future__ import annotations

from engine.ai.base import Stop
from engine.ai.verbindung.chance import ROLLS, Singles
from engine.ai.verbindung.oracle import Oracle
from engine.ai.verbindung.search import Line, Planner
from engine.verbindung import Player
from engine.verbindung.layout import FIELDS

_TOP = 4
"""Best single placements per face that are paired into two-dice answers."""

ODDS_FROM = 3
"""By default my own odds are measured when my distance is at most this (the race model decides
before); hard's effort measures them at every distance (`HARD_ODDS_FROM`)."""


class Lookahead:
    """A candidate turn's position with the opponent to roll, valued over their rolls."""

    def __init__(
        self, planner: Planner, line: Line, stop: Stop, odds_from: int | None = ODDS_FROM
    ) -> None:
        """Measure the opponent's answers after `line`, and my odds when it leaves me at most
        `odds_from` dice from joining (None: whatever it leaves)."""
        tiles = planner.board(line.changes)
        oracles = {p: Oracle(tiles, p) for p in Player}
        self.oracles = oracles
        self.me = planner.me
        self.race = planner.race
        self.mine = line.mine
        self.my_cut, self.their_cut = line.cuts
        self.theirs = line.theirs
        self.placed = line.placed
        self.odds: tuple[float, float, float] | None = None
        if odds_from is None or line.mine <= odds_from:
            self.odds = _odds(oracles, self.me, my_dice(planner, line), stop)
        self.replies = Singles(oracles, self.me.other, self._their_judge, True, stop)

    def leaf(self, mine: int, theirs: int, my_cut: bool, their_cut: bool) -> float:
        """My value of a position after the opponent's answer, me to move."""
        if theirs <= 0:
            return 0.0
        if mine <= 0:
            return 1.0
        if self.odds is not None and mine == self.mine and my_cut == self.my_cut:
            return self.race.mover_value_with(mine, theirs, my_cut, their_cut, self.odds)
        return self.race.mover_value(mine, theirs, my_cut, their_cut)

    def _their_judge(self, own: int, other: int, own_cut: bool, other_cut: bool) -> float:
        return -self.leaf(other, own, other_cut, own_cut)

    def value(self, dice: int) -> float:
        """My value averaged over the opponent's rolls of `dice` dice, each answered at best."""
        if dice <= 0 or self.placed >= FIELDS:
            return self.leaf(self.mine, self.theirs, self.my_cut, self.their_cut)
        return sum(-chance * self.replies.answer(roll, _TOP) for roll, chance in ROLLS[dice])


def _odds(
    oracles: dict[Player, Oracle], me: Player, dice: int, stop: Stop
) -> tuple[float, float, float]:
    """The odds that my next roll brings me 0, 1 or 2 dice closer, if the opponent lets it."""
    start = oracles[me].opt
    mine = Singles(oracles, me, lambda own, *_: -own, False, stop)
    odds = [0.0, 0.0, 0.0]
    for roll, chance in ROLLS[dice]:
        step = min(2, max(0, start + round(mine.answer(roll, _TOP))))
        odds[step] += chance
    return odds[0], odds[1], odds[2]


def my_dice(planner: Planner, line: Line) -> int:
    """V5: the dice of my next roll (two in red's first two turns), fewer when the supply runs
    low (the opponent may place two before)."""
    due = 2 if planner.me is Player.RED and planner.game.turns <= 1 else 3
    return max(1, min(due, FIELDS - line.placed - 2))


def opponent_dice(planner: Planner, line: Line) -> int:
    """V5: the dice of the opponent's next roll (two in red's first two turns)."""
    due = 2 if planner.opponent is Player.RED and planner.game.turns <= 2 else 3
    return min(due, FIELDS - line.placed)
