"""The real bot as a separate process (`python -m bot`), started as an admin starts it, with a
Discord it cannot reach or that refuses what the settings name (issue 46): it stops with one
line that names what it could not reach and what to check, never a traceback, and the status
the README's "Exit statuses" give. Where SHARD_COUNT is meaningful on the SQLite file (one
process connecting every shard), the log says so at start."""

from __future__ import annotations

import asyncio
import os
import sys
from asyncio.subprocess import PIPE
from pathlib import Path

from bot.__main__ import EXIT_CONFIG, EXIT_DISCORD
from testing.e2ekit import World
from testing.fakediscord import BotProcess
from testing.pgserver import free_port

ROOT = Path(__file__).resolve().parents[3]


async def python_m_bot(world: World, cwd: Path, *args: str, **settings: str) -> tuple[int, str]:
    """Run `python -m bot ...` against the fake with `settings` on top, until it stops by
    itself (killed after a minute, which fails the test); its status and its log."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "DATABASE_PATH": str(world.database),
        **world.fake.bot_env(world.guild),
        **settings,
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, cwd=cwd, env=env, stdout=PIPE, stderr=PIPE
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    except TimeoutError:
        process.kill()
        out, err = await process.communicate()
        raise AssertionError(f"python -m bot did not stop:\n{err.decode()}") from None
    assert process.returncode is not None
    return process.returncode, (out + err).decode()


def the_one_error(log: str) -> str:
    """The log's only error, which must be its last line, with no traceback anywhere."""
    assert "Traceback" not in log, log
    errors = [line for line in log.splitlines() if "ERROR" in line]
    assert len(errors) == 1, log
    assert log.strip().splitlines()[-1] == errors[0], log
    return errors[0]


def closed_port() -> str:
    return f"127.0.0.1:{free_port()}"


async def test_a_rest_api_that_cannot_be_reached_is_one_line(world: World, tmp_path: Path):
    where = closed_port()
    status, log = await python_m_bot(world, tmp_path, DISCORD_API_BASE=f"http://{where}/api/v10")
    line = the_one_error(log)
    assert status == EXIT_DISCORD, log
    assert "cannot be reached" in line and where in line and "DISCORD_API_BASE" in line, line


async def test_a_gateway_that_cannot_be_reached_is_one_line(world: World, tmp_path: Path):
    where = closed_port()
    status, log = await python_m_bot(world, tmp_path, DISCORD_GATEWAY_URL=f"ws://{where}/gateway")
    line = the_one_error(log)
    assert status == EXIT_DISCORD, log
    assert "cannot be reached" in line and where in line and "DISCORD_GATEWAY_URL" in line, line
    assert world.fake.ready_count == 0


async def test_a_sharded_bot_gives_up_on_a_gateway_it_cannot_reach(world: World, tmp_path: Path):
    """discord.py would try its shards' first connections again and again, a traceback each
    time; the bot stops as the unsharded one does."""
    where = closed_port()
    status, log = await python_m_bot(
        world, tmp_path, DISCORD_GATEWAY_URL=f"ws://{where}/gateway", SHARD_COUNT="1"
    )
    line = the_one_error(log)
    assert status == EXIT_DISCORD, log
    assert where in line and "DISCORD_GATEWAY_URL" in line, line


async def test_sync_with_a_rest_api_that_cannot_be_reached_is_one_line(
    world: World, tmp_path: Path
):
    where = closed_port()
    status, log = await python_m_bot(
        world, tmp_path, "sync", DISCORD_API_BASE=f"http://{where}/api/v10"
    )
    line = the_one_error(log)
    assert status == EXIT_DISCORD, log
    assert "cannot be reached" in line and where in line and "DISCORD_API_BASE" in line, line


async def test_a_rest_api_base_that_answers_404_is_one_line(world: World, tmp_path: Path):
    base = world.fake.base_url + "/elsewhere/api/v10"
    status, log = await python_m_bot(world, tmp_path, DISCORD_API_BASE=base)
    line = the_one_error(log)
    assert status == EXIT_CONFIG, log
    assert "DISCORD_API_BASE" in line and "404" in line, line
    assert [hit.route for hit in world.fake.unknown_routes] == ["GET /elsewhere/api/v10/users/@me"]
    world.fake.world.unknown_routes.clear()


async def test_a_development_server_without_the_bot_is_one_line(world: World, tmp_path: Path):
    status, log = await python_m_bot(world, tmp_path, DEV_GUILD_ID="123456789012345678")
    line = the_one_error(log)
    assert status == EXIT_CONFIG, log
    assert "DEV_GUILD_ID" in line and "123456789012345678" in line and "invite" in line, line


async def test_shards_on_sqlite_are_explained_in_the_log_at_start(world: World, tmp_path: Path):
    env = {"DATABASE_PATH": str(world.database), "SHARD_COUNT": "2"}
    bot = BotProcess(world.fake, "bot", env=env | world.fake.bot_env(world.guild), cwd=tmp_path)
    await bot.start()
    assert await bot.stop() == 0, bot.stderr
    (said,) = [line for line in bot.stderr.splitlines() if "SHARD_COUNT" in line]
    assert "INFO" in said and "SQLite" in said, said
    assert "every shard" in said and "every server" in said, said
