"""Pure rules engines for Ponte del Diavolo and Verbindung gesucht (standard library only)."""

from engine.coords import Field
from engine.errors import EngineError, GameOverError, IllegalMoveError, InvalidMoveError

__all__ = ["EngineError", "Field", "GameOverError", "IllegalMoveError", "InvalidMoveError"]
