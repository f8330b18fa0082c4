"""The rules engine of Verbindung gesucht (Luca Borsa): pure, stdlib only. See docs/rules.md,
V1-V13."""

from engine.game import Outcome, Termination
from engine.record import Record
from engine.verbindung.board import Network, SegmentRef
from engine.verbindung.chance import Chooser, draw_roll
from engine.verbindung.game import Phase, VerbindungGame
from engine.verbindung.layout import BASES, SIZE, Base, Colour, Face, Orientation, Player, Side
from engine.verbindung.moves import (
    Action,
    Exchange,
    Move,
    Place,
    Resign,
    Roll,
    Turn,
    parse_action,
    parse_move,
)

__all__ = [
    "BASES",
    "SIZE",
    "Action",
    "Base",
    "Chooser",
    "Colour",
    "Exchange",
    "Face",
    "Move",
    "Network",
    "Orientation",
    "Outcome",
    "Phase",
    "Place",
    "Player",
    "Record",
    "Resign",
    "Roll",
    "SegmentRef",
    "Side",
    "Termination",
    "Turn",
    "VerbindungGame",
    "draw_roll",
    "parse_action",
    "parse_move",
]
