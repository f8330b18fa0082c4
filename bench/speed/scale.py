"""Moves per second through the service with 10,000 stored games (issue 16; not a test): SQLite in
one process, then PostgreSQL with 1, 2 and 4 processes playing at once, each its own games, with
the median and p99 latency of a move in each, all in one run.

Run ``python -m bench.speed.scale`` from the repository root. Without ``--postgres URL`` it starts a
throwaway PostgreSQL server of its own from the machine's binaries (as the tests do, see
`testing.pgserver`). The goal on a 2-core machine where the server shares the cores:
with PostgreSQL, 2 processes carry at least 1.5 times the moves per second of one, and a move's
median latency stays within 5 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.speed.service import FIRST_CHANNEL, STORED_GAMES, fill, p99, planned_moves
from bot.service import GameService
from bot.store import games, open_database

CHANNELS_EACH = 60
"""Games each process plays in (none shared with another process)."""
MOVES_EACH = 10
"""Moves planned in each of them."""
CONCURRENCY = 1
"""Games a process plays at the same moment, by default one: a steady stream of moves, each
answered before the next (``--concurrency`` for more, as a busy bot serves several at once)."""
PROCESS_COUNTS = (1, 2, 4)


@dataclass(frozen=True)
class Run:
    """One configuration's figures."""

    label: str
    moves: int
    seconds: float
    latencies: list[float]

    @property
    def rate(self) -> float:
        return self.moves / self.seconds


async def plans(where: str, channels: range) -> list[tuple[int, list[str]]]:
    """The next moves of each game (with the dice the service will draw), worked out before
    the clock starts: choosing a move is the player's part, not the service's."""
    database = await open_database(where)
    try:
        service = GameService(database)
        planned = []
        for channel in channels:
            view = await service.queries.game_in(channel)
            async with database.read() as db:
                row = await games.get_game(db, view.id)
            assert row is not None
            planned.append((channel, planned_moves(view.game, view.kind, row.seed, MOVES_EACH)))
        return planned
    finally:
        await database.close()


async def play(where: str, planned: list[tuple[int, list[str]]], concurrency: int) -> list[float]:
    """Submit every planned move, `concurrency` games at a time; each move's latency."""
    database = await open_database(where)
    service = GameService(database)
    latencies: list[float] = []
    queue: asyncio.Queue[tuple[int, list[str]]] = asyncio.Queue()
    for item in planned:
        queue.put_nowait(item)

    async def player() -> None:
        while not queue.empty():
            channel, moves = queue.get_nowait()
            for text in moves:
                view = await service.queries.game_in(channel)
                start = time.perf_counter()
                await service.moves.play(channel, view.to_move_id or 0, text, view.revision)
                latencies.append(time.perf_counter() - start)

    try:
        await asyncio.gather(*(player() for _ in range(concurrency)))
    finally:
        await database.close()
    return latencies


def process_main(where: str, first: int, concurrency: int, start: object, out: object) -> None:
    """One playing process: plan, wait for every process to be ready, play, report."""
    planned = asyncio.run(plans(where, range(first, first + CHANNELS_EACH)))
    start.wait()  # type: ignore[attr-defined]  # a multiprocessing.Barrier
    began = time.perf_counter()
    latencies = asyncio.run(play(where, planned, concurrency))
    out.put((latencies, began, time.perf_counter()))  # type: ignore[attr-defined]


def measure(where: str, processes: int, first: int, label: str, concurrency: int) -> Run:
    """`processes` processes playing at once, each `CHANNELS_EACH` games of their own."""
    context = multiprocessing.get_context("spawn")
    start, out = context.Barrier(processes), context.Queue()
    workers = [
        context.Process(
            target=process_main,
            args=(where, first + n * CHANNELS_EACH, concurrency, start, out),
        )
        for n in range(processes)
    ]
    for worker in workers:
        worker.start()
    results = [out.get() for _ in workers]
    for worker in workers:
        worker.join()
    latencies = [latency for result in results for latency in result[0]]
    seconds = max(result[2] for result in results) - min(result[1] for result in results)
    return Run(label, len(latencies), seconds, latencies)


async def filled(where: str | Path) -> None:
    database = await open_database(where)
    try:
        await fill(database)
    finally:
        await database.close()


def postgres_url(given: str | None) -> tuple[str, object | None]:
    """The server to measure: the one given, or a throwaway one of the bench's own."""
    if given:
        return given, None
    from testing.pgserver import PostgresServer, server_binaries

    binaries = server_binaries()
    if binaries is None:
        raise SystemExit("no PostgreSQL server binaries here: pass --postgres URL")
    server = PostgresServer(binaries)
    server.start()
    return server.url(), server


def report(runs: list[Run], concurrency: int) -> None:
    print(
        f"moves through the service with {STORED_GAMES:,} stored games per database,"
        f" {concurrency} game(s) at a time in each process"
    )
    for run in runs:
        median, worst = statistics.median(run.latencies) * 1e3, p99(run.latencies) * 1e3
        print(
            f"  {run.label:<26} {run.rate:7,.0f} moves/s   median {median:6.2f} ms"
            f"   p99 {worst:6.2f} ms   ({run.moves} moves in {run.seconds:.2f} s)"
        )
    one = next(run for run in runs if run.label == "PostgreSQL, 1 process")
    two = next(run for run in runs if run.label == "PostgreSQL, 2 processes")
    print(f"  2 processes / 1 process on PostgreSQL: {two.rate / one.rate:.2f}x (goal >= 1.5x)")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.speed.scale", description=__doc__)
    parser.add_argument("--postgres", help="a postgresql:// URL (default: a server of its own)")
    parser.add_argument("--concurrency", type=int, default=CONCURRENCY, help="games at a time")
    args = parser.parse_args()
    url, server = postgres_url(args.postgres)
    runs = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            sqlite = str(Path(folder) / "bench.sqlite3")
            asyncio.run(filled(Path(sqlite)))
            asyncio.run(filled(url))
            first = FIRST_CHANNEL
            runs.append(measure(sqlite, 1, first, "SQLite, 1 process", args.concurrency))
            for count in PROCESS_COUNTS:
                label = f"PostgreSQL, {count} process{'es' if count > 1 else ''}"
                runs.append(measure(url, count, first, label, args.concurrency))
                first += count * CHANNELS_EACH  # fresh games: none is played twice
    finally:
        if server is not None:
            server.stop()  # type: ignore[attr-defined]
    report(runs, args.concurrency)


if __name__ == "__main__":
    main()
