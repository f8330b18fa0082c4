"""Computer players for both games: pure searches at three levels (see `base` for the contract)."""

from __future__ import annotations

from engine.ai.base import Level, Rng, Stop, never
from engine.ai.ponte import choose_move as choose_ponte_move
from engine.ai.verbindung import choose_turn as choose_verbindung_turn
from engine.ponte import Move as PonteMove
from engine.ponte import PonteGame
from engine.verbindung import Turn, VerbindungGame

__all__ = ["Level", "Rng", "Stop", "choose", "choose_ponte_move", "choose_verbindung_turn", "never"]


def choose(
    game: PonteGame | VerbindungGame,
    level: Level,
    rng: Rng,
    stop: Stop = never,
    nodes: int | None = None,
) -> PonteMove | Turn:
    """The computer's move for the player to move in `game` (a Verbindung game must be in its
    place phase: the roll is the caller's chance step). `nodes` bounds the Ponte hard level's
    search (expansions; its default otherwise). Raises `GameOverError` after the end."""
    if isinstance(game, PonteGame):
        if nodes is None:
            return choose_ponte_move(game, level, rng, stop)
        return choose_ponte_move(game, level, rng, stop, nodes)
    return choose_verbindung_turn(game, level, rng, stop)
