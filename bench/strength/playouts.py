"""How many playouts the plain search (`mcts`, the yardstick) makes in a move (not a test).

Run ``python -m bench.strength.playouts`` from the repository root. For a 12x12 opening and for
positions after 20 and 40 random turns, the search runs ``--seconds`` (default 2) ``--runs``
times (default 5); it prints the median of the playouts per move, the fastest and slowest run,
and the median playouts per second of processor time. The search is timed by the wall clock, as
in a game, so on a busy machine the playouts per move drop; the processor-time rate drops less
(it is what one idle core would do).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.ai.ponte.playout import random_turn
from engine.ponte import PonteGame
from testing.strength import mcts_ponte

POSITIONS = (0, 20, 40)
"""The positions measured: random turns played from the start of a 12x12 game."""


def position(turns: int, seed: int = 1) -> PonteGame:
    """A 12x12 game after `turns` random turns (no swap, bridges now and then)."""
    rng = random.Random(seed)
    game = PonteGame()
    for _ in range(turns):
        game.push(random_turn(game, rng, bridge_chance=0.3, swap_chance=0.0))
    return game


def playouts(game: PonteGame, seconds: float, seed: int) -> tuple[int, float]:
    """The playouts one search from `game` makes in `seconds`, and the processor seconds it
    used."""
    deadline = time.perf_counter() + seconds
    started = time.process_time()
    tree = mcts_ponte.search(
        game, random.Random(seed), lambda: time.perf_counter() > deadline, playouts=None
    )
    return tree.iterations, time.process_time() - started


def main() -> None:
    """Parse the options, measure, print a line per position."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="thinking time per move")
    parser.add_argument("--runs", type=int, default=5, help="searches per position")
    options = parser.parse_args()
    print(f"Plain MCTS on 12x12 Ponte, {options.seconds:g} s a move, {options.runs} runs")
    playouts(position(0), 0.1, 0)  # compiles the search (or loads it from numba's cache)
    for turns in POSITIONS:
        game = position(turns)
        runs = [playouts(game, options.seconds, seed) for seed in range(options.runs)]
        counts = [count for count, _ in runs]
        rate = statistics.median(count / cpu for count, cpu in runs)
        print(
            f"  after {turns:>2} turns: median {statistics.median(counts):,.0f} playouts "
            f"({min(counts):,}..{max(counts):,}); {rate:,.0f} a second of processor time",
            flush=True,
        )


if __name__ == "__main__":
    main()
