"""The computer player of Ponte del Diavolo.

Every level values turns with the same evaluation (`evaluate`): points scored and points within
reach, for both colours. Normal looks one turn ahead: the candidate turn (`candidates`) that
leaves the best position. Easy does the same over fewer stone pairs with a wide random spread,
and now and then plays a random turn instead, the mistakes of a beginner. Hard searches for as
long as it may (`search`: alpha-beta over whole turns, deepened one turn at a time), and also
counts room: the fields where each colour may still place a stone. The pie rule
(P4) is decided the same way at every level (`opening`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ai.base import Level, Rng, Stop, never
from engine.ai.ponte.candidates import Valued, candidates
from engine.ai.ponte.opening import opening_move
from engine.ai.ponte.playout import random_turn
from engine.ai.ponte.search import Search, Shape
from engine.game import game_over
from engine.ponte import Move, PonteGame, Swap


@dataclass(frozen=True, slots=True)
class Effort:
    """How a level that looks one turn ahead plays."""

    width: int  # the best single fields that are paired into stone turns
    spread: float  # random noise added to each value: the larger, the weaker the play
    blunder: float = 0.0  # the chance of a random turn instead


EFFORT = {
    Level.EASY: Effort(width=5, spread=1.0, blunder=0.4),
    Level.NORMAL: Effort(width=8, spread=0.1),
}

HARD_NODES = 400
"""Expansions of hard's search when no time limit cuts it short first."""
HARD_SHAPE = Shape()
"""How widely hard's search looks (a tuning may try others: `testing.strength.tuned`)."""


def choose_move(
    game: PonteGame,
    level: Level,
    rng: Rng,
    stop: Stop = never,
    nodes: int = HARD_NODES,
    *,
    shape: Shape = HARD_SHAPE,
) -> Move:
    """The computer's turn for the player to move. Raises `GameOverError` after the end.
    `nodes` bounds the hard level's search and `shape` sets its widths (see `search`)."""
    outcome = game.outcome()
    if outcome is not None:
        raise game_over(outcome)
    opening = opening_move(game, rng)
    if opening is not None:
        return opening
    return play_on(game, level, rng, stop, nodes, shape=shape)


def play_on(
    game: PonteGame,
    level: Level,
    rng: Rng,
    stop: Stop = never,
    nodes: int = HARD_NODES,
    *,
    shape: Shape = HARD_SHAPE,
) -> Move:
    """The turn `level` finds for the player to move, leaving the pie rule aside (no swap)."""
    if level is Level.HARD:
        return _searched(game, rng, stop, nodes, shape)
    return by_effort(game, EFFORT[level], rng, stop)


def _searched(game: PonteGame, rng: Rng, stop: Stop, nodes: int, shape: Shape) -> Move:
    """Hard's turn: the search's, within `nodes` expansions."""
    search = Search(game, rng, stop, shape)
    if search.best is None:
        return _fallback(game)
    search.run(nodes)
    return search.best_move()


def by_effort(game: PonteGame, effort: Effort, rng: Rng, stop: Stop = never) -> Move:
    """The turn a one-turn look of `effort` picks (no pie rule)."""
    found = candidates(game, effort.width, rng, stop)
    if not found:
        return _fallback(game)
    if effort.blunder and rng.random() < effort.blunder:
        return random_turn(game, rng)
    return _pick(found, effort.spread, rng)


def _pick(found: list[Valued], spread: float, rng: Rng) -> Move:
    """The best turn after noise of `spread`; equal values are decided by `rng`."""
    noisy = [(option.value + spread * rng.random(), rng.random(), option.move) for option in found]
    return max(noisy, key=lambda item: (item[0], item[1]))[2]


def _fallback(game: PonteGame) -> Move:
    """A legal turn when the search found none (it was stopped before valuing any): the
    engine's first listed turn other than the swap, which is the search's choice to make."""
    return next(move for move in game.legal_moves() if not isinstance(move, Swap))
