"""The first player's win rate between equal players, with and without the pie rule (issue 17).

Run ``python -m bench.strength.pie --level normal`` (1,000 games each, some 15 minutes of a core;
200 were too few: two sets of 200 with the pie rule gave the first player 57.8% and 47.3%), or
``--level hard`` (slower). Both players are the same level of the computer. With the pie rule they
play as the bot does: the first player opens with stones its opening model rates close to even, the
second swaps when the model rates the opening better for white. Without it the first player opens
with the strongest opening it finds by the same model (the best it can do when no swap can follow)
and the second never swaps. It prints both win rates of the first player with their 95% intervals
and how often the second player swapped. Every game is seeded; the two players of a game share
nothing.
"""

from __future__ import annotations

import argparse
import random
import time

from engine.ai import Level
from engine.ai.base import Stop
from engine.ai.ponte import play_on
from engine.ai.ponte.opening import first_turn
from engine.ponte import Move, PonteGame
from testing.strength.players import choose, stop_after
from testing.strength.ratings import wilson


def without_pie(game: PonteGame, level: Level, rng: random.Random, stop: Stop) -> Move:
    """The level's move when no swap can follow: the strongest opening, never a swap."""
    if game.ply == 0:
        return first_turn(game, rng, target=1.0)
    return play_on(game, level, rng, stop)


def play(variant: str, level: Level, pie: bool, seed: int, budget: float) -> tuple[int, bool]:
    """One game; returns 0 when the first player won (1 when the second did, 2 for a draw) and
    whether the second player swapped."""
    game = PonteGame(variant)
    while not game.is_over:
        rng = random.Random(f"pie:{seed}:{game.ply}")
        stop = stop_after(time.perf_counter() + budget)
        move = choose(game, level, rng, stop) if pie else without_pie(game, level, rng, stop)
        game.push(move)
    outcome = game.outcome()
    assert outcome is not None
    if outcome.winner is None:
        return 2, game.swapped
    return (0 if outcome.winner is game.first_player_colour else 1), game.swapped


def main() -> None:
    """Play both sets of games and print the first player's win rates."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal", choices=[level.value for level in Level])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--variant", default="online")
    parser.add_argument("--budget", type=float, default=2.0)
    options = parser.parse_args()
    level = Level(options.level)
    print(f"{options.level} against {options.level}, {options.variant}, {options.games} games each")
    for pie in (False, True):
        first = draws = swaps = 0
        for seed in range(options.games):
            result, swapped = play(options.variant, level, pie, seed, options.budget)
            first += result == 0
            draws += result == 2
            swaps += swapped
        points = first + draws / 2
        low, high = wilson(points, options.games)
        print(
            f"  pie rule {'on ' if pie else 'off'}: the first player won {points:g}/{options.games}"
            f" = {points / options.games:.1%} (95% CI {low:.1%}..{high:.1%}), {draws} drawn, "
            f"the second player swapped {swaps} times",
            flush=True,
        )


if __name__ == "__main__":
    main()
