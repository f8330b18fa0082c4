"""Computer players for both games: pure searches at three levels (see `base` for the contract).
Each game's own: `engine.ai.ponte.choose_move`, `engine.ai.verbindung.choose_turn`."""

from __future__ import annotations

from engine.ai.base import Level, Rng, Stop, never
from engine.ai.ponte import choose_move as choose_ponte_move
from engine.ai.verbindung import choose_turn as choose_verbindung_turn

__all__ = ["Level", "Rng", "Stop", "choose_ponte_move", "choose_verbindung_turn", "never"]
