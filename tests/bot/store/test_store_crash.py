"""A process killed (SIGKILL) in the middle of a stream of moves loses no committed move and
leaves every game replayable."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from bot.games import GAMES
from bot.store import games
from testing.servicekit import open_service

ROOT = Path(__file__).resolve().parents[3]
MOVES_BEFORE_KILL = 150


def run_until_killed(where: str | Path) -> dict[int, int]:
    """Start the worker, read its committed moves, SIGKILL it mid-stream; return for each game
    the highest revision it reported as committed."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    worker = subprocess.Popen(
        [sys.executable, "-m", "testing.crash_worker", str(where)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    committed: dict[int, int] = {}
    try:
        assert worker.stdout is not None
        for _ in range(MOVES_BEFORE_KILL):
            line = worker.stdout.readline()
            assert line, (
                f"the worker stopped early: {worker.stderr.read() if worker.stderr else ''}"
            )
            game_id, revision = map(int, line.split())
            committed[game_id] = max(committed.get(game_id, 0), revision)
        worker.send_signal(signal.SIGKILL)
    finally:
        worker.kill()
        worker.communicate(timeout=30)  # reaps it and closes the pipes
    assert worker.returncode == -signal.SIGKILL
    return committed


async def test_a_killed_process_leaves_every_game_replayable(database_at: str | Path) -> None:
    committed = run_until_killed(database_at)
    service = await open_service(database_at)
    try:
        async with service.connection.read() as db:
            if db.backend == "sqlite":
                assert await db.fetch_value("PRAGMA integrity_check") == "ok"
            rows = [await games.get_game(db, game_id) for game_id in range(1, 100)]
        rows = [row for row in rows if row is not None]
        assert len(rows) >= 6
        for row in rows:
            game = GAMES.kind(row.game_kind).load(row.record)  # replays with every rule checked
            assert len(game.moves) == len(json.loads(row.record)["moves"])
            # Each committed move is one revision, stored with it (no takebacks here).
            assert row.revision == sum(mover is not None for mover in game.movers())
            assert (row.status == "finished") == (row.result is not None)
            assert row.revision >= committed.get(row.id, 0)
    finally:
        await service.connection.close()
