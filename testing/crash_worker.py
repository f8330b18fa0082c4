"""A process that plays random moves through the service without pause, printing
``<game id> <revision>`` after each committed move, until it is killed.

Run as ``python -m testing.crash_worker DATABASE`` (an SQLite file or a PostgreSQL URL) with
the repository on the path.
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.service import GameService, errors
from testing.servicekit import ALICE, BOB, CHANNEL, open_service, random_move, start_game

CHANNELS = range(CHANNEL, CHANNEL + 6)


async def keep_playing(service: GameService, rng: random.Random) -> None:
    while True:
        for channel in CHANNELS:
            try:
                view = await service.queries.game_in(channel)
            except errors.NoGameHereError:  # the game there ended: start the next one
                kind = rng.choice(("ponte", "verbindung"))
                view = (await start_game(service, kind, channel_id=channel)).view
            mover = ALICE if view.to_move_id == ALICE else BOB
            result = await service.moves.play(channel, mover, random_move(view, rng), view.revision)
            print(result.view.id, result.view.revision, flush=True)


async def main(where: str) -> None:
    service = await open_service(where)
    await keep_playing(service, random.Random(7))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
