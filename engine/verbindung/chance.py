"""Drawing a roll with the caller's random generator (the chance step of V5).

The engine never imports `random`: the service passes in its own seeded generator (any object with
a ``choice`` method, such as `random.Random`), so a game stays reproducible from its record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from engine.errors import IllegalMoveError
from engine.game import game_over
from engine.verbindung.game import VerbindungGame
from engine.verbindung.layout import FACE_ORDER
from engine.verbindung.moves import Roll

_T = TypeVar("_T")


class Chooser(Protocol):
    """Anything that picks one item of a sequence uniformly, as `random.Random.choice` does."""

    def choice(self, seq: Sequence[_T], /) -> _T:
        """One item of `seq`."""
        ...


def draw_roll(game: VerbindungGame, rng: Chooser) -> Roll:
    """The roll now due in `game`, each die showing a face picked by `rng` (all dice are alike).

    Raises `IllegalMoveError` (V5) when no roll is due and `GameOverError` after the end.
    """
    outcome = game.outcome()
    if outcome is not None:
        raise game_over(outcome)
    count = game.dice_to_roll()
    if count == 0:
        message = "no roll is due: the rolled dice must be played first"
        raise IllegalMoveError("V5", message, reason="rolled_already")
    return Roll(tuple(rng.choice(FACE_ORDER) for _ in range(count)))
