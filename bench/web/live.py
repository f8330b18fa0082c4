"""Click to every watcher updated, with 200 watchers on loopback (issues 47 and 52; not a test).

Run ``python -m bench.web.live`` from the repository root (``--watchers``, ``--moves`` and
``--offers`` for a shorter run). The web board runs in this process over a service on SQLite (as
`python -m bot web` does, without Discord), with the fake Discord for the players' names. 200
pages watch the channel's game over the live socket from another process (`bench.web.watchers`,
each page with a session of its own, signed as the board signs them); a player sends moves
through the API, and for each move the time from sending it to the moment the last of the 200
watchers has the new state is taken. Then draw offers are made and declined as `/draw` and the
Decline button make them (through the service, not the board): the time from each to the last
watcher showing it. Goal: median <= 50 ms, p99 <= 150 ms.
"""

from __future__ import annotations

import argparse
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
OFFERS = 20
OPEN = Limits(*(RateLimit(burst=100_000, rate=100_000.0) for _ in range(4)))


async def measure(
    folder: Path, watchers: int = WATCHERS, moves: int = MOVES, offers: int = OFFERS
) -> tuple[list[float], list[float], list[float]]:
    """Each move's time to the last watcher, and to its own answer; each offer's and each
    decline's time to the last watcher (seconds)."""
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
            for n in range(watchers)
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
        for revision in range(moves):
            view = await api.service.queries.game(game)
            body = {"game": str(game), "revision": revision, "move": random_move(view, rng)}
            sent = time.perf_counter()
            status, answer = await api.post("api/move", body, players[view.to_move_id or 0])
            answers.append(time.perf_counter() - sent)
            assert status == 200, answer
            line = (await asyncio.wait_for(pages.stdout.readline(), 30)).split()
            assert int(line[0]) == revision + 1
            latencies.append(float(line[1]) - sent)
        offered = []
        view = await api.service.queries.game(game)
        mover, other = view.to_move_id or 0, view.opponent_of(view.to_move_id or 0)
        for number in range(2 * offers):
            sent = time.perf_counter()
            if number % 2 == 0:
                await api.service.moves.offer_draw(api.channel.id, mover)
            else:
                await api.service.moves.decline_draw(api.channel.id, other)
            line = (await asyncio.wait_for(pages.stdout.readline(), 30)).split()
            assert int(line[0]) == moves + number + 1
            offered.append(float(line[1]) - sent)
        pages.kill()
        await pages.wait()
        return latencies, answers, offered


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", type=int, default=WATCHERS)
    parser.add_argument("--moves", type=int, default=MOVES)
    parser.add_argument("--offers", type=int, default=OFFERS)
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        latencies, answers, offered = asyncio.run(
            measure(Path(folder), options.watchers, options.moves, options.offers)
        )
    ms = [1000 * value for value in latencies]
    print(f"{options.watchers} watchers, {len(ms)} moves: click to every watcher updated")
    print(
        f"median {statistics.median(ms):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms,"
        f" max {max(ms):.1f} ms (goal: median <= 50 ms, p99 <= 150 ms)"
    )
    print(f"the mover's own answer: median {1000 * statistics.median(answers):.1f} ms")
    if offered:
        ms = [1000 * value for value in offered]
        print(
            f"{len(ms)} draw offers and declines as /draw and its button make them, to every"
            f" watcher: median {statistics.median(ms):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
