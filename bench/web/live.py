"""Click to every watcher updated, with 200 watchers on loopback (issue 47; not a test).

Run ``python -m bench.web.live`` from the repository root. The web board runs in this process
over a service on SQLite (as `python -m bot web` does, without Discord), with the fake Discord for
the players' names. 200 pages watch the channel's game over the live socket from another process
(`bench.web.watchers`, each page with a session of its own, signed as the board signs them); a
player sends moves through the API, and for each move the time from sending it to the moment the
last of the 200 watchers has the new state is taken. Goal: median <= 50 ms, p99 <= 150 ms.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bot.web.limits import Limits, RateLimit
from bot.web.sessions import Sessions
from testing.servicekit import random_move, start_game
from testing.webapi import web_api

WATCHERS = 200
MOVES = 60
OPEN = Limits(*(RateLimit(burst=100_000, rate=100_000.0) for _ in range(4)))


async def measure(folder: Path) -> tuple[list[float], list[float]]:
    """Each move's time to the last watcher, and to its own answer (seconds)."""
    async with web_api(folder / "bot.sqlite3", limits=OPEN) as api:
        accepted = await start_game(
            api.service,
            channel_id=api.channel.id,
            guild_id=api.guild.id,
            challenger=api.alice.id,
            opponent=api.bob.id,
        )
        game = accepted.view.id
        sessions = Sessions(api.fake.world.activities.client_secret)
        tokens = [
            sessions.issue(10_000 + n, api.channel.id, api.guild.id, "bench", "en")[0]
            for n in range(WATCHERS)
        ]
        url = api.server.url.replace("http", "ws", 1) + "api/live"
        pages = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bench.web.watchers",
            url,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        assert pages.stdin is not None and pages.stdout is not None
        pages.stdin.write("\n".join(tokens).encode() + b"\n")
        pages.stdin.close()
        assert (await asyncio.wait_for(pages.stdout.readline(), 120)).strip() == b"ready"
        players = {user.id: await api.sign_in(user) for user in (api.alice, api.bob)}
        latencies, answers = [], []
        rng = random.Random(47)
        for revision in range(MOVES):
            view = await api.service.queries.game(game)
            body = {"game": str(game), "revision": revision, "move": random_move(view, rng)}
            sent = time.perf_counter()
            status, answer = await api.post("api/move", body, players[view.to_move_id or 0])
            answers.append(time.perf_counter() - sent)
            assert status == 200, answer
            line = (await asyncio.wait_for(pages.stdout.readline(), 30)).split()
            assert int(line[0]) == revision + 1
            latencies.append(float(line[1]) - sent)
        pages.kill()
        await pages.wait()
        return latencies, answers


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        latencies, answers = asyncio.run(measure(Path(folder)))
    ms = [1000 * value for value in latencies]
    print(f"{WATCHERS} watchers, {len(ms)} moves: click to every watcher updated")
    print(
        f"median {statistics.median(ms):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms,"
        f" max {max(ms):.1f} ms (goal: median <= 50 ms, p99 <= 150 ms)"
    )
    print(f"the mover's own answer: median {1000 * statistics.median(answers):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
