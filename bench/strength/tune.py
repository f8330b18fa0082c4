"""Tune hard's Ponte numbers by self-play (issue 55; the method: `testing.strength.tuned`).

Run ``python -m bench.strength.tune --steps 500 --out FILE`` from the repository root. Every step
plays a pair of games between the two perturbed versions (`tuned.perturbed`), each first once on
the same seed, 12x12 and 10x10 in turn, at ``--budget`` seconds a turn; ``--jobs`` pairs are
played at once, each in its own process (a pair started before another's update plays slightly
older numbers, as in any parallel SPSA). Every step is appended to ``FILE`` as a JSON line (the
values before it, the signs, the lead and the board) and a rerun with the same file goes on from
its last step, so that a tuning can be cut short and resumed. At the end it writes
``FILE.values.json``: the average of the later half of the steps (`tuned.averaged`), which
``TUNED_KNOBS=FILE.values.json`` makes the `tuned` player of ``bench.strength.ai`` play.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from testing.strength.players import Played, play_players
from testing.strength.tuned import (
    HARD,
    KNOBS,
    Values,
    averaged,
    leanings,
    named,
    perturbation,
    perturbed,
    stepped,
    tuned_player,
)

KINDS = ("ponte", "classic")


def play_pair(plus: Values, minus: Values, kind: str, seed: str, budget: float) -> float:
    """The plus version's points less the minus version's over two games on `seed`, each first
    once (a draw counts half to each)."""
    lead = 0.0
    for first, second, sign in ((plus, minus, 1), (minus, plus, -1)):
        players = [(tuned_player(first), budget), (tuned_player(second), budget)]
        played: Played = play_players(kind, players, seed)  # type: ignore[arg-type]
        if played.winner is not None:
            lead += sign * (1 if played.winner == 0 else -1)
    return lead


def _steps(path: Path) -> list[dict[str, Any]]:
    """The steps recorded in `path` (none when it does not exist yet)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines()]


def _report(path: Path) -> None:
    """Print each knob's leaning over the recorded steps and write the averaged values."""
    steps = _steps(path)
    leaning = leanings([(s["signs"], s["lead"]) for s in steps])
    for knob, (mean, error) in zip(KNOBS, leaning, strict=True):
        print(f"  {knob.name:>9}: a step up won {mean:+.3f} ± {error:.3f} games a pair")
    found = averaged([tuple(s["values"]) for s in steps])
    out = path.with_name(path.name + ".values.json")
    out.write_text(json.dumps({"values": named(found), "steps": len(steps)}, indent=2) + "\n")
    print("averaged over the later half:", named(found))


def main() -> None:
    """Parse the options, tune, print every step and write the averaged values."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=500, help="steps in all (pairs of games)")
    parser.add_argument("--budget", type=float, default=0.3, help="thinking seconds per turn")
    parser.add_argument("--rate", type=float, default=0.05, help="steps per game won")
    parser.add_argument("--jobs", type=int, default=2, help="pairs played at once")
    parser.add_argument("--seed", type=int, default=55)
    parser.add_argument("--out", required=True, help="JSON-lines file of the steps")
    options = parser.parse_args()
    path = Path(options.out)
    recorded = _steps(path)
    values: Values = tuple(recorded[-1]["after"]) if recorded else HARD
    started = time.perf_counter()
    running: dict[Future[float], tuple[int, Values, tuple[int, ...], str]] = {}
    step = len(recorded)
    with ProcessPoolExecutor(options.jobs) as pool:
        while step < options.steps or running:
            while step < options.steps and len(running) < options.jobs:
                signs = perturbation(random.Random(f"{options.seed}:{step}"))
                plus, minus = perturbed(values, signs)
                kind = KINDS[step % len(KINDS)]
                seed = f"tune:{options.seed}:{step}"
                job = pool.submit(play_pair, plus, minus, kind, seed, options.budget)
                running[job] = (step, values, signs, kind)
                step += 1
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for job in done:
                number, before, signs, kind = running.pop(job)
                lead = job.result()
                values = stepped(values, signs, lead, options.rate)
                record = {
                    "step": number,
                    "kind": kind,
                    "values": before,
                    "signs": signs,
                    "lead": lead,
                    "after": values,
                }
                with path.open("a") as file:
                    file.write(json.dumps(record) + "\n")
                shown = ", ".join(f"{k} {v:.3g}" for k, v in named(values).items())
                elapsed = time.perf_counter() - started
                print(f"step {number:>4} {kind:>7} lead {lead:+g}: {shown}  ({elapsed:.0f} s)")
    _report(path)


if __name__ == "__main__":
    main()
