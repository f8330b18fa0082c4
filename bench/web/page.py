"""The page in headless Chromium (issue 47; not a test): how soon the first board is painted,
and what the page downloads, gzipped, the Embedded App SDK included.

Run ``python -m bench.web.page`` from the repository root. The web board runs over a service
on SQLite with a Ponte game, behind the fake `discordsays.com` proxy and inside the fake Discord
client page, as the browser tests run it; each of `RUNS` opens in a new browser context (nothing
cached): from the start of the client page's navigation to the board's SVG in the Activity's
frame (the SDK's handshake, the sign-in through the fake Discord, the live socket and the first
state included). Goals: first board <= 1 s; download <= 150 KB gzipped.
"""

from __future__ import annotations

import asyncio
import gzip
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.async_api import Response

from bot.web.limits import Limits, RateLimit
from testing.fakediscord.proxy import PREFIX, ActivityProxy
from testing.servicekit import start_game
from testing.webapi import web_api
from testing.webkit import DESKTOP, chromium

RUNS = 10
PHASES: list[dict[str, int]] = []  # each run's marks in the Activity's frame (ms from its start)
OPEN = Limits(*(RateLimit(burst=1000, rate=1000.0) for _ in range(4)))  # one user, many runs


class Downloads:
    """The Activity's own downloads in one run (not the fake client's)."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.files: dict[str, tuple[int, int]] = {}
        self.pending: list[asyncio.Future[None]] = []

    def seen(self, response: Response) -> None:
        path = response.url.removeprefix(self.origin)
        if not path.startswith(PREFIX) and response.request.method == "GET":
            self.pending.append(asyncio.ensure_future(self.keep(path, response)))

    async def keep(self, path: str, response: Response) -> None:
        body = await response.body()
        self.files[path.split("?", maxsplit=1)[0]] = (len(body), len(gzip.compress(body, 6)))


async def measure(folder: Path) -> tuple[list[float], dict[str, tuple[int, int]]]:
    """The seconds to the first board of each run, and each file the Activity downloaded
    (path: bytes, gzipped bytes) in the last."""
    async with web_api(folder / "bot.sqlite3", limits=OPEN) as api, chromium() as browser:
        await start_game(
            api.service,
            channel_id=api.channel.id,
            guild_id=api.guild.id,
            challenger=api.alice.id,
            opponent=api.bob.id,
        )
        async with ActivityProxy(api.fake, api.server.url.rstrip("/")) as proxy:
            times: list[float] = []
            files: dict[str, tuple[int, int]] = {}
            for _ in range(RUNS):
                instance = api.fake.activities.launch(api.alice, api.channel)
                context = await browser.new_context(viewport=DESKTOP)
                page = await context.new_page()
                downloads = Downloads(proxy.origin)
                page.on("response", downloads.seen)
                started = time.perf_counter()
                await page.goto(proxy.client_url(api.alice, instance.instance_id, api.channel))
                await page.frame_locator("#activity").locator("#board svg.board").wait_for()
                times.append(time.perf_counter() - started)
                marks = (
                    await page.frame_locator("#activity")
                    .locator("body")
                    .evaluate(
                        "() => Object.fromEntries(performance.getEntriesByType('mark')"
                        ".map(m => [m.name, Math.round(m.startTime)]))"
                    )
                )
                PHASES.append(marks)
                await asyncio.gather(*downloads.pending)
                files = downloads.files
                await context.close()
            return times, files


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        times, files = asyncio.run(measure(Path(folder)))
    ms = sorted(1000 * value for value in times)
    print(
        f"first board painted, {len(ms)} cold runs: median {statistics.median(ms):.0f} ms,"
        f" max {ms[-1]:.0f} ms (goal <= 1000 ms)"
    )
    names = sorted({name for marks in PHASES for name in marks}, key=lambda n: PHASES[0].get(n, 0))
    phases = ", ".join(f"{name} {statistics.median(m[name] for m in PHASES):.0f}" for name in names)
    print(f"  in the Activity's frame, medians (ms from its navigation): {phases}")
    print("what the Activity downloads (bytes, gzipped):")
    for path, (raw, packed) in sorted(files.items(), key=lambda item: -item[1][1]):
        print(f"  {path:40} {raw:8,} {packed:8,}")
    total = sum(packed for _, packed in files.values())
    print(
        f"  {'in all':40} {sum(raw for raw, _ in files.values()):8,} {total:8,}"
        f"  (goal <= 150 KB gzipped: {total / 1024:.1f} KB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
