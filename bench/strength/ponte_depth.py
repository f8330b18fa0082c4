"""How deep Ponte's hard level sees in its thinking time (issue 17; not a test).

Run ``python -m bench.strength.ponte_depth`` on an idle machine. Positions come from seeded games
between two normal players (every tenth turn of each game, so openings, middle games and endings
alike); at each, hard's search (`engine.ai.ponte.search`) runs for ``--budget`` seconds, as in the
bot, and the script prints, per stage of the game, the median number of expansions and the deepest
finished iteration (in whole turns: 2 is my turn and the answer).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from engine.ai import Level
from engine.ai.ponte import HARD_NODES
from engine.ai.ponte.search import Search
from engine.ponte import PonteGame
from testing.strength.players import choose, stop_after


def positions(games: int, every: int = 10) -> list[PonteGame]:
    """Every `every`-th position of `games` seeded games between two normal players."""
    found = []
    for seed in range(games):
        rng = random.Random(f"depth:{seed}")
        game = PonteGame()
        while not game.is_over:
            if game.ply >= 2 and game.ply % every == 0:
                found.append(game.copy())
            game.push(choose(game, Level.NORMAL, rng))
    return found


def searched(game: PonteGame, budget: float) -> tuple[int, int]:
    """The expansions made and the depth finished by hard's search in `budget` seconds."""
    search = Search(game, random.Random(1), stop_after(time.perf_counter() + budget))
    search.run(HARD_NODES)
    return search.expansions, search.depth


def main() -> None:
    """Search the positions and print the medians per stage of the game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--budget", type=float, default=2.0)
    options = parser.parse_args()
    stages: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for game in positions(options.games):
        stage = "opening" if game.ply < 30 else "middle" if game.ply < 70 else "ending"
        stages[stage].append(searched(game, options.budget))
    print(f"Ponte hard, {options.budget:g} s a turn (node budget {HARD_NODES}):")
    for stage in ("opening", "middle", "ending"):
        found = stages.get(stage, [])
        if found:
            expansions = statistics.median(e for e, _ in found)
            depths = sorted(d for _, d in found)
            print(
                f"  {stage:<8} {len(found):>3} positions: median {expansions:g} expansions, "
                f"depth {statistics.median(depths):g} (from {depths[0]} to {depths[-1]})"
            )


if __name__ == "__main__":
    main()
