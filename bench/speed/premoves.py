"""Queued answers (issue 54, point 1; not a test): 1,000 Ponte games on SQLite, each with its
second player to move and the first holding queued lines (a three-turn line and two more); then
in every game the opponent plays the move a line expects, through the service as `/move` plays
it. The answer is played in that move's own transaction, so the time from the move's call to its
return is the time until the answer is played and stored. Prints the median, p99 and worst of
those times, and of plain moves in games without lines for comparison. The goal: every answer
within 1 s of the opponent's move.

Run ``python -m bench.speed.premoves`` from the repository root (``--games`` for fewer).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.service import GameService
from testing.servicekit import open_service, start_game

GAMES = 1_000
OPENING = "a1 a3"
LINES = ("l10 l12; c1 c3; j10 j12; e1 e3; g10 g12; g1 g3", "k10 k12; c1 c3", "h10 h12; d1 d3")
"""The first player's lines in each game: the first expects the move every game then gets."""
EXPECTED = "l10 l12"
BASELINE = 100
"""Games without lines whose same move is timed for comparison."""


def players(number: int) -> tuple[int, int]:
    """The two players of game `number` (each game its own pair: no one's limits are met)."""
    return 1_000 + 2 * number, 1_001 + 2 * number


async def set_up(service: GameService, numbers: range, *, lines: bool) -> list[int]:
    """Games `numbers` opened with `OPENING` (with the first player's `LINES`); their
    channels."""
    channels = []
    for number in numbers:
        first, second = players(number)
        channel = 10_000 + number
        await start_game(service, channel_id=channel, challenger=first, opponent=second)
        await service.moves.play(channel, first, OPENING)
        if lines:
            for line in LINES:
                await service.premoves.queue(channel, first, line)
        channels.append(channel)
    return channels


async def timed_moves(service: GameService, channels: list[int], *, answered: bool) -> list[float]:
    """Seconds of each channel's `EXPECTED` move by its second player (with its answer)."""
    seconds = []
    offset = 0 if answered else channels[0] - 10_000
    for index, channel in enumerate(channels):
        second = players(offset + index)[1]
        start = time.perf_counter()
        result = await service.moves.play(channel, second, EXPECTED)
        seconds.append(time.perf_counter() - start)
        assert (result.answered is not None) == answered, channel
    return seconds


def summary(name: str, seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"{name}: {len(seconds)} moves, median {statistics.median(seconds) * 1000:.1f} ms,"
        f" p99 {p99 * 1000:.1f} ms, worst {ordered[-1] * 1000:.1f} ms"
    )


async def run(games: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        service = await open_service(Path(folder) / "bot.sqlite3")
        try:
            queued = await set_up(service, range(games), lines=True)
            plain = await set_up(service, range(games, games + BASELINE), lines=False)
            print(f"{games} games holding {games * len(LINES)} queued lines (SQLite)")
            answers = await timed_moves(service, queued, answered=True)
            print(summary("the expected move and its queued answer", answers))
            print(
                summary(
                    "a move without lines (for comparison)",
                    await timed_moves(service, plain, answered=False),
                )
            )
            within = sum(second <= 1.0 for second in answers)
            print(f"answers played within 1 s of the move: {within} of {len(answers)}")
        finally:
            await service.connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.speed.premoves", description=__doc__)
    parser.add_argument("--games", type=int, default=GAMES)
    asyncio.run(run(parser.parse_args().games))


if __name__ == "__main__":
    main()
