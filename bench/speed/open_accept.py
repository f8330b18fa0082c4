"""Twenty members pressing Accept on one open challenge at the same moment, a hundred times
(issue 53; not a test): through the service, on SQLite and on PostgreSQL, two processes' worth
of services on one database, each press its own call. Prints how many games each challenge
started (the goal: exactly one, never more) and the median and p99 time to a press's answer
(the taker's game, or the others' "X took this challenge").

Run ``python -m bench.speed.open_accept`` from the repository root (``--rounds`` for fewer;
without ``--postgres URL`` it starts a throwaway PostgreSQL server, as `bench.speed.scale` does).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench.speed.scale import postgres_url
from bench.speed.service import p99
from bot.service import GameService
from bot.service.errors import ChallengeTakenError
from bot.store import games, open_database

GUILD = 7000
TAKERS = 20
"""Members pressing Accept at the same moment."""
ROUNDS = 100
"""Open challenges, each pressed by all of them at once."""
CHALLENGERS = 50
"""Challengers taking turns (a player may have only a few challenges pending)."""
SERVICES = 2
"""Services over one database, as two processes of one shard would have."""


async def one_round(services: list[GameService], number: int, times: list[float]) -> int:
    """One open challenge pressed by every taker at once; the number of games it started."""
    challenger = 1 + number % CHALLENGERS
    made = await services[0].open_challenges.challenge_anyone(
        game_kind="ponte", guild_id=GUILD, channel_id=10_000 + number, challenger_id=challenger
    )

    async def press(taker: int) -> bool:
        start = time.perf_counter()
        service = services[taker % len(services)]
        try:
            await service.challenges.accept(made.id, taker)
            return True
        except ChallengeTakenError:
            return False
        finally:
            times.append(time.perf_counter() - start)

    started = await asyncio.gather(*(press(1000 + t) for t in range(TAKERS)))
    async with services[0].connection.read() as db:
        stored = await games.active_game_in(db, 10_000 + number)
    assert (stored is not None) == any(started)
    return sum(started)


async def measure(where: str, rounds: int) -> tuple[Counter[int], list[float]]:
    connections = [await open_database(where) for _ in range(SERVICES)]
    services = [GameService(c) for c in connections]
    counts: Counter[int] = Counter()
    times: list[float] = []
    try:
        for number in range(rounds):
            counts[await one_round(services, number, times)] += 1
    finally:
        for connection in connections:
            await connection.close()
    return counts, times


def report(label: str, counts: Counter[int], times: list[float]) -> None:
    games_each = ", ".join(f"{n} game(s): {c} challenge(s)" for n, c in sorted(counts.items()))
    median, worst = statistics.median(times) * 1e3, p99(times) * 1e3
    verdict = "never more than one" if max(counts) <= 1 else "MORE THAN ONE GAME"
    print(f"  {label:<11} {games_each}  ({verdict})")
    print(f"  {'':<11} answer to a press: median {median:.1f} ms, p99 {worst:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.speed.open_accept", description=__doc__)
    parser.add_argument("--postgres", help="a postgresql:// URL (default: a server of its own)")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="open challenges pressed")
    args = parser.parse_args()
    print(f"{TAKERS} members pressing Accept at once on each of {args.rounds} open challenges")
    with tempfile.TemporaryDirectory() as folder:
        sqlite = str(Path(folder) / "bench.sqlite3")
        report("SQLite", *asyncio.run(measure(sqlite, args.rounds)))
    url, server = postgres_url(args.postgres)
    try:
        report("PostgreSQL", *asyncio.run(measure(url, args.rounds)))
    finally:
        if server is not None:
            server.stop()  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
