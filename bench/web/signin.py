"""A whole channel signs in to the board at once through one address (issue 52; not a test).

Run ``python -m bench.web.signin`` from the repository root (``--url postgresql://...`` for a
PostgreSQL database of its own, empty; default: a new SQLite file). The web board runs in this
process over a service without Discord (as `python -m bot web` does), with its default limits and
the fake Discord answering the code exchange, the user and the instance. `PEOPLE` users of one
channel open the Activity and sign in at the same moment from 127.0.0.1, as they would behind a
tunnel or a reverse proxy: how many are let in, and each sign-in's time from the request to the
session (the fake Discord answers on loopback: the real one adds its own round trips).
Goal: every one let in.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from testing.fakediscord import FakeUser
from testing.webapi import WebApi, web_api

PEOPLE = 200


async def sign_in(api: WebApi, user: FakeUser) -> tuple[int, float]:
    """`user` opens the Activity and asks for a session: the status and the seconds it took."""
    instance = api.fake.activities.launch(user, api.channel)
    code = api.fake.activities.mint_code(user)
    started = time.perf_counter()
    status, _ = await api.post("api/session", {"code": code, "instance_id": instance.instance_id})
    return status, time.perf_counter() - started


async def measure(database: str | Path, people: int) -> list[tuple[int, float]]:
    """Each sign-in's status and time, `people` of one channel at once."""
    async with web_api(database) as api:
        users = [api.fake.add_user(f"player{number}") for number in range(people)]
        return await asyncio.gather(*(sign_in(api, user) for user in users))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="an empty PostgreSQL database (default: SQLite)")
    parser.add_argument("--people", type=int, default=PEOPLE)
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        database = options.url or Path(folder) / "bot.sqlite3"
        started = time.perf_counter()
        results = asyncio.run(measure(database, options.people))
        took = time.perf_counter() - started
    let_in = [seconds for status, seconds in results if status == 200]
    refused = sorted({status for status, _ in results if status != 200})
    ms = [1000 * seconds for seconds in let_in] or [0.0]
    print(f"{options.people} people of one channel sign in at once through one address")
    print(f"let in: {len(let_in)} of {options.people}" + (f" (refused: {refused})" * bool(refused)))
    print(
        f"sign-in: median {statistics.median(ms):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms,"
        f" max {max(ms):.1f} ms; all {took:.1f} s with the setup (goal: every one let in)"
    )
    return 0 if len(let_in) == options.people else 1


if __name__ == "__main__":
    sys.exit(main())
