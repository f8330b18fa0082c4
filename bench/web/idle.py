"""The CPU a process at rest uses (issue 52, point 1; not a test).

Run ``python -m bench.web.idle`` from the repository root. It measures, over stretches of ten
seconds, the CPU time (user and system) of: the real bot on the fake Discord with nothing to do
(in this process, the fake included: its computer opponent, analyst and puzzler at work in one
slot, as AI_WORKERS=1 has them), and ``python -m bot web`` over PostgreSQL (a throwaway server of
its own, as the tests start) with no page open and with
100 pages watching a game nobody moves in. It prints the median share of one core of each, and
the largest stretch. Goal: well under 5 % (the tests' bound); an idle bot used to spin 74-89 %.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from pathlib import Path

from testing.idle import AT_REST, core_shares, idle_bot, idle_web, watching
from testing.pgserver import PostgresServer, server_binaries

STRETCHES = 5
SECONDS = 10.0
PAGES = 100


def line(what: str, shares: list[float]) -> str:
    median, most = statistics.median(shares), max(shares)
    return f"{what}: {median:.2%} of a core (median of {len(shares)}), at most {most:.2%}"


async def measure(
    stretches: int, seconds: float, pages: int, postgres: PostgresServer
) -> list[str]:
    lines = []
    with tempfile.TemporaryDirectory() as folder:
        async with idle_bot(Path(folder)):
            await core_shares(1, seconds)  # settling: the start's last work
            lines.append(line("idle bot", await core_shares(stretches, seconds)))
    for watchers in (0, pages):
        with tempfile.TemporaryDirectory() as folder:
            database = await postgres.fresh_url()
            async with idle_web(Path(folder), database) as web, watching(web, watchers):
                await core_shares(1, seconds, web.pid)
                shares = await core_shares(stretches, seconds, web.pid)
                lines.append(line(f"python -m bot web, {watchers} pages watching", shares))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stretches", type=int, default=STRETCHES)
    parser.add_argument("--seconds", type=float, default=SECONDS)
    parser.add_argument("--pages", type=int, default=PAGES)
    arguments = parser.parse_args(argv)
    binaries = server_binaries()
    if binaries is None:
        print("no PostgreSQL server binaries (initdb, pg_ctl, postgres) on this machine")
        return 1
    postgres = PostgresServer(binaries)
    postgres.start()
    try:
        lines = asyncio.run(
            measure(arguments.stretches, arguments.seconds, arguments.pages, postgres)
        )
    finally:
        postgres.stop()
    for text in lines:
        print(text)
    print(f"(the tests fail a process at rest over {AT_REST:.0%} of a core)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
