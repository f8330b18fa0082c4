"""How fairly the review of a turn judges Ponte turns: the model alone against the judgement
after the opponent's best answer (issue 29; not a test).

Run ``python -m bench.strength.review_quality`` from the repository root. It reviews every turn
of recorded 12x12 games between the easy and the normal level, or with ``--against hard@0.05``
between the hard level (at 0.05 s a turn) and the normal (``bench/records/calibration-ponte.
jsonl``), as `review.review_turn` does, in this one process: the hard search's turn within the
budget, then both turns judged twice, by the static model (`GameKind.win_chance`, the review's
judgement before) and by `GameKind.judged_chance` (after the opponent's best one-turn answer,
the judgement now). For each judgement it prints how often the computer's turn is judged no
better than the one played (loss 0), the mean loss per turn of each level (a fairer judgement
separates them more clearly), and the time per turn.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot.computer import review
from bot.computer.review import JUDGING, REVIEW_SECONDS
from bot.computer.thinking import RESERVE
from bot.games import GAMES

RECORDS = Path(__file__).resolve().parent.parent / "records" / "calibration-ponte.jsonl"


@dataclass
class Tally:
    """The losses one judgement gave, by the level of the player who moved."""

    losses: dict[str, list[float]] = field(default_factory=dict)

    def add(self, level: str, loss: float) -> None:
        self.losses.setdefault(level, []).append(loss)

    def line(self, label: str) -> str:
        every = [loss for losses in self.losses.values() for loss in losses]
        zero = sum(loss == 0.0 for loss in every) / len(every)
        means = ", ".join(
            f"{level} {100 * statistics.mean(losses):.2f}"
            for level, losses in sorted(self.losses.items())
        )
        return (
            f"{label}: loss 0 on {100 * zero:.0f}% of {len(every)} turns; "
            f"mean loss per turn (points): {means}"
        )


def games(count: int, against: str) -> list[tuple[tuple[str, str], list[str]]]:
    """The first `count` recorded 12x12 games between `against` and normal, seats alternating."""
    chosen = []
    for line in RECORDS.read_text().splitlines():
        entry = json.loads(line)
        if sorted(entry["players"]) == sorted([against, "normal"]):
            chosen.append((tuple(entry["players"]), entry["moves"]))
    return chosen[:count]


def chance_for(first_is_mover: bool, chance: float) -> float:
    return chance if first_is_mover else 1.0 - chance


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=REVIEW_SECONDS)
    parser.add_argument("--against", default="easy", help="normal's opponent: easy, hard@0.05")
    args = parser.parse_args()
    kind = GAMES.kind("ponte")
    static, judged = Tally(), Tally()
    searching, judging = [], []
    for number, (players, moves) in enumerate(games(args.games, args.against)):
        game = kind.game.from_moves(None, moves)
        plies = game.turn_plies()
        first = kind.colours[0]
        for turn in range(1, len(plies)):
            start, end = plies[turn - 1], plies[turn]
            position, played = game.position_at(start), game.moves[start]
            if position.resigner(played) is not None:
                continue
            seed = f"quality:{number}:{turn}"
            level = players[(turn - 1) % 2]  # Ponte's seats take turns, whatever the swap did
            started = time.perf_counter()
            deadline = started + args.seconds - RESERVE - JUDGING
            found = review._best(kind, position, random.Random(seed), deadline)
            searching.append(time.perf_counter() - started)
            line = review._after_turn(position, found, game.moves[start + 1 : end])
            ended = game.position_at(end)
            mover_first = game.movers()[start] == first
            best_first = line.movers()[start] == first
            static.add(
                level,
                max(
                    0.0,
                    chance_for(best_first, kind.win_chance(line))
                    - chance_for(mover_first, kind.win_chance(ended)),
                ),
            )
            started = time.perf_counter()
            chances = [
                kind.judged_chance(g, random.Random(f"{seed}:judged")) for g in (ended, line)
            ]
            judging.append(time.perf_counter() - started)
            played_chance, best_chance = (c for c in chances if c is not None)
            judged.add(
                level,
                max(
                    0.0,
                    chance_for(best_first, best_chance) - chance_for(mover_first, played_chance),
                ),
            )
        print(f"game {number + 1} ({' v '.join(players)}): {len(plies) - 1} turns", flush=True)
    print(static.line("the model alone (before)"))
    print(judged.line("after the best answer (now)"))
    print(
        f"per turn: search median {statistics.median(searching):.2f} s, judging the two turns "
        f"median {statistics.median(judging):.3f} s, longest {max(judging):.3f} s"
    )


if __name__ == "__main__":
    main()
