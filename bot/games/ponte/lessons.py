"""The lesson of Ponte del Diavolo (issue 48): from the two stones of a turn to the author's tip
of building bridges from the middle, each step a position of the 10x10 board (the smaller of the
rules' two, P1) and a turn the learner plays on it.

Every step's position is a record the engine replays; every goal asks the engine (the islands and
points of the mover, the move made). The words are the game's own texts (`lesson.ponte.*`).
"""

from __future__ import annotations

from bot.games.lessons import Lesson, Step
from engine.ponte import Bridge, Colour, Place, PonteGame, Swap


def _mover(game: PonteGame) -> Colour:
    colour = game.to_move
    assert colour is not None  # a step's position goes on
    return colour


def _islands(game: PonteGame, colour: Colour) -> int:
    return game.score(colour).islands


def placed_stones(before: PonteGame, after: PonteGame) -> bool:
    """Two stones placed (P3, P5)."""
    return isinstance(after.peek(), Place)


def new_island(before: PonteGame, after: PonteGame) -> bool:
    """The mover has one island more than before (P7, P8, P12)."""
    mover = _mover(before)
    return _islands(after, mover) > _islands(before, mover)


def built_bridge(before: PonteGame, after: PonteGame) -> bool:
    """A bridge built (P11)."""
    return isinstance(after.peek(), Bridge)


def swapped(before: PonteGame, after: PonteGame) -> bool:
    """The second player took the first player's colour (P4)."""
    return isinstance(after.peek(), Swap)


def scored_more(before: PonteGame, after: PonteGame) -> bool:
    """The mover's points went up (P19): islands joined score more than apart."""
    mover = _mover(before)
    return after.score(mover).points > before.score(mover).points


def from_the_middle(before: PonteGame, after: PonteGame) -> bool:
    """The bridge starts at the middle stone of the sandbank c3 d3 e3 (the author's tip)."""
    return str(after.peek()) == "d3-d5"


LESSON = Lesson(
    PonteGame,
    "classic",
    (
        Step("stones", (), placed_stones, ("e5 f6", "e5", "c3-e4")),
        Step(
            "island",
            ("d4 d5", "g7 h7", "b9 d6", "g4 h4"),
            new_island,
            ("d3 j1", "d3 d7", "c5 c6", "e5 a1"),
        ),
        Step(
            "distance",
            ("c4 d4", "h8 h9", "d3 d5", "a8 b8", "f2 f3", "j4 j5"),
            new_island,
            ("e2 e1", "e3 f4", "g2 g3", "f4 f1"),
        ),
        Step(
            "bridge",
            ("c3 c4", "g8 h8", "e3 e4", "g5 h5"),
            built_bridge,
            ("c3-e3", "c3-f3", "c3 e3", "c4-e3"),
        ),
        Step(
            "blocked",
            ("d4 d5", "e4 e6", "b9 d6", "e4-e6"),
            new_island,
            ("e5 j1", "c4 c6", "c5 j1", "d3 j1"),
        ),
        Step("pie", ("e5 f6",), swapped, ("swap", "e6 f5", "c3-e4")),
        Step(
            "scoring",
            ("b2 b3", "h2 h3", "c2 c3", "h8 h9", "e4 e5", "j8 j9", "f4 f5", "a9 a10"),
            scored_more,
            ("pass", "b3-e4", "c3-e4", "c2-e4"),
        ),
        Step(
            "middle",
            ("c3 d3", "h8 h9", "d5 e3", "a8 b8"),
            from_the_middle,
            ("c3-d5", "e3-d5", "d3-d5"),
        ),
    ),
)
"""Eight steps: two stones a turn; an island of exactly four; the distance rule; a bridge; a
blocked field; the pie rule; islands joined score more (and how a game ends); the author's tip
"bridges to the middle"."""
