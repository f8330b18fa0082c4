"""The value of a position from two network distances: a small race model of the dice.

Each turn the player to move brings their distance down by two, one or no dice with fixed odds
(three dice rolled, two placed, and about four faces in six continue a given path). The model's
win chance for the player to move, `mover_value(mine, theirs)`, then holds the tempo and the odds
of winning at once: at distance 1 or 2 the mover may finish before the opponent moves again.
"""

from __future__ import annotations

import math

# Odds that a turn advances the mover by 0, 1 or 2 dice. Rough counts of useful faces; they only
# shape the curve, the search compares positions by it.
_PROGRESS = (0.1, 0.35, 0.55)

_LIMIT = 64
"""Distances at or above this are treated alike (an open area needs about 14)."""


def _table() -> list[list[float]]:
    """V[a][b]: the chance that the mover at distance a beats the other at distance b."""
    p0, p1, p2 = _PROGRESS
    value = [[0.0] * (_LIMIT + 1) for _ in range(_LIMIT + 1)]
    for b in range(1, _LIMIT + 1):
        value[0][b] = 1.0
    # value[a][b] needs value[b][a - k] (smaller sums) and, through a stalled turn, value[b][a]:
    # solve each pair (a, b) and (b, a) together, in order of the sum of distances.
    for total in range(2, 2 * _LIMIT + 1):
        for a in range(max(1, total - _LIMIT), min(_LIMIT, total - 1) + 1):
            b = total - a
            if b < a:
                continue
            rest_ab = _advanced(value, a, b, p1, p2)
            rest_ba = _advanced(value, b, a, p1, p2)
            # x = p0 (1 - y) + rest_ab and y = p0 (1 - x) + rest_ba.
            x = (p0 + rest_ab - p0 * (p0 + rest_ba)) / (1 - p0 * p0)
            value[a][b] = x
            value[b][a] = p0 * (1 - x) + rest_ba
    return value


def _advanced(value: list[list[float]], a: int, b: int, p1: float, p2: float) -> float:
    """The part of value[a][b] where the mover advances by one or two dice."""
    total = 0.0
    for step, chance in ((1, p1), (2, p2)):
        left = a - step
        total += chance * (1.0 if left <= 0 else 1.0 - value[b][left])
    return total


def _blend(race: list[list[float]]) -> list[list[float]]:
    """The race model mixed with a gentle logistic of the lead.

    The model leaves out blocking, which makes a lead of two or three dice far less safe than it
    thinks; without the mix its values saturate and every turn looks alike once ahead.
    """
    return [
        [
            (1 - _MIX) * race[a][b] + _MIX / (1 + math.exp(-(b - a + _TEMPO) / _SPREAD))
            for b in range(_LIMIT + 1)
        ]
        for a in range(_LIMIT + 1)
    ]


_MIX = 0.5
_TEMPO = 0.5
_SPREAD = 2.5
_VALUE = _blend(_table())


def mover_value(mine: int, theirs: int) -> float:
    """The chance that the player to move wins, at distance `mine` against `theirs`."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    return _VALUE[min(mine, _LIMIT)][min(theirs, _LIMIT)]


def mover_value_with(mine: int, theirs: int, odds: tuple[float, float, float]) -> float:
    """`mover_value` when the mover's odds of advancing by 0, 1 or 2 dice this turn are known
    (measured over the rolls) rather than taken from the model."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    total = 0.0
    for step, chance in enumerate(odds):
        left = mine - step
        total += chance * (1.0 if left <= 0 else 1.0 - mover_value(theirs, left))
    return total
