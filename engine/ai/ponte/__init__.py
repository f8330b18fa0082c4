"""The computer player of Ponte del Diavolo.

Every level values turns with the same evaluation (`evaluate`): points scored and points within
reach, for both colours. Easy and normal look one turn ahead, easy with a wide random spread and
fewer stone pairs; hard looks two turns ahead: for its best few turns it finds the opponent's best
answer and keeps the turn whose worst case is best (a two-ply minimax over the candidates). The
pie rule (P4) is handled in `opening`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ai.base import Level, Rng, Stop, never
from engine.ai.ponte.candidates import Valued, after, candidates, final_value
from engine.ai.ponte.evaluate import position_value
from engine.ai.ponte.opening import first_turn, red_chance, wants_swap
from engine.ai.ponte.search import Search
from engine.errors import GameOverError
from engine.ponte import Move, Place, PonteGame, Swap


@dataclass(frozen=True, slots=True)
class Effort:
    """How a level searches."""

    width: int  # the best single fields that are paired into stone turns
    beam: int  # own turns answered by the opponent's best reply (0: look one turn ahead)
    reply_width: int  # `width` of the opponent's replies
    spread: float  # random noise added to each value: the larger, the weaker the play


EFFORT = {
    Level.EASY: Effort(width=5, beam=0, reply_width=0, spread=1.0),
    Level.NORMAL: Effort(width=8, beam=0, reply_width=0, spread=0.1),
}
TWO_PLY = Effort(width=12, beam=10, reply_width=9, spread=0.0)
"""The hard level before its search (a two-ply minimax), kept as a yardstick."""

HARD_NODES = 400
"""Expansions of hard's search when no time limit cuts it short first."""

BRIDGES_SEARCHED = 3


def choose_move(
    game: PonteGame, level: Level, rng: Rng, stop: Stop = never, nodes: int = HARD_NODES
) -> Move:
    """The computer's turn for the player to move. Raises `GameOverError` after the end.
    `nodes` bounds the hard level's search (see `search`)."""
    outcome = game.outcome()
    if outcome is not None:
        raise GameOverError(outcome.rule, "the game is over")
    if game.ply == 0:
        return first_turn(game, rng)
    if game.ply == 1 and wants_swap(red_chance(game)):
        return Swap()
    return play_on(game, level, rng, stop, nodes)


def play_on(
    game: PonteGame, level: Level, rng: Rng, stop: Stop = never, nodes: int = HARD_NODES
) -> Move:
    """The turn `level` finds for the player to move, leaving the pie rule aside (no swap)."""
    if level is Level.HARD:
        return _searched(game, rng, stop, nodes)
    return by_effort(game, EFFORT[level], rng, stop)


def _searched(game: PonteGame, rng: Rng, stop: Stop, nodes: int) -> Move:
    """Hard's turn: the search's, within `nodes` expansions."""
    search = Search(game, rng, stop)
    if search.best is None:
        return _fallback(game)
    search.run(nodes)
    return search.best_move()


def by_effort(game: PonteGame, effort: Effort, rng: Rng, stop: Stop = never) -> Move:
    """The turn a one- or two-ply search of `effort` picks (no pie rule)."""
    found = candidates(game, effort.width, rng, stop)
    if not found:
        return _fallback(game)
    if effort.beam:
        found = _answered(game, _beam(found, effort.beam), effort.reply_width, rng, stop)
    return _pick(found, effort.spread, rng)


def _answered(
    game: PonteGame, found: list[Valued], width: int, rng: Rng, stop: Stop
) -> list[Valued]:
    """`found` revalued by the opponent's best answer (two-ply minimax). Turns not reached
    before `stop` are dropped: a value one turn deep cannot be compared with one two turns deep,
    and the best turns by one-turn value come first."""
    colour = game.turn
    revalued: list[Valued] = []
    for option in found:
        if stop() and revalued:
            break
        child = after(game, option.move)
        if child.is_over:
            value = final_value(child, colour)
        else:
            replies = candidates(child, width, rng, stop)
            value = -replies[0].value if replies else position_value(child.board, colour)
        revalued.append(Valued(value, option.move))
    return revalued


def _beam(found: list[Valued], size: int) -> list[Valued]:
    """The `size` best turns, and the best few bridges and the pass besides: a bridge or a pass
    gains little now but may be urgent, which only the opponent's answer shows."""
    others = [o for o in found[size:] if not isinstance(o.move, Place)][:BRIDGES_SEARCHED]
    return found[:size] + others


def _pick(found: list[Valued], spread: float, rng: Rng) -> Move:
    """The best turn after noise of `spread`; equal values are decided by `rng`."""
    noisy = [(option.value + spread * rng.random(), rng.random(), option.move) for option in found]
    return max(noisy, key=lambda item: (item[0], item[1]))[2]


def _fallback(game: PonteGame) -> Move:
    """A legal turn when the search found none (it was stopped before valuing any): the
    engine's first listed turn other than the swap, which is the search's choice to make."""
    return next(move for move in game.legal_moves() if not isinstance(move, Swap))
