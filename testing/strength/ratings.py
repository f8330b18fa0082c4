"""What the strength benchmarks conclude from their games: win-rate intervals and ratings."""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Sequence

from openskill.models import PlackettLuce, PlackettLuceRating

from testing.strength.players import Entry

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (a draw counts half a win)."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    spread = Z95 * math.sqrt(rate * (1 - rate) / games + Z95**2 / (4 * games**2))
    centre = rate + Z95**2 / (2 * games)
    scale = 1 + Z95**2 / games
    # Clamped: at a rate of 0 or 1 the rounding can step a hair outside 0..1.
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def rate(
    entries: Sequence[Entry], orders: int = 64, seed: int = 1
) -> dict[str, tuple[float, float]]:
    """Each player's (mu, sigma): the means over `orders` seeded random orders of the games.
    The model learns one game at a time, so one order leaves its trace: over twenty games of
    three players a rating moved by 1.6 mu (some 50 Elo) from one order to the next, and the
    mean over 64 orders by about 0.2."""
    totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for number in range(orders):
        for name, (mu, sigma) in _rate_once(entries, random.Random(f"{seed}:{number}")).items():
            totals[name][0] += mu / orders
            totals[name][1] += sigma / orders
    return {name: (mu, sigma) for name, (mu, sigma) in totals.items()}


def _rate_once(entries: Sequence[Entry], rng: random.Random) -> dict[str, tuple[float, float]]:
    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {}
    order = list(entries)
    rng.shuffle(order)
    for entry in order:
        names, winner = entry["players"], entry["winner"]
        teams = [[ratings.setdefault(n, model.rating(name=n))] for n in names]
        ranks = [1.0, 1.0] if winner is None else [0.0 if i == winner else 1.0 for i in range(2)]
        [[first], [second]] = model.rate(teams, ranks=ranks)
        ratings[names[0]], ratings[names[1]] = first, second
    return {name: (r.mu, r.sigma) for name, r in ratings.items()}


def elo_scale() -> float:
    """Elo points per point of mu: a Plackett-Luce mean difference d between two settled
    players gives odds of exp(d / (sqrt(2) * beta)); Elo gives 10 ** (D / 400)."""
    beta = PlackettLuce().beta
    return 400 / math.log(10) / (math.sqrt(2) * beta)


def table(entries: Sequence[Entry]) -> dict[tuple[str, str], list[float]]:
    """Per ordered pair (a, b) with a < b: a's points (a draw counts half) and the games."""
    results: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for entry in entries:
        names, winner = entry["players"], entry["winner"]
        a, b = sorted(names)
        points = 0.5 if winner is None else float(names[winner] == a)
        results[(a, b)][0] += points
        results[(a, b)][1] += 1
    return results
