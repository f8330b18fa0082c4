"""The shared rate limits' SQL on both backends (issue 52, point 2): a bucket lets its burst in,
then one request per interval; a refusal says how long to wait and changes nothing; processes
taking from one bucket at once never take more than it holds; full buckets are forgotten."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.store import Database, limits, open_database

INTERVAL = 1000  # ms: one request a second
BURST = 3


async def test_a_bucket_lets_its_burst_in_then_one_request_per_interval(
    database_at: str | Path,
) -> None:
    async with open_database(database_at) as database, database.transaction() as db:
        now = 1_000_000
        waits = [await limits.take(db, "sign-in:1", now, INTERVAL, BURST) for _ in range(BURST)]
        assert waits == [0] * BURST
        refused = await limits.take(db, "sign-in:1", now, INTERVAL, BURST)
        assert refused == INTERVAL  # the first of the burst comes back after one interval
        assert await limits.take(db, "sign-in:1", now + 400, INTERVAL, BURST) == INTERVAL - 400
        assert await limits.take(db, "sign-in:2", now, INTERVAL, BURST) == 0  # another key
        assert await limits.take(db, "sign-in:1", now + INTERVAL, INTERVAL, BURST) == 0
        assert await limits.take(db, "sign-in:1", now + INTERVAL, INTERVAL, BURST) > 0
        later = now + 10 * INTERVAL  # a bucket left alone fills again, up to its burst
        assert [await limits.take(db, "sign-in:1", later, INTERVAL, BURST) for _ in range(4)][
            -1
        ] > 0


async def test_full_buckets_are_forgotten_and_the_others_kept(database_at: str | Path) -> None:
    async with open_database(database_at) as database, database.transaction() as db:
        now = 5_000_000
        await limits.take(db, "a", now, INTERVAL, BURST)
        for _ in range(BURST):
            await limits.take(db, "b", now, INTERVAL, BURST)
        assert await limits.forget(db, now + INTERVAL) == 1  # a is full again, b is not
        assert await limits.take(db, "b", now + INTERVAL, INTERVAL, BURST) == 0
        assert await limits.take(db, "b", now + INTERVAL, INTERVAL, BURST) > 0


async def test_processes_taking_at_once_take_no_more_than_the_burst(
    database_at: str | Path,
) -> None:
    async with (
        open_database(database_at) as first,
        open_database(database_at) as second,
    ):

        async def take(database: Database) -> int:
            async with database.transaction() as db:
                return await limits.take(db, "move:7", 9_000_000, INTERVAL, BURST)

        waits = await asyncio.gather(*(take(d) for _ in range(6) for d in (first, second)))
    assert sorted(waits).count(0) == BURST
