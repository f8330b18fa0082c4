"""Whether finding puzzles delays the computer's moves or an analysis (issue 48; not a test).

Run ``python -m bench.puzzles.priority`` from the repository root. It builds a service over a
fresh SQLite file with finished 12x12 Ponte games for the puzzler to scan, and the computer
opponent with one worker slot (AI_WORKERS=1: every move needs the one slot the puzzler would
take), then measures, first without the puzzler and then with it at work:

- each computer move's latency: from the start of a game in which the computer moves first to
  its move stored, one game after another, each started while the puzzler is in the middle of a
  scan (it holds the only slot: the move must stop it);
- an analysis's time: from the request to its last turn reviewed, asked while the puzzler scans.

It prints both figures, how long a move waits for the slot the scan held (from its queueing to
the slot handed over), how long judging a solver's answer takes, and what the puzzler did (scans
begun, scans stopped for a move or an analysis). The difference is the delay puzzles cost: the
time to notice the move or the analysis and to terminate the scan's process, a few milliseconds.
The scan's process also runs at nice 19, so on a busy machine it takes only what the moves leave
of the processor.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

from bot.computer.processes import run_in_process
from bot.computer.puzzling import judge_answer, lowly
from bot.games import GAMES
from bot.runtime.analyst import Analyst
from bot.runtime.opponent import ComputerOpponent
from bot.runtime.puzzler import Puzzler
from bot.service import GameService
from bot.service.events import AnalysisProgressed, GameChanged
from engine.record import Record
from testing.servicekit import (
    ALICE,
    CHANNEL,
    GUILD,
    open_service,
    play_moves,
    start_computer_game,
    start_game,
    until,
)

THINK = 0.5
"""The computer's thinking time per move (seconds): a short one makes any delay stand out."""
REVIEW = 0.05
"""An analysis's budget per turn (seconds)."""


async def finished_games(service: GameService, count: int, turns: int) -> list[int]:
    """`count` finished games of `turns` random turns each (then a resignation)."""
    found = []
    for number in range(count):
        channel = CHANNEL + 1000 + number
        await start_game(service, channel_id=channel)
        view = await play_moves(service, channel, count=turns, seed=number)
        await service.moves.resign(channel, ALICE)
        found.append(view.id)
    return found


class HandOvers:
    """How long each move waited for the slot: from its queueing (the slots' queue grows) to
    the slot handed to it (the queue empties again)."""

    def __init__(self) -> None:
        self.waits: list[float] = []
        self._since: float | None = None

    def heard(self, waiting: int) -> None:
        if waiting and self._since is None:
            self._since = time.perf_counter()
        elif not waiting and self._since is not None:
            self.waits.append(time.perf_counter() - self._since)
            self._since = None


@asynccontextmanager
async def at_work(
    service: GameService, handovers: HandOvers, *, puzzles: bool
) -> AsyncIterator[Puzzler | None]:
    """The computer opponent (one slot) and the analyst, and the puzzler when `puzzles`."""
    async with AsyncExitStack() as stack:
        opponent = await stack.enter_async_context(
            ComputerOpponent(service, seconds=THINK, workers=1, name="bench")
        )
        opponent.slots.events.subscribe(handovers.heard)
        await stack.enter_async_context(
            Analyst(service, slots=opponent.slots, name="bench", seconds=REVIEW)
        )
        puzzler = None
        if puzzles:
            puzzler = Puzzler(service, slots=opponent.slots, name="bench")
            await stack.enter_async_context(puzzler)
        yield puzzler


async def scanning(puzzler: Puzzler | None) -> None:
    """Wait until the puzzler is in the middle of a scan (nothing without one)."""
    if puzzler is None:
        return
    begun = puzzler.scans
    async with asyncio.timeout(60):
        while puzzler.scans == begun:
            await asyncio.sleep(0.01)  # a benchmark's poll: no event says a scan began
    await asyncio.sleep(0.1)  # well into it: its process runs


async def move_latencies(service: GameService, puzzler: Puzzler | None, games: int) -> list[float]:
    """Start `games` games in which the computer moves first, each while the puzzler scans; the
    seconds from each start to the computer's move stored."""
    latencies = []
    for number in range(games):
        await scanning(puzzler)
        latencies.append(await one_move(service, number))
    return latencies


async def one_move(service: GameService, number: int) -> float:
    """Seconds from the start of a game whose first move is the computer's to that move."""
    moved: list[int] = []
    unsubscribe = service.events.subscribe(
        lambda event: (
            moved.append(event.game_id)
            if isinstance(event, GameChanged) and not event.computer_to_move
            else None
        )
    )
    started = time.perf_counter()
    view = await start_computer_game(
        service, player_first=False, channel_id=CHANNEL + number, player=ALICE + number
    )
    try:
        await until(service.events, lambda: view.id in moved, timeout=60)
    finally:
        unsubscribe()
    took = time.perf_counter() - started
    await service.moves.resign(CHANNEL + number, ALICE + number)
    return took


async def analysis_time(service: GameService, puzzler: Puzzler | None, game_id: int) -> float:
    """Seconds from the request of `game_id`'s analysis (while the puzzler scans) to its end."""
    await scanning(puzzler)
    finished: list[int] = []
    unsubscribe = service.events.subscribe(
        lambda event: (
            finished.append(event.game_id)
            if isinstance(event, AnalysisProgressed) and event.finished
            else None
        )
    )
    started = time.perf_counter()
    await service.analyses.request_analysis(
        ALICE, game_id=game_id, channel_id=CHANNEL, guild_id=GUILD
    )
    try:
        await until(service.events, lambda: game_id in finished, timeout=300)
    finally:
        unsubscribe()
    return time.perf_counter() - started


async def measure(
    folder: Path, *, puzzles: bool, games: int
) -> tuple[list[float], float, str, list[float]]:
    """The figures of one run, with or without the puzzler."""
    service = await open_service(folder / ("with.sqlite3" if puzzles else "alone.sqlite3"))
    handovers = HandOvers()
    try:
        finished = await finished_games(service, 30, 40)
        async with at_work(service, handovers, puzzles=puzzles) as puzzler:
            latencies = await move_latencies(service, puzzler, games)
            analysed = await analysis_time(service, puzzler, finished[0])
            done = "" if puzzler is None else f"{puzzler.scans} scans, {puzzler.stops} stopped"
        return latencies, analysed, done, handovers.waits
    finally:
        await service.connection.close()


def summary(latencies: list[float]) -> str:
    return (
        f"median {statistics.median(latencies):.3f} s, longest {max(latencies):.3f} s "
        f"({len(latencies)} moves, thinking {THINK} s each)"
    )


async def judging_times(game_kind: str, count: int = 8) -> list[float]:
    """Seconds to judge an answer as the bot does (a worker process at nice 19, its start
    included): a legal turn other than the best and the played one, of `count` shipped
    puzzles."""
    kind = GAMES.kind(game_kind)
    times = []
    for puzzle in kind.shipped_puzzles()[:count]:
        position = kind.game.from_record(Record.from_json(puzzle.position, game_kind))
        other = next(
            str(move)
            for move in position.legal_moves()
            if str(move) not in (puzzle.best, puzzle.played) and not position.is_chance(move)
        )
        started = time.perf_counter()
        await run_in_process(
            lowly, judge_answer, kind, puzzle.position, puzzle.events, other, puzzle.seed,
            timeout=120,
        )  # fmt: skip
        times.append(time.perf_counter() - started)
    return times


async def main(games: int) -> None:
    for game_kind in GAMES.keys():  # noqa: SIM118 - a registry, not a dict
        judged = await judging_times(game_kind)
        print(
            f"judging an answer ({game_kind}): median {statistics.median(judged):.2f} s, "
            f"longest {max(judged):.2f} s (a process at nice 19 each, its start included)"
        )
    with tempfile.TemporaryDirectory() as folder:
        alone = await measure(Path(folder), puzzles=False, games=games)
        together = await measure(Path(folder), puzzles=True, games=games)
    print(f"computer moves without the puzzler: {summary(alone[0])}")
    print(f"computer moves while it scans:      {summary(together[0])}")
    delay = statistics.median(together[0]) - statistics.median(alone[0])
    print(f"  median delay: {1000 * delay:+.0f} ms")
    waits = together[3]
    if waits:
        middle, longest = 1000 * statistics.median(waits), 1000 * max(waits)
        print(
            f"  a move queued for the slot the scan held got it after {middle:.0f} ms"
            f" at the median, {longest:.0f} ms at most ({len(waits)} hand-overs)"
        )
    print(f"an analysis without the puzzler: {alone[1]:.2f} s")
    print(f"an analysis asked while it scans: {together[1]:.2f} s ({together[2]})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="computer moves measured per run")
    asyncio.run(main(parser.parse_args().games))
