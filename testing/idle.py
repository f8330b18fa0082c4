"""How much of a core a process at rest uses (issue 52, point 1): its CPU time (user and system,
every thread) over stretches of wall time, measured in this process or in a child by its pid.
The tests and `python -m bench.web.idle` share it, and the processes they measure: the real bot
on the fake Discord (`idle_bot`) and `python -m bot web` (`idle_web`), with pages watching a
game on its live updates or none (`watching`)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import aiohttp
from aiohttp import ClientWebSocketResponse

from bot.discord.app import GameBot
from bot.web.sessions import Sessions
from testing.e2ekit import World, running
from testing.fakediscord import FakeDiscord
from testing.servicekit import FakeClock, open_service, start_game

AT_REST = 0.05
"""The share of one core a process at rest may use, at most: its timers (the gateway's
heartbeat, the loops' looks every half minute or more) take a fraction of that."""
START_BOUND = 60.0
"""Seconds a process may take to start before a test gives up on it (a loaded machine)."""


def cpu_seconds(pid: int | None = None) -> float:
    """The CPU seconds (user and system, every thread) this process (`pid` None) or the process
    `pid` has used so far."""
    if pid is None:
        return time.process_time()
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat.rpartition(")")[2].split()  # after the command's name, which may hold spaces
    user, system = int(fields[11]), int(fields[12])  # utime and stime, fields 14 and 15
    return (user + system) / os.sysconf("SC_CLK_TCK")


async def core_shares(stretches: int, seconds: float, pid: int | None = None) -> list[float]:
    """The share of one core the process used in each of `stretches` stretches of `seconds` of
    wall time, one after another (the wall time is what is measured over, not waited for)."""
    loop = asyncio.get_running_loop()
    shares = []
    for _ in range(stretches):
        cpu, began = cpu_seconds(pid), loop.time()
        await asyncio.sleep(seconds)
        shares.append((cpu_seconds(pid) - cpu) / (loop.time() - began))
    return shares


async def quietest_share(stretches: int, seconds: float, pid: int | None = None) -> float:
    """The smallest share of one core in `stretches` stretches: what is left of start-up work
    spoils one stretch, never all of them; a process that spins spoils every one."""
    return min(await core_shares(stretches, seconds, pid))


def idle_world(fake: FakeDiscord, database: Path) -> World:
    """The e2e world: a server, a channel, three players (nothing to do for the bot)."""
    guild = fake.add_guild("Spieleabend", locale="en-US")
    return World(
        fake,
        guild,
        guild.text_channel,
        fake.add_user("alice", locale="en-US"),
        fake.add_user("bob", locale="de"),
        fake.add_user("carol", locale="fr"),
        database,
        FakeClock(),
    )


@asynccontextmanager
async def idle_bot(folder: Path) -> AsyncIterator[GameBot]:
    """The real bot in this process on the fake Discord, ready and with nothing to do (its
    computer opponent, analyst and puzzler at work in one slot, as AI_WORKERS=1 has them)."""
    async with FakeDiscord() as fake:
        world = idle_world(fake, folder / "bot.sqlite3")
        async with running(world) as bot:
            await bot.deliverer.idle()
            yield bot


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class WebProcess:
    """`python -m bot web` listening on `port`, over the PostgreSQL database `database` (a URL:
    on the SQLite file it is refused, the bot serving the board itself), its Discord the fake
    `fake`."""

    process: asyncio.subprocess.Process
    port: int
    database: str
    fake: FakeDiscord

    @property
    def pid(self) -> int:
        return self.process.pid


@asynccontextmanager
async def watching(web: WebProcess, pages: int) -> AsyncIterator[list[ClientWebSocketResponse]]:
    """`pages` pages watching a game on `web` (each of a user of its own, signed in, given the
    game's state), open while inside."""
    guild = web.fake.add_guild("Spieleabend")
    alice, bob = web.fake.add_user("alice"), web.fake.add_user("bob")
    service = await open_service(web.database)
    try:
        channel = guild.text_channel.id
        await start_game(
            service, channel_id=channel, guild_id=guild.id, challenger=alice.id, opponent=bob.id
        )
    finally:
        await service.connection.close()
    sessions = Sessions(web.fake.world.activities.client_secret)
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        sockets = []
        try:
            for number in range(pages):
                token, _ = sessions.issue(
                    20_000 + number, guild.text_channel.id, guild.id, "idle", "en"
                )
                page = await http.ws_connect(f"ws://127.0.0.1:{web.port}/api/live")
                sockets.append(page)
                await page.send_json({"t": "hello", "session": token})
                await page.receive_str(timeout=START_BOUND)  # its first state
            yield sockets
        finally:
            for page in sockets:
                await page.close()


@asynccontextmanager
async def idle_web(folder: Path, database: str) -> AsyncIterator[WebProcess]:
    """`python -m bot web` in `folder` on the PostgreSQL database `database` (a URL), against the
    fake Discord, once it listens (nobody asks it anything); stopped with SIGTERM on leaving."""
    port = free_port()
    async with FakeDiscord() as fake:
        env = {
            **os.environ,
            **fake.bot_env(),
            "DATABASE_URL": database,
            "ACTIVITY_CLIENT_SECRET": fake.world.activities.client_secret,
            "WEB_PORT": str(port),
        }
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "web", env=env, cwd=folder, stderr=asyncio.subprocess.PIPE
        )
        drain: asyncio.Task[None] | None = None
        try:
            assert process.stderr is not None
            async with asyncio.timeout(START_BOUND):
                while b"the web board listens on" not in await process.stderr.readline():
                    if process.stderr.at_eof():
                        raise AssertionError("python -m bot web ended before it listened")
            drain = asyncio.create_task(_drain(process.stderr))  # a full pipe would block it
            yield WebProcess(process, port, database, fake)
        finally:
            if process.returncode is None:
                process.terminate()
                try:
                    await asyncio.wait_for(process.wait(), START_BOUND)
                except TimeoutError:
                    process.kill()
                    await process.wait()
            if drain is not None:
                drain.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await drain


async def _drain(stream: asyncio.StreamReader) -> None:
    while await stream.readline():
        pass
