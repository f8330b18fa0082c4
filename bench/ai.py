"""Strength and speed of the computer players against the targets of issue 7 (not a test).

Run ``python -m bench.ai`` from the repository root. Every pairing plays ``--games`` games (default
100), half with the hard player moving first; the two games of a pair share their seed, so they
see the same dice. Each turn may think for ``--budget`` seconds (default 2, the bot's default).
It prints each win rate with its 95% Wilson interval, the median and longest thinking time of
the hard player, and how fast the bot answers another player while it thinks (`ai_latency`).
Games run in ``--jobs`` processes (default: one per core).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bench.ai_players import Played, play_game

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


@dataclass(frozen=True)
class Pairing:
    """The hard player against `opponent` in `kind`, and the share of wins it must reach."""

    kind: str
    opponent: str
    target: float


PAIRINGS = (
    Pairing("ponte", "random", 0.95),
    Pairing("ponte", "greedy", 0.75),
    Pairing("ponte", "normal", 0.65),
    Pairing("verbindung", "random", 0.80),
    Pairing("verbindung", "normal", 0.60),
)


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    spread = Z95 * math.sqrt(rate * (1 - rate) / games + Z95**2 / (4 * games**2))
    centre = rate + Z95**2 / (2 * games)
    scale = 1 + Z95**2 / games
    return ((centre - spread) / scale, (centre + spread) / scale)


def _play(pairing: Pairing, number: int, budget: float) -> tuple[int, Played]:
    """Game `number` of `pairing`; returns which side (0, 1) the hard player had, and the game."""
    hard = number % 2
    names = ("hard", pairing.opponent) if hard == 0 else (pairing.opponent, "hard")
    seed = f"{pairing.kind}:{pairing.opponent}:{number // 2}"
    return hard, play_game(pairing.kind, names, seed, budget)


def run_pairing(pool: ProcessPoolExecutor, pairing: Pairing, games: int, budget: float) -> str:
    """Play the games of `pairing` and describe the result in one line."""
    started = time.perf_counter()
    jobs = [pool.submit(_play, pairing, number, budget) for number in range(games)]
    wins = draws = 0
    thinking: list[float] = []
    for job in jobs:
        hard, played = job.result()
        wins += played.winner == hard
        draws += played.winner is None
        thinking += played.seconds[hard]
    low, high = wilson(wins, games)
    rate = wins / games
    verdict = "ok" if rate >= pairing.target else "BELOW TARGET"
    return (
        f"  {pairing.kind:<10} hard vs {pairing.opponent:<7} {wins:>3}/{games} won "
        f"({draws} drawn) = {rate:6.1%}  95% CI {low:6.1%}..{high:6.1%}  "
        f"target {pairing.target:.0%} {verdict}\n"
        f"  {'':<10} hard thinks: median {statistics.median(thinking) * 1e3:.0f} ms, "
        f"longest {max(thinking) * 1e3:.0f} ms over {len(thinking)} turns "
        f"(budget {budget:g} s); {time.perf_counter() - started:.0f} s wall"
    )


def _latency_line(samples: int) -> str:
    from bench.ai_latency import measure

    seconds = measure(samples)
    median, longest = statistics.median(seconds), max(seconds)
    verdict = "ok" if longest < 0.2 else "OVER TARGET"
    return (
        f"  another player's command while the computer thinks: median {median * 1e3:.0f} ms, "
        f"longest {longest * 1e3:.0f} ms over {len(seconds)} commands   target 200 ms   {verdict}"
    )


def main() -> None:
    """Parse the options, run the pairings and the latency measurement, print the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing (even)")
    parser.add_argument("--budget", type=float, default=2.0, help="thinking seconds per turn")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--game", choices=("ponte", "verbindung"), help="only this game")
    parser.add_argument("--latency-samples", type=int, default=20, help="0 skips the latency")
    options = parser.parse_args()
    print(f"Computer players ({options.games} games per pairing, {options.jobs} processes)")
    with ProcessPoolExecutor(options.jobs) as pool:
        for pairing in PAIRINGS:
            if options.game in (None, pairing.kind):
                print(run_pairing(pool, pairing, options.games, options.budget), flush=True)
    if options.latency_samples:
        print(_latency_line(options.latency_samples))


if __name__ == "__main__":
    main()
