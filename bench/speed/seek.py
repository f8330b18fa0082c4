"""Pairing in the pool across servers (issue 53, step 5; not a test): 10,000 seekers entering
the pool one after the other through the service on SQLite, with ratings in the everywhere pool
and a mix of settings, so that each pairing chooses among a pool of waiting seekers. Prints the
pairings per second through the service (each one transaction that stores nothing but the game
it starts) and, apart, the choice of a partner alone (the store's query over a full pool) per
second. The goal: 5,000 pairings per second or more.

Run ``python -m bench.speed.seek`` from the repository root (``--seekers`` for fewer).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from bot.service import GameService
from bot.service.rating_model import SCALE
from bot.service.seeks import EVERYWHERE, Paired
from bot.store import RatingRow, open_database, ratings
from bot.store import seeks as store
from bot.store.rows import SeekRow
from bot.store.seeks import NewSeek, closer, partner_params

SEEKERS = 10_000
TIMES = (86_400, 2 * 86_400, 3 * 86_400, None)
"""The times per move seekers ask for (None: any), so not every two seekers are compatible."""
CHOICES = 2_000
"""Partner choices timed against a full pool."""


async def rate_everyone(service: GameService, seekers: int, rng: random.Random) -> None:
    """Give every seeker a rating in the everywhere pool, spread as a real pool's would be."""
    async with service.connection.transaction() as db:
        for user in range(1, seekers + 1):
            shown = rng.gauss(1500, 300)
            row = RatingRow(EVERYWHERE, "ponte", user, shown, 2.0 * SCALE, 10, 5, 5, 0, 0)
            await ratings.save_rating(db, row)


async def pair_everyone(
    service: GameService, seekers: int, rng: random.Random
) -> tuple[int, float]:
    """Every seeker enters the pool once; the pairings made and the seconds it took."""
    pairings = 0
    start = time.perf_counter()
    for user in range(1, seekers + 1):
        made = await service.seeks.seek(
            user_id=user, game_kind="ponte", dm_channel_id=user, move_seconds=rng.choice(TIMES)
        )
        pairings += isinstance(made, Paired)
    return pairings, time.perf_counter() - start


def as_seek(row: tuple[object, ...] | None) -> SeekRow | None:
    """A row of the plain connection as the store's `SeekRow`."""
    return None if row is None else SeekRow(*row)  # type: ignore[arg-type]


def choose_partners(path: Path, rng: random.Random) -> tuple[int, float, int]:
    """Partner choices by the store's two probes (`ABOVE_SQL`, `BELOW_SQL`) among a pool of
    compatible seekers, through a plain synchronous connection (the queries without aiosqlite's
    hop to its thread): how many, the seconds they took, and the pool's size."""
    with sqlite3.connect(path) as connection:
        waiting = connection.execute("SELECT count(*) FROM seeks").fetchone()[0]
        start = time.perf_counter()
        for number in range(CHOICES):
            seek = NewSeek(
                user_id=10**9 + number,
                game_kind="ponte",
                variant=None,
                move_seconds=rng.choice((86_400, None)),  # the pool's time, or any
                rated=False,
                rating=rng.gauss(1500, 300),
                dm_channel_id=1,
                locale=None,
                created_at=0,
                lapses_at=1,
            )
            params = partner_params(seek)
            above = connection.execute(store.ABOVE_SQL, params).fetchone()
            below = connection.execute(store.BELOW_SQL, params).fetchone()
            closer(seek.rating, as_seek(above), as_seek(below))
        return CHOICES, time.perf_counter() - start, waiting


async def run(seekers: int) -> None:
    rng = random.Random(53)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        service = GameService(await open_database(path))
        try:
            await rate_everyone(service, seekers, rng)
            pairings, seconds = await pair_everyone(service, seekers, rng)
            print(
                f"{seekers} seekers on SQLite: {pairings} pairings in {seconds:.2f} s,"
                f" {pairings / seconds:,.0f} pairings/s ({seekers / seconds:,.0f} seeks/s)"
            )
            # The worst pool to choose from: every waiting seeker compatible with the newcomer
            # (unrated, any time), so the choice orders them all by closeness.
            async with service.connection.transaction() as db:
                for user in range(seekers + 1, 2 * seekers + 1):
                    await store.insert_seek(
                        db,
                        NewSeek(
                            user,
                            "ponte",
                            None,
                            86_400,
                            False,
                            rng.gauss(1500, 300),
                            user,
                            None,
                            0,
                            2**40,
                        ),
                    )
            choices, seconds, waiting = choose_partners(path, rng)
            print(
                f"the choice alone, among {waiting} waiting, every one compatible:"
                f" {choices / seconds:,.0f} choices/s"
            )
        finally:
            await service.connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.speed.seek", description=__doc__)
    parser.add_argument("--seekers", type=int, default=SEEKERS)
    asyncio.run(run(parser.parse_args().seekers))


if __name__ == "__main__":
    main()
