"""The chance that red wins a Verbindung gesucht position: the dice still needed as a chance.

Before a turn the player to move knows his dice, so the position is worth what his best turn
with them leaves: the normal level's one-turn look (`search.candidate_turns`, each turn valued
by the race model `race.mover_value` from both players' distances and cut-offs) finds it, a
turn that joins his network wins outright, and a logistic model fitted to played games corrects
the race model's chance (fitted before a roll, it is judged here after the mover's best turn) and
adds what the race model cannot see: how readily the dice serve each player's lightest trees on
the board that turn leaves (`shapes.ease`).
A position waiting for its roll (seen only at a game's start) is the race model's own chance.
"""

from __future__ import annotations

from engine.ai.base import chance_of, never
from engine.ai.verbindung.network import cut_distance
from engine.ai.verbindung.oracle import Oracle
from engine.ai.verbindung.race import logit, mover_value
from engine.ai.verbindung.search import (
    LOSS,
    Line,
    Planner,
    Width,
    candidate_turns,
    racing,
    tiles_of,
)
from engine.ai.verbindung.shapes import bias
from engine.verbindung import Phase, Player, VerbindungGame

WEIGHTS = (-0.148, 1.038, 0.799)
"""The intercept and the weights of `features`: a logistic regression of the mover's win on the
positions before every turn (2,840 of them) of 162 games between the computer's levels (normal
against normal, normal against hard at 0.05 s a turn, easy against normal), fitted by
`python -m bench.strength.calibration` on 2026-11-27; measured on 78 other games (docs/analysis.md,
"Calibration")."""

WIDTH = Width(firsts=8, seconds=20)
"""The turns looked at, as widely as the normal level looks (`EFFORT[Level.NORMAL]`)."""


def features(game: VerbindungGame) -> tuple[float, float] | None:
    """The logit of the race model's chance for the player to move after his best turn with
    the dice he rolled, and how much more readily the dice serve him than the opponent on the
    board that turn leaves (`shapes.bias` at weight 1); None when that turn ends the game (see
    `best_turn`)."""
    planner, best = _best(game)
    return None if best.ended else _features_of(planner, best)


def best_turn(game: VerbindungGame) -> tuple[float, bool]:
    """The race model's chance for the player to move (in the place phase) after his best
    turn, and whether that turn ends the game: then the chance is exact, 1 for a turn that
    joins his network, 0.5 for one that fills the area, 0 when every turn hands the
    opponent the win (V11)."""
    _, best = _best(game)
    return (_exact(best), True) if best.ended else (best.value, False)


def mover_wins(game: VerbindungGame, weights: tuple[float, ...] = WEIGHTS) -> float:
    """The chance that the player to move wins `game`, which goes on."""
    if game.phase is Phase.ROLL:
        mover = game.to_move
        assert mover is not None
        tiles = tiles_of(game)
        mine, my_cut = cut_distance(tiles, mover)
        theirs, their_cut = cut_distance(tiles, mover.other)
        return mover_value(mine, theirs, my_cut, their_cut)
    planner, best = _best(game)
    if best.ended:
        return _exact(best)
    return chance_of(weights, _features_of(planner, best))


def _best(game: VerbindungGame) -> tuple[Planner, Line]:
    """The planner of the player to move and his best turn by the race model."""
    planner = Planner(game, racing)
    turns = candidate_turns(planner, WIDTH, never) or [planner.root]  # none: the root's own
    return planner, max(turns, key=lambda line: line.value)


def _exact(best: Line) -> float:
    """The chance after a best turn that ends the game: a join wins, a full area draws, and
    a turn that can only hand the opponent the win loses."""
    if best.mine == 0:
        return 1.0
    return 0.0 if best.value == LOSS else 0.5


def _features_of(planner: Planner, best: Line) -> tuple[float, float]:
    tiles = planner.board(best.changes)
    oracles = {p: Oracle(tiles, p) for p in Player}
    return logit(best.value), bias(oracles, planner.me, 1.0)


def red_wins(game: VerbindungGame, weights: tuple[float, ...] = WEIGHTS) -> float:
    """The chance that red (who begins) wins `game`: 1, 0 or 0.5 once it is over."""
    outcome = game.outcome()
    if outcome is not None:
        if outcome.winner is None:
            return 0.5
        return 1.0 if outcome.winner is Player.RED else 0.0
    chance = mover_wins(game, weights)
    return chance if game.to_move is Player.RED else 1.0 - chance
