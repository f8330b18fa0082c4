"""Ponte del Diavolo (Martin Ebel): the rules engine. docs/rules.md P1-P20."""

from engine.game import LegalMoves, Outcome, Termination
from engine.ponte.game import PonteGame
from engine.ponte.moves import Bridge, Move, Pass, Place, Resign, Swap, parse_move
from engine.ponte.scoring import Score, triangular
from engine.ponte.variants import CLASSIC, ONLINE, VARIANTS, Colour, Variant, get_variant
from engine.record import Record

__all__ = [
    "CLASSIC",
    "ONLINE",
    "VARIANTS",
    "Bridge",
    "Colour",
    "LegalMoves",
    "Move",
    "Outcome",
    "Pass",
    "Place",
    "PonteGame",
    "Record",
    "Resign",
    "Score",
    "Swap",
    "Termination",
    "Variant",
    "get_variant",
    "parse_move",
    "triangular",
]
