"""Which model foretells Ponte games better, the analysis's or the learned one (issue 55, point 4;
not a test).

Run ``python -m bench.strength.foretell`` from the repository root. It takes the games the
shipped learned model was held out from (its manifest's records, split by its seed as ``python
-m bench.learn`` splits them), and on every `--every`-th position before a turn of those games
(after the pie rule's) judges the chance that the player to move wins four ways:

- ``analysis``: the fitted model `winning.white_wins` (the analysis's chart, `win_chance`);
- ``analysis answered``: `winning.answered`, that model after the mover's best one-turn answer
  (the review's and the puzzles' judgement, `judged_chance`);
- ``learned``: the learned model (`learned.white_chance`);
- ``learned answered``: `winning.answered` with the learned model valuing each answer;
- ``learned answered 8``: the same, but only the 8 best answers by the hand-written value.

It prints the log loss and the Brier score of each against the games' results, the median time
of one judgement, and the learned model's Brier score minus the analysis's (static against
static, answered against answered) with a 95% interval from resampling the games. The same
figures on the positions of the games neither model was fitted on (the analysis's model was
fitted on two rounds in three of the calibration games, `calibration.measured`) follow.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bench.learn import manifest_records, recorded
from bench.strength.calibration import measured
from engine.ai.ponte.learned import MANIFEST_FILE, white_chance
from engine.ai.ponte.winning import answered, white_wins
from engine.ponte import Colour, PonteGame
from testing.strength.learning import RecordedGame, held_out_games

ROOT = Path(__file__).resolve().parent.parent.parent
CALIBRATION = frozenset({"calibration-ponte.jsonl", "calibration-classic.jsonl"})
JUDGEMENTS: dict[str, Callable[[PonteGame, random.Random], float]] = {
    "analysis": lambda game, rng: white_wins(game),
    "analysis answered": answered,
    "learned": lambda game, rng: white_chance(game),
    "learned answered": lambda game, rng: answered(game, rng, chance=white_chance),
    "learned answered 8": lambda game, rng: answered(game, rng, chance=white_chance, answers=8),
}
"""Each judgement: white's chance of a position, given a generator for the answers' draw."""
PAIRS = (
    ("learned", "analysis"),
    ("learned answered", "analysis answered"),
    ("learned answered 8", "analysis answered"),
)


@dataclass
class Judged:
    """The positions judged: for each, its game, the mover's result and, per judgement, the
    mover's chance; and the seconds each judgement took."""

    game: list[int] = field(default_factory=list)
    fresh: list[bool] = field(default_factory=list)
    result: list[float] = field(default_factory=list)
    chances: dict[str, list[float]] = field(default_factory=dict)
    seconds: dict[str, list[float]] = field(default_factory=dict)


def judge_game(number: int, game: RecordedGame, every: int, into: Judged) -> None:
    """Judge every `every`-th position before a turn (from the third) of `game` into `into`."""
    whole = PonteGame.from_moves("classic" if game.kind == "classic" else None, game.moves)
    outcome = whole.outcome()
    if outcome is None:
        return  # a game cut short
    fresh = game.file not in CALIBRATION or (game.seed is not None and measured(game.seed))
    position = PonteGame("classic") if game.kind == "classic" else PonteGame()
    for index, move in enumerate(whole.moves):
        mover = position.to_move
        if index >= 2 and index % every == 0 and not position.is_over and mover is not None:
            into.game.append(number)
            into.fresh.append(fresh)
            into.result.append(0.5 if outcome.winner is None else float(outcome.winner is mover))
            for name, judge in JUDGEMENTS.items():
                started = time.perf_counter()
                white = judge(position, random.Random(f"{number}:{index}"))
                into.seconds.setdefault(name, []).append(time.perf_counter() - started)
                chance = white if mover is Colour.WHITE else 1.0 - white
                into.chances.setdefault(name, []).append(chance)
        position.push(move)


def log_loss(chances: list[float], results: list[float]) -> float:
    total = 0.0
    for chance, y in zip(chances, results, strict=True):
        p = min(max(chance, 1e-6), 1 - 1e-6)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(results)


def brier(chances: list[float], results: list[float]) -> float:
    return sum((p - y) ** 2 for p, y in zip(chances, results, strict=True)) / len(results)


def brier_gain(
    judged: Judged, better: str, than: str, keep: list[int], draws: int = 2000
) -> tuple[float, float, float]:
    """`better`'s Brier score minus `than`'s over the positions `keep`, with a 95% interval
    from resampling the games (a game's positions go together)."""
    by_game: dict[int, list[float]] = {}
    for i in keep:
        y = judged.result[i]
        gap = (judged.chances[better][i] - y) ** 2 - (judged.chances[than][i] - y) ** 2
        by_game.setdefault(judged.game[i], []).append(gap)
    games = list(by_game.values())
    mean = sum(map(sum, games)) / sum(map(len, games))
    rng = random.Random(0)
    means = []
    for _ in range(draws):
        sample = [games[rng.randrange(len(games))] for _ in games]
        means.append(sum(map(sum, sample)) / sum(map(len, sample)))
    means.sort()
    return mean, means[int(0.025 * draws)], means[int(0.975 * draws) - 1]


def report(judged: Judged, keep: list[int], title: str) -> dict[str, object]:
    """Print and return the scores over the positions `keep`."""
    results = [judged.result[i] for i in keep]
    games = len({judged.game[i] for i in keep})
    print(f"{title}: {len(keep)} positions of {games} games", flush=True)
    scores: dict[str, object] = {"positions": len(keep), "games": games}
    for name in JUDGEMENTS:
        chances = [judged.chances[name][i] for i in keep]
        seconds = statistics.median(judged.seconds[name][i] for i in keep)
        row = {
            "log_loss": round(log_loss(chances, results), 4),
            "brier": round(brier(chances, results), 4),
            "median_ms": round(seconds * 1000, 1),
        }
        print(f"  {name:18} {row}", flush=True)
        scores[name] = row
    for better, than in PAIRS:
        gain, low, high = brier_gain(judged, better, than, keep)
        print(f"  Brier, {better} - {than}: {gain:+.4f} ({low:+.4f} to {high:+.4f})", flush=True)
        scores[f"{better} - {than}"] = [round(gain, 4), round(low, 4), round(high, 4)]
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=4, help="judge every n-th position")
    parser.add_argument("--games", type=int, help="only the first n held-out games")
    parser.add_argument("--out", type=Path, help="write the scores to this JSON file")
    options = parser.parse_args()
    manifest = json.loads((ROOT / "engine" / "ai" / "ponte" / MANIFEST_FILE).read_text())
    games, _ = recorded(manifest_records())
    share = manifest.get("held_out_share", 0.2)
    held = sorted(held_out_games(games, manifest["seed"], share))[: options.games]
    print(f"{len(held)} held-out games of {len(games)}, every {options.every}th position")
    judged = Judged()
    for done, number in enumerate(held, 1):
        judge_game(number, games[number], options.every, judged)
        if done % 20 == 0:
            print(f"  judged {done}/{len(held)} games, {len(judged.result)} positions", flush=True)
    everything = list(range(len(judged.result)))
    scores = {
        "every": options.every,
        "all": report(judged, everything, "all held-out games"),
        "fresh": report(
            judged, [i for i in everything if judged.fresh[i]], "games neither was fitted on"
        ),
    }
    if options.out:
        options.out.write_text(json.dumps(scores, indent=1) + "\n")


if __name__ == "__main__":
    main()
