"""Strength and speed of the computer players against the targets of issue 17 (not a test).

Run ``python -m bench.strength.ai`` from the repository root. Every pairing plays ``--games`` games
(default 100), half with the hard player moving first; the two games of a pair share their seed, so
they see the same dice. Each turn may think for ``--budget`` seconds (default 2, the bot's default;
``mcts@8`` is the plain search with 8 seconds). The pie rule is on: every player may swap. It prints
each win rate with its 95% Wilson interval, the median and longest thinking time of the hard player,
and how fast the bot answers another player while it thinks (`ai_latency`). A pairing's target is
judged only for a run its rule judges (`testing.strength.pairings.RULE`: at least 100 games, half
with hard first, at the default budget); a shorter run, a run cut short or another budget is
measured, and the line says why it is not judged. A verdict is on this run's games alone: a run
cut short and gone on with ``--first`` is judged on all its games, which no single line counts.

The yardstick is `mcts`, the plain UCT search of boardspace.net's robots (`testing.strength.mcts`);
`hard0` is the hard level as it was before its search, `hard0v` Verbindung's hard before issue 29
gave it its deeper look while time remains and its eye for the ease of the dice. ``--only
ponte:mcts,verbindung:mcts`` runs some pairings (in the order given), ``--first N`` goes on from
game N after a run cut short, ``--record FILE`` appends every game to a JSON-lines file that
``python -m bench.strength.ladder`` can rate, and ``--jobs`` runs games in parallel processes.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import Future, ProcessPoolExecutor

from bot.settings import AI_THINK_SECONDS
from testing.strength.pairings import Pairing, Tally, names_of, summary, write_record
from testing.strength.players import Played, play_game
from testing.strength.ratings import wilson

PAIRINGS = (
    Pairing("ponte", "mcts", 0.75),
    Pairing("verbindung", "mcts", 0.65),
    Pairing("classic", "mcts", 0.75),
    Pairing("ponte", "random", 0.95),
    Pairing("ponte", "greedy", 0.95),
    Pairing("verbindung", "random", 0.80),
    Pairing("ponte", "mcts@8", 0.55),
    Pairing("verbindung", "hard0v", 0.60),
    Pairing("ponte", "hard0", None),
    Pairing("ponte", "normal", None),
    Pairing("verbindung", "normal", None),
)
"""Every pairing, the most important first (issue 17): partial runs are useful."""


def _play(pairing: Pairing, number: int, budget: float) -> tuple[int, Played]:
    """Game `number` of `pairing`; returns which side (0, 1) the hard player had, and the game."""
    seed = f"{pairing.kind}:{pairing.opponent}:{number // 2}"
    return number % 2, play_game(pairing.kind, names_of(pairing, number), seed, budget)


def run_pairing(
    pool: ProcessPoolExecutor,
    pairing: Pairing,
    games: int,
    budget: float,
    record: str | None,
    *,
    first: int = 0,
) -> str:
    """Play games `first`.. `first + games - 1` of `pairing`, printing a line per game, and
    describe the result (a run cut short goes on from the next game with `first`)."""
    started = time.perf_counter()
    numbers = range(first, first + games)
    jobs: list[Future[tuple[int, Played]]] = [
        pool.submit(_play, pairing, number, budget) for number in numbers
    ]
    tally = Tally()
    for number, job in zip(numbers, jobs, strict=True):
        hard, played = job.result()
        tally.count(hard, played)
        if record:
            write_record(record, pairing, number, budget, played)
        low, high = wilson(tally.wins, tally.games)
        print(
            f"    game {number + 1:>3}: hard {'first' if hard == 0 else 'second'}, "
            f"{_result(played, hard)}; {tally.wins:g}/{tally.games} "
            f"({low:.0%}..{high:.0%})",
            flush=True,
        )
    return summary(pairing, tally, budget, time.perf_counter() - started)


def _result(played: Played, hard: int) -> str:
    if played.winner is None:
        return "drawn"
    return "won" if played.winner == hard else "lost"


def _latency_line(samples: int) -> str:
    from bench.speed.ai_latency import measure

    seconds, overlapped = measure(samples)
    median, longest = statistics.median(seconds), max(seconds)
    verdict = "ok" if longest < 0.2 else "OVER TARGET"
    return (
        f"  another player's command while the computer thinks: median {median * 1e3:.0f} ms, "
        f"longest {longest * 1e3:.0f} ms over {len(seconds)} commands ({overlapped} with the "
        f"search running from start to end)   target 200 ms   {verdict}"
    )


def _selected(only: str | None) -> list[Pairing]:
    if not only:
        return list(PAIRINGS)
    by_key = {pairing.key: pairing for pairing in PAIRINGS}
    chosen = []
    for key in only.split(","):
        kind, _, opponent = key.partition(":")
        chosen.append(by_key.get(key, Pairing(kind, opponent, None)))
    return chosen


def main() -> None:
    """Parse the options, run the pairings and the latency measurement, print the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing (even)")
    parser.add_argument("--first", type=int, default=0, help="number of the first game (even)")
    parser.add_argument(
        "--budget", type=float, default=AI_THINK_SECONDS, help="thinking seconds per turn"
    )
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--only", help="comma-separated pairings, e.g. ponte:mcts,classic:mcts")
    parser.add_argument("--record", help="append every game to this JSON-lines file")
    parser.add_argument("--latency-samples", type=int, default=20, help="0 skips the latency")
    options = parser.parse_args()
    print(f"Computer players ({options.games} games per pairing, {options.jobs} processes)")
    with ProcessPoolExecutor(options.jobs) as pool:
        for pairing in _selected(options.only):
            print(f"{pairing.key}:", flush=True)
            line = run_pairing(
                pool, pairing, options.games, options.budget, options.record, first=options.first
            )
            print(line, flush=True)
    if options.latency_samples:
        print(_latency_line(options.latency_samples))


if __name__ == "__main__":
    main()
