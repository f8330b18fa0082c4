"""Candidate turns of the player to move and their one-turn values.

A turn is built as its first action and then its second: every legal first action is valued, the
best few are extended by the promising second actions (the engine's own listings say what is
legal, so the white-cross duty of V6 and the exchanges of V10 are respected). A position is valued
by a `Judge` of the two network distances and cut-offs (from `oracle.Oracle`), always for the
player to move at the root; a turn that ends the game is valued by its outcome.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.ai.base import Stop
from engine.ai.verbindung.network import SHAPES
from engine.ai.verbindung.oracle import Oracle
from engine.ai.verbindung.race import RACE, Race
from engine.coords import Field
from engine.verbindung import Exchange, Face, Place, Player, VerbindungGame
from engine.verbindung.layout import FIELDS, SIZE
from engine.verbindung.moves import Action
from engine.verbindung.tables import NEIGHBOURS, TILES, WHITE_TILE, Tile

WIN = 2.0
"""The value of a turn that wins at once: above every other value, so a win is always taken."""

LOSS = -1.0
"""The value of a turn that hands the opponent the win (V11)."""

DRAW = 0.5
"""The value of a turn that fills the area (V12)."""

Change = tuple[int, Tile]
"""A field index and the die an action leaves there."""

Judge = Callable[[int, int, bool, bool], float]
"""The value (0 to 1) of the position a turn leaves, the opponent to move, from the distances
(mine, theirs) and whether each player is cut off (mine, theirs)."""


def racing(mine: int, theirs: int, my_cut: bool, their_cut: bool) -> float:
    """The race model's win chance (`race.RACE`): tempo, quick finishes, cut-offs."""
    return RACE.after_turn(mine, theirs, my_cut, their_cut)


def ahead(mine: int, theirs: int, my_cut: bool, their_cut: bool) -> float:
    """The plain lead in dice, scaled into 0..1: blind to tempo and to threats of a quick win."""
    return 0.5 + (theirs - mine) / 100


def tiles_of(game: VerbindungGame) -> list[Tile | None]:
    """The placed dice of `game` by field index."""
    tiles: list[Tile | None] = [None] * FIELDS
    for name, tile in game.board.items():
        tiles[Field.parse(name).index(SIZE)] = tile
    return tiles


def change_of(action: Action) -> Change:
    """The field an action changes and the die it leaves there (V10: a white cross)."""
    index = action.field.index(SIZE)
    if isinstance(action, Exchange):
        return index, WHITE_TILE
    return index, TILES[(action.face, action.orientation)]


@dataclass(slots=True)
class Line:
    """A turn in the making: its actions, the dice they change, the distances and the value."""

    actions: tuple[Action, ...]
    changes: tuple[Change, ...]
    mine: int
    theirs: int
    cuts: tuple[bool, bool]  # whether I am, and the opponent is, cut off (V9)
    placed: int
    value: float = 0.0

    @property
    def ended(self) -> bool:
        """Whether the last action ended the game: a network joined (V11) or the area full (V12)."""
        return self.mine == 0 or self.theirs == 0 or self.placed >= FIELDS


class Planner:
    """The turn now due in a game: its legal actions, a distance cache and the line values."""

    def __init__(
        self, game: VerbindungGame, judge: Judge, soft: float = 0.0, race: Race = RACE
    ) -> None:
        """Plan for the player to move in `game` (which must be in its place phase), valuing
        the positions turns leave with `judge`, and with `soft` per die that fills a field of a
        lightest tree without serving it (see `soft_blocks`); a look beyond the turn values
        positions by `race`."""
        self.judge = judge
        self.race = race
        self.soft = soft
        player = game.to_move
        assert player is not None
        self.game = game
        self.me: Player = player
        self.opponent: Player = player.other
        self.tiles = tiles_of(game)
        self.duty = game.white_duty()
        self._firsts: dict[tuple[Change, Player], Oracle] = {}
        self.oracles = {p: Oracle(self.tiles, p) for p in (self.me, self.opponent)}
        self.root = self.line((), (), sum(t is not None for t in self.tiles))

    def board(self, changes: Iterable[Change]) -> list[Tile | None]:
        """The root board with `changes` made."""
        tiles = self.tiles[:]
        for index, tile in changes:
            tiles[index] = tile
        return tiles

    def state(self, player: Player, changes: tuple[Change, ...]) -> tuple[int, bool]:
        """`player`'s distance after `changes` (at most two) and whether he is cut off."""
        if not changes:
            oracle = self.oracles[player]
            return oracle.opt, oracle.exchange
        if len(changes) == 1:
            return self.oracles[player].state_after(*changes[0])
        # Second actions are many and first ones few: measure them on the first one's board.
        return self._after_first(changes[0], player).state_after(*changes[1])

    def _after_first(self, first: Change, player: Player) -> Oracle:
        found = self._firsts.get((first, player))
        if found is None:
            found = self._firsts[(first, player)] = Oracle(self.board((first,)), player)
        return found

    def line(self, actions: tuple[Action, ...], changes: tuple[Change, ...], placed: int) -> Line:
        """The line of `actions` (making `changes`, leaving `placed` dice), valued."""
        mine, my_cut = self.state(self.me, changes)
        theirs, their_cut = self.state(self.opponent, changes)
        line = Line(actions, changes, mine, theirs, (my_cut, their_cut), placed)
        line.value = self.value(line)
        return line

    def value(self, line: Line) -> float:
        """The mover's value of the position a line leaves, the opponent to move next.

        V11: joining the mover's network wins even when it joins both.
        """
        if line.mine == 0:
            return WIN
        if line.theirs == 0:
            return LOSS
        if line.placed >= FIELDS:
            return DRAW
        value = self.judge(line.mine, line.theirs, *line.cuts)
        return value + self.soft * self.soft_blocks(line.changes)

    def soft_blocks(self, changes: tuple[Change, ...]) -> int:
        """Dice on fields some lightest tree of the opponent holds that do not serve him, less
        those on such fields of mine that do not serve me.

        They change no distance, but they take a way away: the opponent has fewer dice that
        help him next turn, and I have fewer. A tie-break among turns of equal distances.
        """
        mine, theirs = self.oracles[self.me], self.oracles[self.opponent]
        count = 0
        for index, tile in changes:
            if self.tiles[index] is None:
                count += index in theirs.relevant and not theirs.helps(index, tile)
                count -= index in mine.relevant and not mine.helps(index, tile)
        return count

    def signature(self, line: Line) -> tuple[object, ...]:
        """What a turn changes that matters to either player: its distances and its dice on
        fields of their lightest trees (dice elsewhere are left out, as alike)."""
        mine, theirs = self.oracles[self.me], self.oracles[self.opponent]
        dice = frozenset(
            (index, SHAPES[(tile, self.me)], SHAPES[(tile, self.opponent)])
            for index, tile in line.changes
            if self.tiles[index] is not None or index in mine.relevant or index in theirs.relevant
        )
        return line.mine, line.theirs, line.cuts, dice

    def extend(self, line: Line, action: Action) -> Line:
        """`line` with `action` made and valued."""
        change = change_of(action)
        index = change[0]
        placed = line.placed + (self.tiles[index] is None and index not in dict(line.changes))
        return self.line((*line.actions, action), (*line.changes, change), placed)

    def actions(self, before: tuple[Action, ...]) -> list[Action]:
        """Every legal next action after `before` (V6 duty respected), in a fixed order."""
        game = self.game
        found: list[Action] = []
        for face in dict.fromkeys(_left(game.roll, before)):
            found.extend(game.placements(face, before))
        found.extend(game.exchanges(before))
        return found

    def complete(self, line: Line) -> bool:
        """Whether `line` is a legal turn as it stands (V6: the white-cross duty is met)."""
        if line.ended:
            return True
        whites = 0
        rolled = self.game.roll.count(Face.WHITE_CROSS)
        for action in line.actions:
            if isinstance(action, Place):
                whites += action.face is Face.WHITE_CROSS
            elif whites < rolled:
                # V10: an exchange uses a rolled white cross while one is unplaced.
                whites += 1
        return whites >= self.duty


def _left(roll: tuple[Face, ...], before: tuple[Action, ...]) -> list[Face]:
    """The rolled faces not yet placed by `before` (an exchange uses a rolled white cross)."""
    left = list(roll)
    for action in before:
        if isinstance(action, Place):
            left.remove(action.face)
        elif Face.WHITE_CROSS in left:
            left.remove(Face.WHITE_CROSS)
    return left


def near(index: int) -> tuple[int, ...]:
    """The fields beside field `index`."""
    return tuple(n for n in NEIGHBOURS[index] if n >= 0)


@dataclass(frozen=True, slots=True)
class Width:
    """How widely a level searches turns."""

    firsts: int  # first actions extended by a second one
    seconds: int  # best first actions that are also tried as second actions


def candidate_turns(planner: Planner, width: Width, stop: Stop) -> list[Line]:
    """Complete turns worth comparing, valued one turn deep; a winning turn alone if found."""
    firsts = _first_lines(planner, stop)
    for line in firsts:
        if line.mine == 0:
            return [line]
    turns = [planner.root] if planner.duty == 0 else []
    turns += [line for line in firsts if planner.complete(line)]
    liked = {line.changes[0] for line in firsts[: width.seconds]}
    # A first action one die from the win is always extended, so a win in two is never missed.
    extended = firsts[: width.firsts] + [line for line in firsts[width.firsts :] if line.mine == 1]
    for line in extended:
        if line.ended or stop():
            continue
        fields = set(near(line.changes[0][0]))
        every = line.mine == 1 or not planner.complete(line)
        for action in planner.actions(line.actions):
            change = change_of(action)
            if every or change in liked or change[0] in fields:
                second = planner.extend(line, action)
                if second.mine == 0:
                    return [second]
                turns.append(second)
    return turns


def _first_lines(planner: Planner, stop: Stop) -> list[Line]:
    """Every legal first action as a line, best first (fewer if `stop` says so)."""
    lines = []
    for action in planner.actions(()):
        line = planner.extend(planner.root, action)
        lines.append(line)
        if line.mine == 0 or stop():
            break
    lines.sort(key=lambda line: -line.value)
    return lines
