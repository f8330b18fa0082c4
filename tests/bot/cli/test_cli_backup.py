"""`python -m bot backup --to FILE` (issue 52): a copy of the SQLite file that its owner alone may
read whatever the umask (it holds the dice's secret seeds), taken with SQLite's own backup while
the bot runs, which opens as the bot's database with every game; it never overwrites a file,
never makes a database that was not there, and points PostgreSQL to pg_dump."""

from __future__ import annotations

import asyncio
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

from bot.__main__ import EXIT_CONFIG, EXIT_DATABASE
from testing.servicekit import CHANNEL, open_service, play_moves, start_game

ROOT = Path(__file__).resolve().parents[3]
USUAL_UMASK = 0o022
"""Under which `sqlite3 data/bot.sqlite3 ".backup FILE"` made a copy every user could read."""


def python_m_bot(cwd: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`python -m bot ...` in `cwd` with only `env` set, under the usual umask; killed after two
    minutes, which fails the test."""
    base = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=base | env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        umask=USUAL_UMASK,
    )


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def test_a_backup_taken_while_the_bot_runs_is_private_and_holds_every_game(
    tmp_path: Path,
) -> None:
    database = tmp_path / "data" / "bot.sqlite3"
    running = await open_service(database)  # the bot, its latest moves still in the WAL
    try:
        ponte = (await start_game(running, "ponte")).view.id
        verbindung = (await start_game(running, "verbindung", channel_id=CHANNEL + 1)).view.id
        await play_moves(running, CHANNEL, count=3)
        await play_moves(running, CHANNEL + 1, count=2, seed=1)
        target = tmp_path / "backups" / "bot.sqlite3"
        env = {"DATABASE_PATH": str(database)}
        result = await asyncio.to_thread(
            python_m_bot, tmp_path, "backup", "--to", str(target), env=env
        )
        originals = [await running.queries.game(game) for game in (ponte, verbindung)]
    finally:
        await running.connection.close()
    assert result.returncode == 0, result.stderr
    assert "2 games" in result.stdout and str(target) in result.stdout, result.stdout
    assert mode(target) == 0o600 and mode(target.parent) == 0o700
    copy = await open_service(target)  # opens as the bot opens its database
    try:
        copies = [await copy.queries.game(game) for game in (ponte, verbindung)]
    finally:
        await copy.connection.close()
    assert [(view.record, view.revision) for view in copies] == [
        (view.record, view.revision) for view in originals
    ]
    assert all(mode(path) == 0o600 for path in target.parent.iterdir())  # and its journals


def test_a_backup_never_overwrites_a_file(tmp_path: Path) -> None:
    database = tmp_path / "bot.sqlite3"
    assert python_m_bot(tmp_path, "migrate", env={"DATABASE_PATH": str(database)}).returncode == 0
    target = tmp_path / "kept.sqlite3"
    target.write_text("an older backup")
    result = python_m_bot(
        tmp_path, "backup", "--to", str(target), env={"DATABASE_PATH": str(database)}
    )
    assert result.returncode == EXIT_CONFIG
    assert "--to" in result.stderr and "exists" in result.stderr, result.stderr
    assert target.read_text() == "an older backup"


def test_a_database_that_is_not_there_is_not_made_to_back_it_up(tmp_path: Path) -> None:
    database = tmp_path / "data" / "bot.sqlite3"
    target = tmp_path / "copy.sqlite3"
    result = python_m_bot(
        tmp_path, "backup", "--to", str(target), env={"DATABASE_PATH": str(database)}
    )
    assert result.returncode == EXIT_DATABASE
    shown = (result.stdout + result.stderr).strip()
    assert len(shown.splitlines()) == 1 and "DATABASE_PATH" in shown, shown
    assert not database.parent.exists() and not target.exists()


def test_a_file_that_is_no_database_leaves_no_copy(tmp_path: Path) -> None:
    database = tmp_path / "notes.txt"
    database.write_text("no database " * 1000)
    target = tmp_path / "copy.sqlite3"
    result = python_m_bot(
        tmp_path, "backup", "--to", str(target), env={"DATABASE_PATH": str(database)}
    )
    assert result.returncode == EXIT_DATABASE, result.stderr
    assert "Traceback" not in result.stderr and "not a database" in result.stderr
    assert sorted(os.listdir(tmp_path)) == ["notes.txt"]


def test_postgresql_is_pointed_to_pg_dump(tmp_path: Path) -> None:
    env = {"DATABASE_URL": "postgresql://bot:pw@127.0.0.1:1/bot"}
    result = python_m_bot(tmp_path, "backup", "--to", str(tmp_path / "copy"), env=env)
    assert result.returncode == EXIT_CONFIG
    assert "pg_dump" in result.stderr and "pw" not in result.stderr
    assert os.listdir(tmp_path) == []
    # It names the page that says how, which exists and says it (the README has no such
    # section since the steps moved to docs/upkeep.md).
    page = re.search(r"docs/[\w-]+\.md", result.stderr)
    assert page is not None, result.stderr
    assert "pg_dump --format=custom" in (ROOT / page.group()).read_text()
