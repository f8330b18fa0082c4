"""The 200 watchers of `bench.web.live`, in a process of their own (as pages are on other
machines): ``python -m bench.web.watchers URL COUNT`` reads one session token per line on its
standard input, opens a live socket for each, and prints ``ready`` once every one has the game,
then for each new state (a move, an offer made or answered) its number, 1 for the first after
the game, and the moment (`time.perf_counter`, the machine's monotonic clock, the same in every
process) the last of them received it. A page is sent a state once for each change."""

from __future__ import annotations

import asyncio
import sys
import time

import aiohttp


async def watch(url: str, tokens: list[str]) -> None:
    arrived: dict[int, list[float]] = {}
    count = len(tokens)
    done: set[int] = set()

    async def page(http: aiohttp.ClientSession, token: str) -> None:
        async with http.ws_connect(url) as socket:
            await socket.send_json({"t": "hello", "session": token})
            seen = 0
            async for message in socket:
                # Only the kind: 200 JSON parses in one process would time this process, where
                # every browser parses its own.
                if not message.data.startswith('{"t":"state"'):
                    continue
                times = arrived.setdefault(seen, [])
                times.append(time.perf_counter())
                if len(times) == count and seen not in done:
                    done.add(seen)
                    line = "ready" if seen == 0 else f"{seen} {max(times)!r}"
                    print(line, flush=True)
                seen += 1

    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        await asyncio.gather(*(page(http, token) for token in tokens))


def main() -> int:
    url = sys.argv[1]
    tokens = [line.strip() for line in sys.stdin if line.strip()]
    asyncio.run(watch(url, tokens))
    return 0


if __name__ == "__main__":
    sys.exit(main())
