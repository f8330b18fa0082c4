"""The lesson of Verbindung gesucht (issue 48): which faces serve red, building from a base, the
white cross that must be placed, two of three dice, isolation lifted by an exchange, and the win,
which the bot sees at once (the learner plays red, who begins).

Every step's position is a record the engine replays, its rolls chosen for the step (in a game the
bot rolls them, V5); every goal asks the engine. The words are the game's own texts
(`lesson.verbindung.*`).
"""

from __future__ import annotations

from bot.games.lessons import Lesson, Step
from engine.verbindung import Player, Turn, VerbindungGame

RED = Player.RED
_BLACK_ROLL = "roll black-cross black-cross arcs"

# How the first steps begin: red's first two turns (two dice each, V5), black's answers.
_OPENING = ("roll red-bridge black-bridge", "red-bridge b6 ns", _BLACK_ROLL, "pass")
_SECOND = ("roll red-cross arcs", "red-cross b5, arcs e1 sw", _BLACK_ROLL, "pass")

# A red network one die short of all four bases, black's dice beside it.
_ALMOST = (
    "roll red-cross red-cross",
    "red-cross b6, red-cross b5",
    _BLACK_ROLL,
    "black-cross e6, black-cross d6",
    "roll red-cross red-cross",
    "red-cross b4, red-cross b3",
    _BLACK_ROLL,
    "black-cross f2, black-cross f3",
    "roll red-cross red-cross red-cross",
    "red-cross b2, red-cross a2",
    _BLACK_ROLL,
    "black-cross b1, black-cross c1",
    "roll red-cross red-cross red-bridge",
    "red-cross c3, red-cross d3",
    _BLACK_ROLL,
    "black-cross a5, black-cross a4",
    "roll red-cross red-cross arcs",
    "red-cross e3, red-cross e2",
    _BLACK_ROLL,
    "black-cross c6, arcs f4 ne",
    "roll red-cross red-cross black-bridge",
    "red-cross e1, red-cross e4",
    _BLACK_ROLL,
    "black-cross d1",
    "roll red-cross black-cross red-bridge",
)


def _segments(game: VerbindungGame) -> int:
    return sum(len(network.segments) for network in game.networks(RED))


def joins_a_base(before: VerbindungGame, after: VerbindungGame) -> bool:
    """A red path now leaves one of red's bases (V3, V7)."""
    return after.bases_joined(RED) >= 1


def grows_from_a_base(before: VerbindungGame, after: VerbindungGame) -> bool:
    """Red's paths from its bases grew (V7)."""
    return _segments(after) > _segments(before)


def placed_white(before: VerbindungGame, after: VerbindungGame) -> bool:
    """The rolled white cross is on the area (V6)."""
    return "white-cross" in str(after.peek())


def placed_two(before: VerbindungGame, after: VerbindungGame) -> bool:
    """Two of the three rolled dice placed (V5, V6)."""
    turn = after.peek()
    return isinstance(turn, Turn) and len(turn.actions) == 2


def lifted(before: VerbindungGame, after: VerbindungGame) -> bool:
    """Red was cut off (V9) and no longer is (V10)."""
    return bool(before.cut_off(RED)) and not after.cut_off(RED)


def won(before: VerbindungGame, after: VerbindungGame) -> bool:
    """Red's four bases are joined: the game is red's (V11)."""
    outcome = after.outcome()
    return outcome is not None and outcome.winner is RED


LESSON = Lesson(
    VerbindungGame,
    "standard",
    (
        Step(
            "faces",
            ("roll red-bridge black-bridge",),
            joins_a_base,
            ("black-bridge b6 ns", "red-bridge b6 ew", "red-bridge b6 ns", "red-bridge a2 ew"),
        ),
        Step(
            "base",
            (*_OPENING, "roll red-cross black-cross"),
            grows_from_a_base,
            ("red-cross d4", "black-cross b5", "red-cross b5", "red-cross e1"),
        ),
        Step(
            "white",
            (*_OPENING, *_SECOND, "roll black-cross white-cross red-bridge"),
            placed_white,
            ("red-bridge b4 ns", "white-cross b4", "white-cross b4, red-bridge b3 ns"),
        ),
        Step(
            "three",
            (*_OPENING, *_SECOND, "roll red-cross red-cross red-bridge"),
            placed_two,
            ("red-cross b4, red-cross b3, red-bridge b2 ns", "red-cross b4, red-cross b3"),
        ),
        Step(
            "isolation",
            (
                "roll red-bridge black-bridge",
                "red-bridge b6 ns",
                _BLACK_ROLL,
                "black-cross a5, black-cross a4",
                *_SECOND[:2],
                _BLACK_ROLL,
                "black-cross a3, black-cross a2",
                "roll red-cross red-bridge arcs",
            ),
            lifted,
            ("red-cross b4", "exchange a3", "exchange a2"),
        ),
        Step(
            "win",
            _ALMOST,
            won,
            (
                "red-cross e5",
                "red-cross e5, black-cross f5",
                "red-bridge e5 ns, red-cross f5",
                "red-cross e5, red-bridge f5 ew",
            ),
        ),
    ),
)
"""Six steps: the faces that serve red; building from a base; the white cross that must be
placed; two of three dice; an isolation lifted; the win, seen by the bot at once."""
