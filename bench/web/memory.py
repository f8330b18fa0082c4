"""The memory of 1,000 open live connections (issue 47; not a test).

Run ``python -m bench.web.memory`` from the repository root. It starts ``python -m bot web``
(the web board alone, as a deployment runs it, beside the bot processes of a PostgreSQL
database: a server of its own from the machine's binaries, as the tests start one) over a
database with a game, the fake Discord answering for names, and opens 1,000 live sockets to it
from this process, each signed in as a user of its own and given the game's state; it prints
the server process's resident memory before and after (from /proc). Goal: <= 200 MB with
1,000 connections.
"""

from __future__ import annotations

import asyncio
import os
import socket
import sys
import tempfile
from pathlib import Path

import aiohttp

from bot.web.sessions import Sessions
from testing.fakediscord import FakeDiscord
from testing.pgserver import PostgresServer, server_binaries
from testing.servicekit import open_service, start_game

CONNECTIONS = 1000


def resident_mb(pid: int) -> float:
    """A process's resident memory (VmRSS) in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def measure(folder: Path, postgres: PostgresServer) -> tuple[float, float, float]:
    """Resident MB of the server: started, with one page, with all the pages."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Spieleabend")
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        # PostgreSQL: on the SQLite file the bot serves the board itself, and `web` is refused.
        database = await postgres.fresh_url()
        service = await open_service(database)
        await start_game(
            service,
            channel_id=guild.text_channel.id,
            guild_id=guild.id,
            challenger=alice.id,
            opponent=bob.id,
        )
        await service.connection.close()
        port = free_port()
        secret = fake.world.activities.client_secret
        env = {
            **os.environ,
            **fake.bot_env(),
            "DATABASE_URL": database,
            "ACTIVITY_CLIENT_SECRET": secret,
            "WEB_PORT": str(port),
            "LOG_LEVEL": "WARNING",
        }
        server = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "web",
            env=env,
            cwd=folder,
        )
        try:
            url = f"ws://127.0.0.1:{port}/api/live"
            sessions = Sessions(secret)
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
                await _until_up(http, port)
                started = resident_mb(server.pid)
                sockets = []
                for number in range(CONNECTIONS):
                    token, _ = sessions.issue(
                        20_000 + number, guild.text_channel.id, guild.id, "bench", "en"
                    )
                    page = await http.ws_connect(url)
                    await page.send_json({"t": "hello", "session": token})
                    await page.receive_str()  # its first state
                    sockets.append(page)
                    if number == 0:
                        one = resident_mb(server.pid)
                full = resident_mb(server.pid)
                for page in sockets:
                    await page.close()
            return started, one, full
        finally:
            server.terminate()
            await server.wait()


async def _until_up(http: aiohttp.ClientSession, port: int) -> None:
    for _ in range(300):
        try:
            async with http.get(f"http://127.0.0.1:{port}/api/config"):
                return
        except aiohttp.ClientConnectionError:
            await asyncio.sleep(0.1)  # a benchmark may poll for its server to come up
    raise RuntimeError("python -m bot web did not start")


def main() -> int:
    binaries = server_binaries()
    if binaries is None:
        print("no PostgreSQL server binaries (initdb, pg_ctl, postgres) on this machine")
        return 1
    postgres = PostgresServer(binaries)
    postgres.start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            started, one, full = asyncio.run(measure(Path(folder), postgres))
    finally:
        postgres.stop()
    print(
        f"python -m bot web: {started:.1f} MB started, {one:.1f} MB with one page,"
        f" {full:.1f} MB with {CONNECTIONS:,} pages watching"
        f" ({(full - one) * 1024 / (CONNECTIONS - 1):.1f} KB a page; goal <= 200 MB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
