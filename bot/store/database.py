"""An open database of either backend: `transaction()` for a use case, `read()` for a lookup.

`bot.store.opening.open_database` picks the backend from where the data lives: a
`postgresql://` URL opens PostgreSQL (`bot.store.postgres`), anything else is the path of an
SQLite file (`bot.store.sqlite`), the embedded default. Both apply the numbered migrations on
opening and refuse a database written by a newer bot. The layers above see only `Database` and
`Db`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from contextvars import ContextVar
from pathlib import Path
from types import TracebackType
from typing import Self

from bot.store.connection import Db

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class DatabaseUnavailableError(Exception):
    """The database cannot be opened: its server refuses or cannot be reached, the database or
    the login does not exist, or the SQLite file cannot be made or is no database. The message
    says which in one line, without any password."""


def is_postgres_url(target: str | Path) -> bool:
    """Whether `target` names a PostgreSQL server rather than an SQLite file."""
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


class Database(ABC):
    """An open, migrated database; `async with` it to have it closed on leaving."""

    backend: str
    """`sqlite` or `postgresql`."""

    def __init__(self) -> None:
        # The transaction this task (and what it awaits) is inside, so that a nested
        # `transaction()` or `read()` joins it instead of waiting for a connection it holds.
        self._current: ContextVar[Db | None] = ContextVar(f"transaction_{id(self)}", default=None)
        # What the outermost transaction of this task runs once it has committed.
        self._after: ContextVar[list[Callable[[], None]] | None] = ContextVar(
            f"after_commit_{id(self)}", default=None
        )

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Db]:
        """A write transaction, committed on exit and rolled back on an error. Inside another
        transaction of the same task it joins that one: its changes commit or roll back with
        the outer transaction."""
        joined = self._current.get()
        if joined is not None:
            yield joined
            return
        committed: list[Callable[[], None]] = []
        async with self._begin() as db:
            token, after = self._current.set(db), self._after.set(committed)
            try:
                yield db
            finally:
                self._current.reset(token)
                self._after.reset(after)
        for callback in committed:
            callback()

    def after_commit(self, callback: Callable[[], None]) -> None:
        """Call `callback` once the transaction this task is inside has committed (never if it
        rolls back), or at once outside a transaction: for what must only be heard of a
        change that is stored, such as waking the deliverer of the posts it owes. The
        callback must return quickly and not raise."""
        pending = self._after.get()
        if pending is None:
            callback()
        else:
            pending.append(callback)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Db]:
        """A connection for reads that need no transaction (each statement sees committed
        data); inside a transaction of the same task, that transaction's connection."""
        joined = self._current.get()
        if joined is not None:
            yield joined
            return
        async with self._reading() as db:
            yield db

    def snapshot(self) -> AbstractAsyncContextManager[Db]:
        """A read-only transaction: every read in it sees the database as it was at its first
        read, whatever other processes commit meanwhile (for a copy of every table)."""
        return self._snapshot()

    @abstractmethod
    def _begin(self) -> AbstractAsyncContextManager[Db]:
        """A new transaction on a connection of its own."""

    @abstractmethod
    def _reading(self) -> AbstractAsyncContextManager[Db]:
        """A connection outside any transaction."""

    @abstractmethod
    def _snapshot(self) -> AbstractAsyncContextManager[Db]:
        """A read-only transaction on a connection of its own."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The schema version the database records."""

    @abstractmethod
    async def close(self) -> None:
        """Close every connection (waiting for the transactions in progress)."""

    async def listen(self, channel: str, callback: Callable[[str], None]) -> None:  # noqa: B027
        """Call `callback(payload)` whenever a process NOTIFYs `channel` (see `Db.notify`).
        Nothing for SQLite, which one process uses: its own changes it knows of by events."""
