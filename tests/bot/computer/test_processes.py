"""Jobs in processes of their own: the computer's search finds legal moves there, and a job
whose process dies or hangs is reported and leaves no process behind."""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.computer.processes import WorkerDiedError, run_in_process
from bot.computer.thinking import think
from engine import ponte, verbindung
from testing import workers

WAIT = 10.0  # seconds before a wait counts as hung (never reached when all is well)


async def test_the_worker_function_finds_a_legal_move_of_both_games_in_a_worker_process() -> None:
    opening = ponte.PonteGame("classic").record().to_json()
    rolled = verbindung.VerbindungGame()
    rolled.play("roll arcs white-cross")
    dice = rolled.record().to_json()
    ponte_text = await run_in_process(think, "ponte", opening, "easy", "1:ai:0", 0.2, timeout=WAIT)
    turn_text = await run_in_process(think, "verbindung", dice, "easy", "1:ai:1", 0.2, timeout=WAIT)
    assert ponte.PonteGame("classic").is_legal(ponte.parse_move(ponte_text))
    assert rolled.is_legal(rolled.parse_move(turn_text))


async def test_a_job_process_that_dies_or_hangs_is_reported_and_gone() -> None:
    with pytest.raises(WorkerDiedError):
        await run_in_process(workers.dies, "ponte", "{}", "easy", "1", 0.0, timeout=WAIT)
    with pytest.raises(TimeoutError):
        await run_in_process(workers.hangs, "ponte", "{}", "easy", "1", 0.0, timeout=0.2)
    assert multiprocessing.active_children() == []


async def test_a_job_cancelled_before_its_process_starts_still_ends() -> None:
    # Found in the parallel test runs: cancelled while its start waited for a free thread, the
    # job's clean-up waited for a start that never came, and the event loop never closed.
    loop = asyncio.get_running_loop()
    loop.set_default_executor(ThreadPoolExecutor(max_workers=1))  # one thread, kept busy
    gate = threading.Event()
    busy = loop.run_in_executor(None, gate.wait)
    job = asyncio.ensure_future(
        run_in_process(workers.hangs, "ponte", "{}", "easy", "1", 0.0, timeout=WAIT)
    )
    await asyncio.sleep(0)  # the job asks for the thread to start its process in, and waits
    job.cancel()
    gate.set()
    await busy
    done, _ = await asyncio.wait({job}, timeout=WAIT)  # a hang guard, not a measurement
    assert job in done and job.cancelled()
    assert multiprocessing.active_children() == []
