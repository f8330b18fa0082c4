"""``python -m bot worker``: a process that only thinks for the computer, with no Discord
connection. It takes the computer's open jobs from the shared PostgreSQL database (one at a time
per AI_WORKERS, each claimed so that no other process thinks about it), plays the moves, and
leaves their posts owed: the bot process that serves the game's server posts them, woken by
NOTIFY. In the time the moves leave free it reviews the turns of the analyses of finished games
(`bot.runtime.analyst`), whose messages the bots edit, and below those it looks for puzzles
in finished games (`bot.runtime.puzzler`). Several workers on several machines
spread the thinking."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket

from bot.runtime.analyst import Analyst
from bot.runtime.puzzler import Puzzler
from bot.runtime.wiring import computer_opponent, open_service
from bot.settings import Settings

log = logging.getLogger(__name__)


def worker_name() -> str:
    """This worker among the bot's processes: its machine and process (two workers on one
    machine are two names; a restarted worker's old claims simply run out)."""
    return f"worker {socket.gethostname()} {os.getpid()}"


async def run_worker(settings: Settings, computer_id: int) -> int:
    """Think for the computer (as user `computer_id`) until SIGTERM or SIGINT; return 0.
    Raises `SchemaTooNewError` for a database made by a newer bot."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    name = worker_name()
    # Every server's games (no shards), and no posts: the bots post the moves made here.
    async with (
        open_service(settings, computer_id, name=name, posts=False) as service,
        computer_opponent(settings, service, name=name) as opponent,
        Analyst(service, slots=opponent.slots, name=name),
        Puzzler(service, slots=opponent.slots, name=name),
    ):
        log.info("%s thinks for the computer with %d worker(s)", name, opponent.workers)
        await stop.wait()
    return 0
