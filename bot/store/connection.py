"""The SQLite connection: pragmas, migrations at start, and serialised transactions.

One aiosqlite connection runs its statements on one thread, in order. Two coroutines sharing it
must never interleave statements inside a transaction, so every use of the connection, reads
included, goes through one `asyncio.Lock`. Across processes (a second bot, a maintenance script)
SQLite's own lock and the busy timeout serialise `BEGIN IMMEDIATE` transactions.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from pathlib import Path

import aiosqlite

from bot.store.migrations import MIGRATIONS, migrate

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5_000
"""How long a statement waits for another process's write lock before giving up."""

PRAGMAS = (
    "PRAGMA journal_mode = WAL",  # readers never block the writer, and commits stay cheap
    "PRAGMA synchronous = NORMAL",  # safe with WAL: a power cut may lose the last commit only
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
)


class Connection:
    """An open database with its migrations applied; use `transaction()` or `read()`."""

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        # Set while this task (and what it awaits) is inside a transaction, so that a nested
        # `transaction()` or `read()` joins it instead of waiting for the lock it holds.
        self._joined: ContextVar[bool] = ContextVar(f"in_transaction_{id(self)}", default=False)
        self.path = path

    @classmethod
    async def open(cls, path: Path, *, upto: int | None = None) -> Connection:
        """Open (creating it and its folder if needed) and migrate the database at `path`.

        `upto` stops the migrations at that schema version (for tests of old databases).
        Raises `SchemaTooNewError` when the file was made by a newer version of the bot.
        """
        path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path, isolation_level=None)  # we issue BEGIN ourselves
        try:
            db.row_factory = sqlite3.Row
            for pragma in PRAGMAS:
                await db.execute(pragma)
            # Off while migrating: a migration may rebuild a table others refer to (SQLite's
            # own recipe); `migrate` checks every key before it commits.
            await db.execute("PRAGMA foreign_keys = OFF")
            version = await migrate(db, len(MIGRATIONS) if upto is None else upto)
            await db.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            await db.close()
            raise
        log.info("database %s ready at schema version %d", path, version)
        return cls(db, path)

    async def close(self) -> None:
        """Close the connection (waiting for the transaction in progress, if any)."""
        async with self._lock:
            await self._db.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """A write transaction (`BEGIN IMMEDIATE`), committed on exit, rolled back on error.

        Inside another transaction of the same task it joins that one: its changes commit or
        roll back with the outer transaction.
        """
        if self._joined.get():
            yield self._db
            return
        async with self._lock:
            token = self._joined.set(True)
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                yield self._db
            except BaseException:
                # Also when cancelled right after BEGIN: never leave the shared connection
                # inside a transaction, or every later BEGIN would fail.
                if self._db.in_transaction:
                    await self._db.execute("ROLLBACK")
                raise
            finally:
                self._joined.reset(token)
            await self._db.execute("COMMIT")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection for reads that need no transaction (one consistent statement each);
        inside a transaction of the same task, that transaction's connection."""
        if self._joined.get():
            yield self._db
            return
        async with self._lock:
            yield self._db
