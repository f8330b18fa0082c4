"""A backup of the SQLite file (`python -m bot backup`): one consistent copy taken with SQLite's
own online backup, even while the bot writes, into a new file its owner alone may read (it
holds every game and the secret seeds of the dice). It needs no `sqlite3` program."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bot.store.database import DatabaseUnavailableError

PRIVATE_FOLDER = 0o700
PRIVATE_FILE = 0o600


class BackupExistsError(FileExistsError):
    """The backup's file is there already: a backup never overwrites one."""


@dataclass(frozen=True, slots=True)
class BackedUp:
    """What a backup holds: its schema version and how many games."""

    schema_version: int
    games: int


def back_up(source: Path, target: Path) -> BackedUp:
    """Copy the SQLite file `source` into the new file `target` (its missing folders made too),
    readable and writable by their owner only whatever the umask. Raises `BackupExistsError`
    if `target` exists, `DatabaseUnavailableError` if `source` is missing or no database (and
    then leaves no `target` behind)."""
    if not source.is_file():
        raise DatabaseUnavailableError(f"{source}: no such file")
    _make_private(target)
    try:
        return _copy(source, target)
    except (sqlite3.Error, OSError) as error:
        for leftover in (target, Path(f"{target}-journal"), Path(f"{target}-wal")):
            leftover.unlink(missing_ok=True)
        raise DatabaseUnavailableError(f"{source}: {error}") from None


def _make_private(target: Path) -> None:
    """The empty file `target`, its owner's alone, in folders made their owner's alone: SQLite
    keeps an existing file's mode, and gives its journals the same."""
    missing = [folder for folder in (target.parent, *target.parent.parents) if not folder.exists()]
    for folder in reversed(missing):
        folder.mkdir(mode=PRIVATE_FOLDER, exist_ok=True)
        folder.chmod(PRIVATE_FOLDER)  # mkdir's mode is narrowed by the umask, never widened
    try:
        descriptor = os.open(target, os.O_CREAT | os.O_EXCL | os.O_WRONLY, PRIVATE_FILE)
    except FileExistsError:
        raise BackupExistsError(f"{target} exists already") from None
    try:
        os.fchmod(descriptor, PRIVATE_FILE)
    finally:
        os.close(descriptor)


def _copy(source: Path, target: Path) -> BackedUp:
    # Opened for writing as the bot opens it: read-only, SQLite could not read a file in WAL
    # mode whose -shm is not there yet (the bot stopped). The backup only reads from it.
    with (
        contextlib.closing(sqlite3.connect(source)) as original,
        contextlib.closing(sqlite3.connect(target)) as copy,
    ):
        original.backup(copy)  # one step: a snapshot, however the bot writes meanwhile
        return _what_it_holds(copy)


def _what_it_holds(copy: sqlite3.Connection) -> BackedUp:
    """The copy's schema version and games, read from the copy itself (which proves that it
    opens); a file the bot never migrated has no games table yet."""
    (version,) = copy.execute("PRAGMA user_version").fetchone()
    has_games = copy.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'games'"
    ).fetchone()[0]
    games = copy.execute("SELECT count(*) FROM games").fetchone()[0] if has_games else 0
    return BackedUp(schema_version=int(version), games=int(games))
