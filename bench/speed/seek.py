"""Pairing in the pool across servers (issue 53, step 5; not a test): 10,000 seekers with
ratings in the everywhere pool and a mix of settings enter the pool through the service, on
SQLite and on PostgreSQL. Prints, as medians of `--runs` runs on a fresh database each:

- the seekers arriving at once, each its own task as Discord's interactions are, in a process
  whose garbage collector is set as the bot's (`bot.runtime.collector.settle`): pairings per
  second through the service (arrivals pair in batches, one transaction each, games started by
  one statement; `bot.service.seeks.Pairings`). The goal: 5,000 pairings per second or more.
  Beside it, per second of the CPU time the bot's process spent (on a machine shared with other
  work, the wall time counts the others' turns too; PostgreSQL's own work is not the bot's);
- a few hundred arriving one after the other (a batch of one each: the time one seeker waits
  for their answer when alone);
- the choice of a partner alone, in memory (`bot.service.pairing.Pool`), among a pool where
  every seeker is compatible with the newcomer.

Run ``python -m bench.speed.seek`` from the repository root (``--seekers`` for fewer,
``--postgres URL`` for a server of your own; without one it starts a throwaway one).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.speed.scale import postgres_url
from bot.runtime.collector import settle
from bot.service import GameService
from bot.service.pairing import Pool, Seeker
from bot.service.rating_model import SCALE
from bot.service.seeks import EVERYWHERE, Paired
from bot.store import RatingRow, open_database, ratings

SEEKERS = 10_000
ALONE = 300
"""Seekers entering one after the other, for the time one waits alone."""
TIMES = (86_400, 2 * 86_400, 3 * 86_400, None)
"""The times per move seekers ask for (None: any), so not every two seekers are compatible."""
CHOICES = 20_000
"""Partner choices timed against a full pool."""
RUNS = 3


async def rate_everyone(service: GameService, users: range, rng: random.Random) -> None:
    """Give every seeker a rating in the everywhere pool, spread as a real pool's would be."""
    async with service.connection.transaction() as db:
        for user in users:
            shown = rng.gauss(1500, 300)
            row = RatingRow(EVERYWHERE, "ponte", user, shown, 2.0 * SCALE, 10, 5, 5, 0, 0)
            await ratings.save_rating(db, row)


async def at_once(
    service: GameService, users: range, rng: random.Random
) -> tuple[int, float, float]:
    """Every seeker enters the pool at once; the games started, the seconds it took and the
    seconds of CPU the bot's process spent (its threads too: SQLite's)."""
    times = {user: rng.choice(TIMES) for user in users}
    start, cpu = time.perf_counter(), time.process_time()
    made = await asyncio.gather(
        *(
            service.seeks.seek(
                user_id=user, game_kind="ponte", dm_channel_id=user, move_seconds=times[user]
            )
            for user in users
        )
    )
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return len({m.started.view.id for m in made if isinstance(m, Paired)}), seconds, cpu


async def one_by_one(service: GameService, users: range, rng: random.Random) -> list[float]:
    """Seekers enter one after the other (none rated: a newcomer's rating); each one's time
    to their answer."""
    waits = []
    for user in users:
        start = time.perf_counter()
        await service.seeks.seek(
            user_id=user, game_kind="verbindung", dm_channel_id=user, move_seconds=rng.choice(TIMES)
        )
        waits.append(time.perf_counter() - start)
    return waits


async def measure(
    where: Callable[[int], str], seekers: int, runs: int, settled: bool = True
) -> tuple[float, float, float]:
    """The median pairings per second at once (of wall time, and of the bot's CPU time), and
    the median wait of one alone (ms)."""
    rates, per_cpu, waits = [], [], []
    for run in range(runs):
        rng = random.Random(53 + run)
        service = GameService(await open_database(where(run)))
        try:  # other players each run: a database given may be used again
            users = range(1 + 2 * run * seekers, 1 + (2 * run + 1) * seekers)
            await rate_everyone(service, users, rng)
            if settled:
                settle()  # as the bot's process does once it has started
            pairings, seconds, cpu = await at_once(service, users, rng)
            rates.append(pairings / seconds)
            per_cpu.append(pairings / cpu)
            waits.extend(await one_by_one(service, range(users.stop, users.stop + ALONE), rng))
        finally:
            await service.connection.close()
    return statistics.median(rates), statistics.median(per_cpu), statistics.median(waits) * 1e3


def choose_partners(rng: random.Random, waiting: int) -> float:
    """Partner choices per second among `waiting` compatible seekers (each choice put back)."""
    pool = Pool(set())
    for user in range(waiting):
        pool.add(Seeker(user, "ponte", None, 86_400, False, rng.gauss(1500, 300), (0, user), user))
    start = time.perf_counter()
    for number in range(CHOICES):
        newcomer = Seeker(
            -1 - number, "ponte", None, None, False, rng.gauss(1500, 300), (1, number), None
        )
        chosen = pool.take_partner(newcomer)
        assert chosen is not None
        pool.add(chosen)
    return CHOICES / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.speed.seek", description=__doc__)
    parser.add_argument("--seekers", type=int, default=SEEKERS)
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--postgres", help="a postgresql:// URL (default: a server of its own)")
    parser.add_argument(
        "--default-collector",
        action="store_true",
        help="leave Python's garbage collector as it starts (the bot's process settles it)",
    )
    args = parser.parse_args()
    print(f"{args.seekers:,} seekers arriving at once; medians of {args.runs} runs")
    with tempfile.TemporaryDirectory() as folder:
        sqlite = lambda run: str(Path(folder) / f"bench{run}.sqlite3")  # noqa: E731
        settled = not args.default_collector
        report("SQLite", *asyncio.run(measure(sqlite, args.seekers, args.runs, settled)))
    url, server = postgres_url(args.postgres)
    try:
        fresh = asyncio.run(fresh_urls(server, url, args.runs))
        postgres = measure(fresh.__getitem__, args.seekers, args.runs, settled)
        report("PostgreSQL", *asyncio.run(postgres))
    finally:
        if server is not None:
            server.stop()  # type: ignore[attr-defined]
    rate = choose_partners(random.Random(53), args.seekers)
    print(f"the choice alone, among {args.seekers:,} waiting, every one compatible: {rate:,.0f}/s")


async def fresh_urls(server: object | None, url: str, runs: int) -> list[str]:
    """A fresh database per run on our own server (the one given is used as it is)."""
    if server is None:
        return [url] * runs
    return [await server.fresh_url() for _ in range(runs)]  # type: ignore[attr-defined]


def report(label: str, rate: float, per_cpu: float, alone_ms: float) -> None:
    print(
        f"  {label:<11} {rate:7,.0f} pairings/s at once ({per_cpu:,.0f} per CPU second of the"
        f" bot)   one alone: {alone_ms:.1f} ms median"
    )


if __name__ == "__main__":
    main()
