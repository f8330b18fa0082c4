"""`python -m bot` and its database (issue 27): a database it cannot open ends every command with
one line naming the setting and the cause, never a traceback or a password, and a status of its
own; a `.env` or a database that others may read is pointed out once, in one line."""

from __future__ import annotations

import asyncio
import base64
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.__main__ import EXIT_CONFIG, EXIT_DATABASE
from bot.store import SCHEMA_VERSION, open_database
from bot.store.copying import TABLES
from testing.pgserver import PostgresServer, free_port, server_binaries

ROOT = Path(__file__).resolve().parents[2]
SECRET = "s3cret-Pw"
APP_ID = 123456789012345678
TOKEN = base64.b64encode(str(APP_ID).encode()).decode().rstrip("=") + ".GhIjKl.secret-part"


def python_m_bot(cwd: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`python -m bot ...` in `cwd` with only `env` (and what Python needs) set."""
    base = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=base | env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    """The only line the command wrote, checked to hold no password and no traceback."""
    shown = result.stdout + result.stderr
    assert SECRET not in shown and "Traceback" not in shown, shown
    lines = shown.strip().splitlines()
    assert len(lines) == 1, shown
    return lines[0]


def a_sqlite_file(folder: Path) -> Path:
    """An SQLite file to copy from (made by the bot itself, so of the current schema)."""
    path = folder / "source.sqlite3"
    made = python_m_bot(folder, "migrate", env={"DATABASE_PATH": str(path)})
    assert made.returncode == 0, made.stderr
    return path


@pytest.mark.parametrize("action", ["run", "worker", "migrate", "copy-database"])
def test_a_refused_connection_is_one_line_naming_database_url(tmp_path: Path, action: str) -> None:
    url = f"postgresql://bot:{SECRET}@127.0.0.1:{free_port()}/bot?sslpassword={SECRET}"
    args = [action]
    if action == "copy-database":
        args += ["--from", str(a_sqlite_file(tmp_path))]
    result = python_m_bot(tmp_path, *args, env={"DISCORD_TOKEN": TOKEN, "DATABASE_URL": url})
    assert result.returncode == EXIT_DATABASE
    line = one_line(result)
    assert "DATABASE_URL" in line and "refused" in line.lower(), line


def test_a_missing_database_on_a_real_server_is_one_line(tmp_path: Path, postgres_server) -> None:
    url = postgres_server.url("no_such_database") + f"?password={SECRET}"
    result = python_m_bot(tmp_path, "migrate", env={"DATABASE_URL": url})
    assert result.returncode == EXIT_DATABASE
    line = one_line(result)
    assert "DATABASE_URL" in line and 'database "no_such_database" does not exist' in line


def test_a_wrong_password_is_one_line(tmp_path: Path, postgres_server) -> None:
    """A server of its own that asks for a password (the shared one trusts every login)."""
    binaries = server_binaries()
    assert binaries is not None  # `postgres_server` skips the test without them
    server = PostgresServer(binaries, password="the-right-one")
    server.start()
    try:
        url = server.url().replace("the-right-one", SECRET)
        result = python_m_bot(tmp_path, "migrate", env={"DATABASE_URL": url})
    finally:
        server.stop()
    assert result.returncode == EXIT_DATABASE
    line = one_line(result)
    assert "DATABASE_URL" in line and 'password authentication failed for user "tests"' in line


def test_a_copy_to_a_missing_database_names_the_option(tmp_path: Path, postgres_server) -> None:
    url = postgres_server.url("no_such_database").replace("tests@", f"tests:{SECRET}@")
    source = a_sqlite_file(tmp_path)
    result = python_m_bot(tmp_path, "copy-database", "--from", str(source), "--to", url, env={})
    assert result.returncode == EXIT_DATABASE
    assert "--to" in one_line(result)


@pytest.mark.parametrize("problem", ["not a folder", "not a database"])
def test_an_sqlite_file_that_cannot_be_opened_is_one_line(tmp_path: Path, problem: str) -> None:
    blocker = tmp_path / "data"
    blocker.write_bytes(b"this is a file, where the bot wants a folder or a database" * 20)
    blocker.chmod(0o600)  # not the problem here: it would be pointed out
    path = blocker / "bot.sqlite3" if problem == "not a folder" else blocker
    result = python_m_bot(tmp_path, "migrate", env={"DATABASE_PATH": str(path)})
    assert result.returncode == EXIT_DATABASE
    assert "DATABASE_PATH" in one_line(result)


def test_files_others_can_read_are_pointed_out_once(tmp_path: Path) -> None:
    env_file, database = tmp_path / ".env", tmp_path / "data" / "bot.sqlite3"
    env_file.write_text("DATABASE_PATH=data/bot.sqlite3\n")
    env_file.chmod(0o644)
    first = python_m_bot(tmp_path, "migrate", env={})
    assert first.returncode == 0 and warnings(first) == [".env"]  # the bot made the file 0600
    assert stat.S_IMODE(os.stat(database).st_mode) == 0o600
    database.chmod(0o644)
    shown = python_m_bot(tmp_path, "migrate", env={})
    assert shown.returncode == 0 and warnings(shown) == [".env", "data/bot.sqlite3"]
    env_file.chmod(0o600)
    database.chmod(0o600)
    quiet = python_m_bot(tmp_path, "migrate", env={})
    assert quiet.returncode == 0 and warnings(quiet) == []


def warnings(result: subprocess.CompletedProcess[str]) -> list[str]:
    """The files the command's one warning names (none without a warning)."""
    lines = [line for line in result.stderr.splitlines() if line.startswith("WARNING")]
    if not lines:
        return []
    (line,) = lines
    assert "chmod 600" in line, line
    return [name for name in (".env", "data/bot.sqlite3") if name in line]


async def a_newer_postgresql_database(postgres_server) -> str:
    """The URL of a database a newer bot made (its schema version beyond this bot's)."""
    url = await postgres_server.fresh_url()
    database = await open_database(url)
    await database.close()
    schema = url.rsplit("search_path=", 1)[1]
    admin = await asyncpg.connect(postgres_server.url())
    try:
        await admin.execute(
            f'UPDATE "{schema}".schema_version SET version = $1', SCHEMA_VERSION + 1
        )
    finally:
        await admin.close()
    return url


@pytest.mark.parametrize("action", ["run", "worker", "migrate"])
async def test_a_database_from_a_newer_bot_is_one_line(
    tmp_path: Path, postgres_server, action: str
) -> None:
    url = await a_newer_postgresql_database(postgres_server)
    env = {"DISCORD_TOKEN": TOKEN, "DATABASE_URL": url}
    env["DISCORD_API_BASE"] = f"http://127.0.0.1:{free_port()}/api/v10"  # never reached
    result = await asyncio.to_thread(python_m_bot, tmp_path, action, env=env)
    assert result.returncode == EXIT_CONFIG
    line = one_line(result).split("] ", 2)[-1]  # the bot's log line, or a plain one
    assert "DATABASE_URL" in line and "newer" in line and f"{SCHEMA_VERSION + 1}" in line, line


def test_recomputing_the_ratings_of_a_file_that_is_not_there_says_so(tmp_path: Path) -> None:
    missing = tmp_path / "data" / "typo.sqlite3"
    result = python_m_bot(tmp_path, "ratings", "--recompute", env={"DATABASE_PATH": str(missing)})
    assert result.returncode == EXIT_CONFIG
    line = one_line(result)
    assert "DATABASE_PATH" in line and str(missing) in line and "no such file" in line, line
    assert not missing.exists() and not missing.parent.exists()


async def test_a_copy_from_a_newer_file_names_from(tmp_path: Path, postgres_server) -> None:
    source = await asyncio.to_thread(a_sqlite_file, tmp_path)
    with sqlite3.connect(source) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    args = ["copy-database", "--from", str(source), "--to", await postgres_server.fresh_url()]
    quiet = {"LOG_LEVEL": "WARNING"}  # not the line that says the target is ready
    result = await asyncio.to_thread(python_m_bot, tmp_path, *args, env=quiet)
    assert result.returncode == EXIT_CONFIG
    line = one_line(result)
    assert f"--from {source}" in line and "newer" in line, line
    assert "DATABASE_PATH" not in line  # not what names the file here


async def test_a_copys_counts_line_up_under_their_headings(tmp_path: Path, postgres_server):
    source = await asyncio.to_thread(a_sqlite_file, tmp_path)
    url = await postgres_server.fresh_url()
    args = ["copy-database", "--from", str(source), "--to", url]
    result = await asyncio.to_thread(python_m_bot, tmp_path, *args, env={})
    assert result.returncode == 0, result.stderr
    heading, *rows, last = result.stdout.splitlines()
    assert [row.split()[0] for row in rows] == list(TABLES)
    assert "source" in heading and "target" in heading
    # Each number ends where its heading does.
    for column in ("source", "target"):
        end = heading.index(column) + len(column)
        assert all(row[end - 1].isdigit() and row[end : end + 1] in ("", " ") for row in rows)
    assert "copied" in last.lower()
