"""CPU work in a process of its own, one process per job, stoppable at any moment.

The computer's search is pure Python: in a thread it would hold the GIL and slow every other
player's command. Each job gets a fresh process forked from a fork server that has imported the
engine already (a few milliseconds, next to seconds of thinking), and the bot owns that process:
a job that hangs or is no longer wanted is terminated through `multiprocessing`'s public API, and
a process that dies takes only its own job with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import select
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from typing import TypeVar

T = TypeVar("T")

PRELOAD = ["bot.computer.thinking", "bot.computer.review", "bot.computer.puzzling"]
"""What the fork server imports once, so every job (a move, a turn's review) starts with the
engine loaded."""


class WorkerDiedError(RuntimeError):
    """The job's process ended without an answer (killed, out of memory, `os._exit`)."""


def start_method() -> str:
    """How job processes start: never by forking this process, which runs an event loop and
    database threads (a fork copies their locks in whatever state they are). A fork server is
    a clean process that forks quickly; `spawn` works everywhere."""
    methods = multiprocessing.get_all_start_methods()
    return "forkserver" if "forkserver" in methods else "spawn"


def context() -> ForkServerContext | SpawnContext:
    """The multiprocessing context for jobs (the fork server preloads the engine)."""
    if start_method() == "forkserver":
        server = multiprocessing.get_context("forkserver")
        server.set_forkserver_preload(PRELOAD)
        return server
    return multiprocessing.get_context("spawn")


def _job(answer: Connection, function: Callable[..., object], args: tuple[object, ...]) -> None:
    """The job process: run `function` and send back ("ok", result) or ("error", exception);
    end at once, quietly, when nobody waits for it any more."""
    _end_with_caller(answer)
    try:
        result: tuple[str, object] = ("ok", function(*args))
    except BaseException as error:  # every failure goes back to the caller, who decides
        result = ("error", error)
    reply(answer, result)


def reply(answer: Connection, result: tuple[str, object]) -> None:
    """Send a job's result back, or drop it when its caller is gone (a broken pipe: the bot
    was killed while the job ran): nobody reads it, so nothing is said (no traceback)."""
    with contextlib.suppress(ConnectionError):
        answer.send(result)
    answer.close()


def _end_with_caller(answer: Connection) -> None:
    """End this job process as soon as the caller's end of `answer` closes: the caller died
    (its bot was killed; a fork server's job outlives it otherwise, thinking for nobody) or
    stopped waiting. A pipe's writing end reports an error once no reader is left (POLLERR,
    asked for with an empty mask): a thread waits for it, then ends the process quietly."""
    if not hasattr(select, "poll"):  # not on this platform: the job ends when its work does
        return
    watch = select.poll()
    watch.register(answer.fileno(), 0)

    def wait() -> None:
        watch.poll()
        os._exit(0)

    threading.Thread(target=wait, name="caller-watch", daemon=True).start()


async def run_in_process(function: Callable[..., T], *args: object, timeout: float) -> T:
    """`function(*args)` in a new process; its result, or its exception re-raised here.

    Raises `TimeoutError` after `timeout` seconds and `WorkerDiedError` when the process dies;
    the process is terminated whenever the caller stops waiting (timeout or cancellation), so
    nothing keeps running after it. `function` must be picklable by name (module level).
    """
    jobs = context()
    receiver, sender = jobs.Pipe(duplex=False)
    process = jobs.Process(target=_job, args=(sender, function, args), daemon=True)
    started = threading.Event()  # set once `start` returned or failed, whatever the caller does
    try:
        # Starting talks to the fork server (and starts it the first time): not on the loop.
        # Shielded: a caller that gives up before the start has a thread must not drop it, or
        # `_stop` below would wait for a start that never comes.
        await asyncio.shield(asyncio.to_thread(_start, process, started))
        sender.close()  # the child holds the other copy: its death ends `recv` with EOFError
        async with asyncio.timeout(timeout):  # not wait_for: see events.sleep_unless
            kind, value = await asyncio.to_thread(_receive, receiver)
    finally:
        await asyncio.to_thread(_stop, process, started)
        receiver.close()
    if kind == "error":
        assert isinstance(value, BaseException)
        raise value
    return value  # type: ignore[return-value]  # what `function` returned, unpickled


def _receive(receiver: Connection) -> tuple[str, object]:
    try:
        kind, value = receiver.recv()
    except (EOFError, OSError):
        raise WorkerDiedError("the worker process ended without an answer") from None
    return str(kind), value


def _start(process: BaseProcess, started: threading.Event) -> None:
    try:
        process.start()
    finally:
        started.set()


def _stop(process: BaseProcess, started: threading.Event) -> None:
    """Terminate the process if it still runs, and reap it (blocking: call it in a thread).
    A caller that gave up while the process was starting waits for the start to finish, so
    no process is left running unseen."""
    started.wait()
    if process.pid is None:  # it never started: nothing to stop
        return
    if process.is_alive():
        process.terminate()
    process.join()
