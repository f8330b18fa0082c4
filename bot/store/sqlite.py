"""The SQLite backend (the embedded default): one file, one aiosqlite connection.

One aiosqlite connection runs its statements on one thread, in order. Two coroutines sharing it
must never interleave statements inside a transaction, so every use of the connection, reads
included, goes through one `asyncio.Lock`. Across processes (a second bot, a maintenance script)
SQLite's own lock and the busy timeout serialise `BEGIN IMMEDIATE` transactions.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import ClassVar, cast

import aiosqlite

from bot.store.connection import Db, IntegrityError, Row
from bot.store.database import Database, DatabaseUnavailableError
from bot.store.migrations import sqlite as migrations

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5_000
"""How long a statement waits for another process's write lock before giving up."""

PRAGMAS = (
    "PRAGMA journal_mode = WAL",  # readers never block the writer, and commits stay cheap
    "PRAGMA synchronous = NORMAL",  # safe with WAL: a power cut may lose the last commit only
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
)
PRIVATE_FOLDER = 0o700
PRIVATE_FILE = 0o600
"""The file holds every game and the secret seeds of the dice: its owner's alone (SQLite makes
the -wal and -shm files with the same mode as the database)."""


def make_private(path: Path) -> None:
    """Create the folders of `path` that are missing, and the file itself if it is, readable by
    their owner only (whatever the umask). What exists already keeps its mode: that is the
    admin's choice, and the bot warns at start when it lets others read the games."""
    missing = [folder for folder in (path.parent, *path.parent.parents) if not folder.exists()]
    for folder in reversed(missing):
        folder.mkdir(mode=PRIVATE_FOLDER, exist_ok=True)
        folder.chmod(PRIVATE_FOLDER)
    try:
        descriptor = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, PRIVATE_FILE)
    except FileExistsError:
        return
    try:
        os.fchmod(descriptor, PRIVATE_FILE)
    finally:
        os.close(descriptor)


def _as_dict(cursor: sqlite3.Cursor, row: tuple[object, ...]) -> dict[str, object]:
    """Rows as plain dictionaries, as the PostgreSQL backend hands them out."""
    return {column[0]: value for column, value in zip(cursor.description, row, strict=True)}


class SqliteDb(Db):
    """The connection of an SQLite transaction or read."""

    backend: ClassVar[str] = "sqlite"
    for_update = ""
    skip_locked = ""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection

    async def reserve_ids(self, table: str, count: int) -> list[int]:
        """Move `table`'s AUTOINCREMENT counter on by `count` (SQLite's `sqlite_sequence`, which
        "can be modified using ordinary UPDATE, INSERT, and DELETE statements"; sqlite.org/
        autoinc.html): the next row's id comes after them, however many rows there were."""
        if count == 0:
            return []
        await self.connection.execute(
            f"INSERT INTO sqlite_sequence (name, seq) SELECT ?, (SELECT coalesce(max(rowid), 0)"
            f" FROM {table}) WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?)",
            (table, table),
        )
        [row] = await self.fetch_all(
            "UPDATE sqlite_sequence SET seq = seq + ? WHERE name = ? RETURNING seq", (count, table)
        )
        last = int(row["seq"])
        return list(range(last - count + 1, last + 1))

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        """Run one statement; return how many rows it changed."""
        try:
            cursor = await self.connection.execute(sql, tuple(params))
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error
        return cursor.rowcount

    async def fetch_all(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Every row `sql` selects, in its order."""
        try:  # one trip to SQLite's thread, not three (execute, fetch, close)
            return cast(list[Row], list(await self.connection.execute_fetchall(sql, tuple(params))))
        except sqlite3.IntegrityError as error:  # an INSERT ... RETURNING
            raise IntegrityError(str(error)) from error


class SqliteDatabase(Database):
    """An SQLite file with its migrations applied."""

    backend = "sqlite"

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        super().__init__()
        self._db = SqliteDb(connection)
        self._lock = asyncio.Lock()
        self.path = path

    def __repr__(self) -> str:
        return f"<SqliteDatabase {self.path}>"

    @classmethod
    async def open(cls, path: Path, *, upto: int | None = None) -> SqliteDatabase:
        """Open (creating it and its folder if needed) and migrate the database at `path`.

        `upto` stops the migrations at that schema version. Raises `SchemaTooNewError` when
        the file was made by a newer version of the bot, `DatabaseUnavailableError` when it
        cannot be made or is no database.
        """
        connection = await _connect(path)
        try:
            # Off while migrating: a migration may rebuild a table others refer to (SQLite's
            # own recipe); `migrate` checks every key before it commits.
            await connection.execute("PRAGMA foreign_keys = OFF")
            version = await migrations.migrate(connection, upto)
            await connection.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            await connection.close()
            raise
        log.info("database %s ready at schema version %d", path, version)
        return cls(connection, path)

    async def schema_version(self) -> int:
        """The schema version stored in the file (`PRAGMA user_version`)."""
        async with self.read() as db:
            return await db.number("PRAGMA user_version") or 0

    async def close(self) -> None:
        """Close the connection (waiting for the transaction in progress, if any)."""
        async with self._lock:
            await self._db.connection.close()

    @asynccontextmanager
    async def _begin(self) -> AsyncIterator[Db]:
        connection = self._db.connection
        async with self._lock:
            try:
                await connection.execute("BEGIN IMMEDIATE")
                yield self._db
            except BaseException:
                # Also when cancelled right after BEGIN: never leave the shared connection
                # inside a transaction, or every later BEGIN would fail.
                await _roll_back(connection)
                raise
            await connection.execute("COMMIT")

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[Db]:
        async with self._lock:
            yield self._db

    @asynccontextmanager
    async def _snapshot(self) -> AsyncIterator[Db]:
        # A deferred transaction takes no lock: in WAL mode its first read fixes what it
        # sees, and writers go on beside it.
        connection = self._db.connection
        async with self._lock:
            try:
                await connection.execute("BEGIN DEFERRED")
                yield self._db
            finally:
                await _roll_back(connection)


async def _roll_back(connection: aiosqlite.Connection) -> None:
    """End the transaction begun on `connection`, also one whose BEGIN a cancellation cut
    short: the BEGIN still runs in aiosqlite's thread after the caller stopped waiting for it
    (`in_transaction` not yet true then), and that thread runs its queue in order, so a
    ROLLBACK sent now follows it; it is refused only when no BEGIN ran at all."""
    with contextlib.suppress(sqlite3.OperationalError):
        await connection.execute("ROLLBACK")


async def _connect(path: Path) -> aiosqlite.Connection:
    """A connection to the file at `path` (made owner-only if new), with the pragmas set.
    Raises `DatabaseUnavailableError` when the file cannot be made or is no database."""
    try:
        make_private(path)  # an empty file is an empty database to SQLite
        connection = await aiosqlite.connect(path, isolation_level=None)  # we issue BEGIN
    except (OSError, sqlite3.Error) as error:
        raise DatabaseUnavailableError(f"cannot open {path}: {_reason(error)}") from error
    try:
        connection.row_factory = _as_dict  # type: ignore[assignment]
        for pragma in PRAGMAS:  # the first read of the file: a file that is no database fails
            await connection.execute(pragma)
    except sqlite3.DatabaseError as error:
        await connection.close()
        raise DatabaseUnavailableError(f"cannot open {path}: {_reason(error)}") from error
    except BaseException:
        await connection.close()
        raise
    return connection


def _reason(error: BaseException) -> str:
    """What went wrong, without the path the message around it names already."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error)
