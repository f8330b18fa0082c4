"""How long the analysis of a finished game takes with one worker (issue 29; not a test).

Run ``python -m bench.speed.analysis`` from the repository root. It reviews every turn of a
recorded 12x12 Ponte game of about 70 turns (from ``bench/records/calibration-ponte.jsonl``,
games between the computer's levels) and of a Verbindung gesucht game, one turn after another,
each in a fresh worker process as the bot runs it (`processes.run_in_process` with
`review.review_turn` and `review.REVIEW_SECONDS`), and prints the total and the median and
longest turn, process start included. The target is 60 s for the 70-turn Ponte game.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from pathlib import Path

from bot.computer.processes import run_in_process
from bot.computer.review import REVIEW_SECONDS, TurnReview, review_turn
from bot.games import GAMES

TARGET = 60.0
"""Seconds for a 70-turn 12x12 Ponte game with one worker (issue 29)."""

TURNS = 70

RECORDS = Path(__file__).resolve().parent.parent / "records"
"""The calibration games (`bench.strength.calibration_games`, not imported: every worker process
imports this main module again, and the players it imports would count against each turn)."""


def recorded_game(kind: str, turns: int) -> tuple[str, int]:
    """The store's JSON record of the recorded game of `kind` whose number of turns is the
    closest to `turns`, and that number."""
    best: tuple[int, str, int] | None = None
    for line in (RECORDS / f"calibration-{kind}.jsonl").read_text().splitlines():
        entry = json.loads(line)
        game = GAMES.kind(kind).game.from_moves(None, entry["moves"])
        count = len(game.turn_plies()) - 1
        if best is None or abs(count - turns) < best[0]:
            best = (abs(count - turns), game.record().to_json(), count)
    assert best is not None, f"no recorded {kind} games"
    return best[1], best[2]


async def review_game(kind: str, record: str, count: int, seconds: float) -> list[float]:
    """Review every turn in a fresh process each; the wall time of each turn."""
    times = []
    for turn in range(1, count + 1):
        started = time.perf_counter()
        review: TurnReview = await run_in_process(
            review_turn,
            GAMES.kind(kind),
            record,
            turn,
            f"bench:{turn}",
            seconds,
            timeout=seconds + 30,
        )
        times.append(time.perf_counter() - started)
        assert review.turn == turn
    return times


async def process_starts(count: int) -> list[float]:
    """The wall time of `count` trivial jobs: what a fresh process costs each turn."""
    times = []
    for _ in range(count):
        started = time.perf_counter()
        await run_in_process(len, "", timeout=30)
        times.append(time.perf_counter() - started)
    return times


def report(label: str, times: list[float], target: float | None) -> None:
    total = sum(times)
    verdict = (
        ""
        if target is None
        else f"  (target {target:.0f} s: {'ok' if total <= target else 'OVER'})"
    )
    print(
        f"{label}: {len(times)} turns in {total:.1f} s, per turn median "
        f"{statistics.median(times):.2f} s, longest {max(times):.2f} s{verdict}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=REVIEW_SECONDS)
    parser.add_argument("--kinds", default="ponte,verbindung")
    args = parser.parse_args()
    print(f"budget per turn: {args.seconds} s (REVIEW_SECONDS = {REVIEW_SECONDS})")
    starts = asyncio.run(process_starts(10))
    print(f"a fresh process alone: median {statistics.median(starts):.3f} s")
    for kind in args.kinds.split(","):
        record, count = recorded_game(kind, TURNS)
        times = asyncio.run(review_game(kind, record, count, args.seconds))
        report(
            f"{kind} ({count} turns)", times, TARGET * count / TURNS if kind == "ponte" else None
        )


if __name__ == "__main__":
    main()
