"""The chance that white wins a Ponte del Diavolo position: the evaluation as a probability.

The evaluation (`evaluate.position_value`: points scored and within reach, white's minus red's)
ranks positions but says nothing of how sure a lead is. A logistic model fitted to played games
turns it into a chance: a lead counts relative to all that is in play, it is surer late in the
game, when little is left to change it (the lead times the share of the board filled), the
points already scored count for more near the end, and the player to move has a turn in hand
(a tempo).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from engine.ai.base import Rng, chance_of, never
from engine.ai.ponte import learned
from engine.ai.ponte.candidates import after, candidates
from engine.ai.ponte.evaluate import colour_value, scored
from engine.ponte import Colour, PonteGame

WEIGHTS = {
    "online": (-0.118, 1.291, -0.172, 0.249, 0.455),
    "classic": (-0.414, 1.351, 0.069, 0.323, 0.615),
}
"""For each variant: the intercept, then the weights of `features`. Logistic regressions of
white's win on the positions before every turn of games between the computer's levels (normal
against normal, normal against hard at 0.05 s a turn, easy against normal), fitted by
`python -m bench.strength.calibration` on 2026-11-27 (after the evaluation learnt which links no
stone can cut): 12x12 on 23,138 positions of 321 games, 10x10 on 3,993 positions of 81 games;
each measured on a third as many other games (docs/analysis.md, "Calibration")."""


def analysis_chance(game: PonteGame) -> float:
    """The chance that white wins `game` as the analysis charts it (`GameKind.win_chance`) and
    the puzzles are sought by: the model that foretells played games better. On the positions
    of the 176 games the learned model was held out from, the learned model
    (`learned.white_chance`) scored a Brier score of 0.158 against 0.168 for the fitted model
    `white_wins` (``python -m bench.strength.foretell``, docs/analysis.md). Exact once the game
    is over."""
    return learned.white_chance(game)


ANSWER_WIDTH = 8
"""The single fields paired into the answers `answered` weighs: the normal level's width."""


def features(game: PonteGame) -> tuple[float, float, float, float]:
    """What the model knows of a position that goes on, from white's side: the evaluation's
    lead relative to all that is in play (over the square root of both colours' values plus
    one: two points ahead is much when little is in play, little when much is), the lead times
    the share of the board filled, whose turn it is (1 white, -1 red), and the points scored
    now (white's minus red's) times the share filled."""
    board = game.board
    filled = board.filled()
    white, red = colour_value(board, Colour.WHITE), colour_value(board, Colour.RED)
    lead = white - red
    scored_now = scored(board, Colour.WHITE)[1] - scored(board, Colour.RED)[1]
    tempo = 1.0 if game.to_move is Colour.WHITE else -1.0
    return lead / math.sqrt(white + red + 1), lead * filled, tempo, scored_now * filled


def white_wins(game: PonteGame, weights: tuple[float, ...] | None = None) -> float:
    """The chance that white wins `game`: 1, 0 or 0.5 once it is over, else the model's
    (with its variant's `WEIGHTS` unless `weights` are given)."""
    outcome = game.outcome()
    if outcome is not None:
        if outcome.winner is None:
            return 0.5
        return 1.0 if outcome.winner is Colour.WHITE else 0.0
    return chance_of(weights or WEIGHTS[game.variant.name], features(game))


def answered(
    game: PonteGame,
    rng: Rng,
    width: int = ANSWER_WIDTH,
    chance: Callable[[PonteGame], float] = white_wins,
    answers: int | None = None,
) -> float:
    """The chance that white wins `game` after the best one-turn answer of the player to move:
    the normal level's look (`candidates` over the `width` best fields, every bridge and pass),
    each answer valued by `chance` (white's chance of a position: the fitted model
    `white_wins` unless told; only the `answers` best by the hand-written value, if given),
    the best for the one who answers. A static model does not see a
    threat that the next turn carries out (a bridge cut, an island taken); one answer does.
    Exact once the game is over; the pie rule's swap is not among the answers. Not cut short
    by time: the same position and `rng` give the same chance."""
    colour = game.to_move
    if colour is None or game.is_over:
        return chance(game)
    options = candidates(game, width, rng, never)[:answers]
    chances = [chance(after(game, option.move)) for option in options]
    if not chances:
        return chance(game)
    return max(chances) if colour is Colour.WHITE else min(chances)
