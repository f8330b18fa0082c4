"""One of several processes racing to submit the same move: it opens its own service on the
database, waits for a line on stdin (the start, given to every racer at once), submits the move
`count` times at once, and prints how many applied and the names of the refusals.

Run as ``python -m testing.race_worker DATABASE CHANNEL USER MOVE VERSION COUNT`` with the
repository on the path.
"""

from __future__ import annotations

import asyncio
import sys

from bot.service import MoveResult
from testing.servicekit import open_service


async def race(argv: list[str]) -> None:
    where, channel, user, move, version, count = argv
    service = await open_service(where)
    try:
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        results = await asyncio.gather(
            *(
                service.moves.play(int(channel), int(user), move, int(version))
                for _ in range(int(count))
            ),
            return_exceptions=True,
        )
    finally:
        await service.connection.close()
    applied = sum(isinstance(result, MoveResult) for result in results)
    refused = sorted({type(r).__name__ for r in results if not isinstance(r, MoveResult)})
    print(applied, ",".join(refused), flush=True)


if __name__ == "__main__":
    asyncio.run(race(sys.argv[1:7]))
