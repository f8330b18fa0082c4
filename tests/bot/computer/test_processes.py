"""Jobs in processes of their own: the computer's search finds legal moves there, and a job
whose process dies or hangs is reported and leaves no process behind."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
import sys
import threading
from asyncio.subprocess import PIPE
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.computer.processes import WorkerDiedError, reply, run_in_process
from bot.computer.thinking import think
from bot.games import GAMES
from engine import ponte, verbindung
from testing import workers

WAIT = 60.0  # seconds before a wait counts as hung (never reached when all is well)
REPOSITORY = Path(__file__).resolve().parents[3]
PONTE, VERBINDUNG = GAMES.kind("ponte"), GAMES.kind("verbindung")


async def test_the_worker_function_finds_a_legal_move_of_both_games_in_a_worker_process() -> None:
    opening = ponte.PonteGame("classic").record().to_json()
    rolled = verbindung.VerbindungGame()
    rolled.play("roll arcs white-cross")
    dice = rolled.record().to_json()
    ponte_text = await run_in_process(think, PONTE, opening, "easy", "1:ai:0", 0.2, timeout=WAIT)
    turn_text = await run_in_process(think, VERBINDUNG, dice, "easy", "1:ai:1", 0.2, timeout=WAIT)
    assert ponte.PonteGame("classic").is_legal(ponte.parse_move(ponte_text))
    assert rolled.is_legal(rolled.parse_move(turn_text))


async def test_a_job_process_that_dies_or_hangs_is_reported_and_gone() -> None:
    with pytest.raises(WorkerDiedError):
        await run_in_process(workers.dies, PONTE, "{}", "easy", "1", 0.0, timeout=WAIT)
    with pytest.raises(TimeoutError):
        await run_in_process(workers.hangs, PONTE, "{}", "easy", "1", 0.0, timeout=0.2)
    assert multiprocessing.active_children() == []


async def test_a_job_cancelled_before_its_process_starts_still_ends() -> None:
    # Found in the parallel test runs: cancelled while its start waited for a free thread, the
    # job's clean-up waited for a start that never came, and the event loop never closed.
    loop = asyncio.get_running_loop()
    loop.set_default_executor(ThreadPoolExecutor(max_workers=1))  # one thread, kept busy
    gate = threading.Event()
    busy = loop.run_in_executor(None, gate.wait)
    job = asyncio.ensure_future(
        run_in_process(workers.hangs, PONTE, "{}", "easy", "1", 0.0, timeout=WAIT)
    )
    await asyncio.sleep(0)  # the job asks for the thread to start its process in, and waits
    job.cancel()
    gate.set()
    await busy
    done, _ = await asyncio.wait({job}, timeout=WAIT)  # a hang guard, not a measurement
    assert job in done and job.cancelled()
    assert multiprocessing.active_children() == []


async def test_a_job_whose_caller_is_killed_ends_at_once_and_says_nothing(tmp_path) -> None:
    # As a bot killed mid-search: its job process (a fork server's child, not the bot's) must
    # not think on for nobody and then write a BrokenPipeError traceback into the bot's log.
    environment = {**os.environ, "PYTHONPATH": str(REPOSITORY)}
    caller = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "testing.orphan_job",
        cwd=tmp_path,
        env=environment,
        stdout=PIPE,
        stderr=PIPE,
    )
    assert caller.stdout is not None and caller.stderr is not None
    said = await asyncio.wait_for(caller.stdout.readline(), WAIT)
    job = int(said.split()[1])
    caller.kill()
    try:
        # The job process holds the caller's output too: it ends once the job has ended.
        _, log = await asyncio.wait_for(caller.communicate(), WAIT)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(job, signal.SIGKILL)  # should it still run: leave nothing behind
    assert log.decode() == ""


def test_an_answer_nobody_waits_for_is_dropped_quietly() -> None:
    receiver, sender = multiprocessing.Pipe(duplex=False)
    receiver.close()  # the caller is gone
    reply(sender, ("ok", "a1 c1"))  # no BrokenPipeError
    assert sender.closed
