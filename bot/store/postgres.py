"""The PostgreSQL backend, for a bot that outgrows one process: asyncpg with a connection pool.

Several bot processes share one server. Each transaction has a connection of its own (there is
no lock in the process: the server serialises what conflicts). A use case that changes a row
reads it `FOR UPDATE` (`Db.for_update`), so a second process changing the same game waits and
then sees the first one's change; the optimistic revision checks of the store's UPDATEs stay as
the second line of defence. Transactions run at READ COMMITTED, PostgreSQL's default.
"""

from __future__ import annotations

import functools
import logging
import os
import socket
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, ClassVar

import asyncpg

from bot.store.connection import Db, IntegrityError, Row
from bot.store.database import Database, DatabaseUnavailableError
from bot.store.migrations import postgres as migrations
from bot.store.urls import redact_url, scrub_url

if TYPE_CHECKING:
    from bot.store.migrations.postgres import Connection

log = logging.getLogger(__name__)

POOL_SIZE = 10
"""Connections per process: a use case holds one for a few milliseconds."""


@functools.lru_cache(maxsize=2048)
def numbered(sql: str) -> str:
    """The store's `?` placeholders as PostgreSQL's `$1, $2, ...` (the store's SQL has no `?`
    inside a literal)."""
    parts = sql.split("?")
    return parts[0] + "".join(f"${number}{part}" for number, part in enumerate(parts[1:], 1))


class PostgresDb(Db):
    """A pooled connection of a PostgreSQL transaction or read."""

    backend: ClassVar[str] = "postgresql"

    def __init__(self, connection: Connection, *, in_transaction: bool) -> None:
        self.connection = connection
        self.for_update = " FOR UPDATE" if in_transaction else ""
        self.skip_locked = " FOR UPDATE SKIP LOCKED" if in_transaction else ""

    async def lock(self, name: str) -> None:
        """A transaction's advisory lock on `name` (hashed by the server)."""
        await self.connection.execute("SELECT pg_advisory_xact_lock(hashtext($1))", name)

    async def reserve_ids(self, table: str, count: int) -> list[int]:
        """The next `count` values of the sequence of `table`'s identity column `id`."""
        if count == 0:
            return []
        rows = await self.connection.fetch(
            "SELECT nextval(pg_get_serial_sequence($1, 'id')) AS id"
            " FROM generate_series(1, $2::integer) ORDER BY 1",
            table,
            count,
        )
        return [int(row["id"]) for row in rows]

    async def notify(self, channel: str, payload: str) -> None:
        """NOTIFY `channel` (delivered to the listeners when the transaction commits)."""
        await self.connection.execute("SELECT pg_notify($1, $2)", channel, payload)

    async def notify_all(self, channel: str, payloads: Sequence[str]) -> None:
        """NOTIFY `channel` of each payload, in one statement."""
        if payloads:
            await self.connection.execute(
                "SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload",
                channel,
                list(payloads),
            )

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        """Run one statement; return how many rows it changed (from the command tag)."""
        try:
            status = await self.connection.execute(numbered(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise _integrity(error) from error
        count = status.rsplit(" ", 1)[-1]
        return int(count) if count.isdigit() else 0

    async def fetch_all(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Every row `sql` selects, in its order."""
        try:
            records = await self.connection.fetch(numbered(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as error:  # an INSERT ... RETURNING
            raise _integrity(error) from error
        return [dict(record.items()) for record in records]


async def _keep(connection: object) -> None:
    """What a connection goes back to the pool with: as it is. The store keeps no state in a
    session (no SET, no temporary table, no session lock; LISTEN has a connection of its own),
    so asyncpg's reset would be a round trip to the server after every use for nothing."""


def _integrity(error: asyncpg.IntegrityConstraintViolationError) -> IntegrityError:
    """The store's error, naming the constraint and the key as PostgreSQL reports them."""
    detail = getattr(error, "detail", None) or ""
    constraint = getattr(error, "constraint_name", None) or ""
    return IntegrityError(f"{error} ({constraint}) {detail}".strip())


def _unavailable(error: BaseException, url: str) -> str:
    """Why the server at `url` cannot be used, in one line without a password: PostgreSQL's own
    words (no such database, a failed login), or the network's (a refused connection)."""
    if isinstance(error, asyncpg.PostgresError):
        reason = str(error)
    elif isinstance(error, OSError):
        reason = f"cannot connect ({_network_reason(error)})"
    elif isinstance(error, ValueError | OverflowError):
        reason = f"the URL cannot be used ({error})"
    else:
        reason = str(error)
    where = redact_url(url)
    return scrub_url(" ".join(f"{where}: {reason}".split()), url)


def _network_reason(error: OSError) -> str:
    """Why the connection failed, in the system's words ("Connection refused", "Name or
    service not known"): asyncio says "Connect call failed (address)", which the URL says."""
    if isinstance(error, TimeoutError):
        return "no answer in time"
    if isinstance(error, socket.gaierror):
        return error.strerror or str(error)
    if error.errno is not None and error.errno > 0:
        return os.strerror(error.errno)
    return str(error)


class PostgresDatabase(Database):
    """A PostgreSQL database with its migrations applied, through a pool of connections."""

    backend = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        super().__init__()
        self._pool = pool
        self.url = url
        self._listener: asyncpg.Connection | None = None  # a connection of its own for LISTEN

    def __repr__(self) -> str:
        return f"<PostgresDatabase {redact_url(self.url)}>"

    @classmethod
    async def open(
        cls, url: str, *, upto: int | None = None, pool_size: int | None = None
    ) -> PostgresDatabase:
        """Connect to `url`, migrate the database and keep a pool of connections.

        Raises `SchemaTooNewError` for a database made by a newer bot, and
        `DatabaseUnavailableError` for a server that cannot be reached, or refuses the login or
        has no such database.
        """
        size = pool_size or POOL_SIZE
        try:  # the pool connects its first connection at once
            pool = await asyncpg.create_pool(url, min_size=1, max_size=size, reset=_keep)
        except (
            OSError,  # refused, unreachable, unknown host, timed out
            asyncpg.PostgresError,  # no such database, a failed login, too many connections
            asyncpg.InterfaceError,  # options asyncpg cannot use
            ValueError,  # a port that is no number
            OverflowError,  # a port past 65535
        ) as error:
            # Not chained: asyncpg's own words may repeat a mistyped URL, password and all.
            raise DatabaseUnavailableError(_unavailable(error, url)) from None
        try:
            async with pool.acquire() as connection:
                version = await migrations.migrate(connection, upto)
        except BaseException:
            await pool.close()
            raise
        log.info("database %s ready at schema version %d", redact_url(url), version)
        return cls(pool, url)

    async def schema_version(self) -> int:
        """The schema version recorded in the database."""
        async with self._pool.acquire() as connection:
            return await migrations.schema_version(connection)

    async def close(self) -> None:
        """Close the pool (waiting for the connections in use to be released)."""
        if self._listener is not None:
            await self._listener.close()
        await self._pool.close()

    async def listen(self, channel: str, callback: Callable[[str], None]) -> None:
        """LISTEN on `channel` on a connection kept for it (a pooled one would be handed to
        others); `callback` gets each NOTIFY's payload. Should that connection be lost, the
        processes' polling still finds everything, later."""
        if self._listener is None:
            self._listener = await asyncpg.connect(self.url)

        def heard(_connection: object, _pid: int, _channel: str, payload: object) -> None:
            callback(str(payload))

        await self._listener.add_listener(channel, heard)

    @asynccontextmanager
    async def _begin(self) -> AsyncIterator[Db]:
        async with self._pool.acquire() as connection, connection.transaction():
            yield PostgresDb(connection, in_transaction=True)

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[Db]:
        async with self._pool.acquire() as connection:
            yield PostgresDb(connection, in_transaction=False)

    @asynccontextmanager
    async def _snapshot(self) -> AsyncIterator[Db]:
        async with (
            self._pool.acquire() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield PostgresDb(connection, in_transaction=False)  # nothing to lock: it only reads
