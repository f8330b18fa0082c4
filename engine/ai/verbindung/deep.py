"""Hard's look two rolls ahead, where the race is close to its end (an expectimax of depth two).

`lookahead` weighs the opponent's next roll and values what their best answer leaves by the race
model. Near the end that model is too coarse: whether my next roll can finish, or block, depends
on the very fields the opponent's answer takes. So for the best few turns, when either player is
within `NEAR` dice of joining, the opponent's best answer to each of their rolls is placed on the
board (`chance.Singles.best_answer`), and the position it leaves is valued by my own next roll:
every roll by its odds, each answered as well as I can, and the position after my answer valued
by the race model with the opponent to move. Positions that several rolls lead to are valued once.
Each such position, me to roll, is also weighed by how readily the dice serve either player there
(`shapes.bias`, with the weight the caller gives).
"""

from __future__ import annotations

from engine.ai.base import Stop
from engine.ai.verbindung.chance import ROLLS, Singles
from engine.ai.verbindung.lookahead import my_dice, opponent_dice
from engine.ai.verbindung.network import joined
from engine.ai.verbindung.oracle import Oracle
from engine.ai.verbindung.search import Line, Planner
from engine.ai.verbindung.shapes import bias, shifted
from engine.verbindung import Player
from engine.verbindung.tables import Tile

NEAR = 4
"""The deep look is taken when either player is at most this many dice from joining."""

_TOP = 5
"""Best single placements per face that are paired into two-dice answers."""

Changes = tuple[tuple[int, Tile], ...]


def near_the_end(planner: Planner) -> bool:
    """Whether the race at the root is close enough to its end for the deep look."""
    root = planner.root
    return min(root.mine, root.theirs) <= NEAR


class Deep:
    """A candidate turn's position, valued over the opponent's roll and then mine."""

    def __init__(self, planner: Planner, line: Line, stop: Stop, shapes: float = 0.0) -> None:
        self.me = planner.me
        self.race = planner.race
        self.stop = stop
        self.shapes = shapes
        self.tiles = planner.board(line.changes)
        self.their_dice = opponent_dice(planner, line)
        self.my_dice = my_dice(planner, line)
        oracles = {p: Oracle(self.tiles, p) for p in Player}
        self.replies = Singles(oracles, self.me.other, self._answered, True, stop)
        self._after: dict[Changes, float] = {}

    def value(self) -> float | None:
        """My chance of winning, averaged over the opponent's rolls; None if `stop` cut it."""
        if self.their_dice <= 0:
            return None
        total = 0.0
        for roll, chance in ROLLS[self.their_dice]:
            _, changes = self.replies.best_answer(roll, _TOP)
            total += chance * self._mine(changes)
            if self.stop():
                return None
        return total

    def _mine(self, changes: Changes) -> float:
        """My chance of winning after the opponent's answer `changes`, me to roll."""
        found = self._after.get(changes)
        if found is None:
            tiles = list(self.tiles)
            for index, tile in changes:
                tiles[index] = tile
            found = self._after[changes] = self._measure(tiles)
        return found

    def _measure(self, tiles: list[Tile | None]) -> float:
        me = self.me
        if joined(tiles, me.other):
            return 0.0  # V11: their answer joined their network (and perhaps mine: they win)
        if joined(tiles, me):
            return 1.0  # their answer completed only my network
        if self.my_dice <= 0:
            return 0.5
        oracles = {p: Oracle(tiles, p) for p in Player}
        mine = Singles(oracles, me, self._answered, True, self.stop)
        total = 0.0
        for roll, chance in ROLLS[self.my_dice]:
            if self.stop():
                break  # (`value` drops the whole turn once the time is up: leave at once)
            total += chance * mine.answer(roll, _TOP)
        return shifted(total, bias(oracles, me, self.shapes))

    def _answered(self, own: int, other: int, own_cut: bool, other_cut: bool) -> float:
        """The chance of the player who answered (`own` dice from joining) after his answer,
        the other to move: how either player ranks his answers here (V11: joining his own
        network wins, even when it joins both)."""
        if own <= 0:
            return 1.0
        if other <= 0:
            return 0.0
        return self.race.after_turn(own, other, own_cut, other_cut)
