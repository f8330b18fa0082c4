"""`python -m bot web` (issue 47, "Hosting"): the web board alone, without Discord, as many as
needed behind a load balancer; it needs the Activity's client secret, and stops cleanly."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from pathlib import Path

import aiohttp

from bot.__main__ import main
from testing.fakediscord import FakeDiscord
from testing.pgserver import PostgresServer


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_it_needs_the_client_secret(capsys) -> None:  # type: ignore[no-untyped-def]
    env = {"DISCORD_TOKEN": "MTIz.x.y", "DATABASE_URL": "postgresql://bot@127.0.0.1:1/bot"}
    assert main(["web"], env) == 2
    assert "needs ACTIVITY_CLIENT_SECRET" in capsys.readouterr().err


async def test_it_serves_the_board_until_stopped(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    async with FakeDiscord() as fake:
        port = free_port()
        env = {
            **os.environ,
            **fake.bot_env(),
            "DATABASE_URL": await postgres_server.fresh_url(),  # beside the bot processes
            "ACTIVITY_CLIENT_SECRET": fake.world.activities.client_secret,
            "WEB_PORT": str(port),
        }
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "web",
            env=env,
            cwd=tmp_path,
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            assert process.stderr is not None
            async with asyncio.timeout(30):
                while b"the web board listens on" not in await process.stderr.readline():
                    pass
            async with aiohttp.ClientSession() as http:
                async with http.get(f"http://127.0.0.1:{port}/api/config") as answer:
                    assert (await answer.json()) == {"client_id": str(fake.application_id)}
                async with http.get(f"http://127.0.0.1:{port}/") as page:
                    assert "static/app.mjs" in await page.text()
            process.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(process.wait(), 30) == 0
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
