"""Open the database a setting names, whichever backend it is on."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Generator
from pathlib import Path
from types import TracebackType
from typing import Any

from bot.store.database import Database, is_postgres_url
from bot.store.postgres import PostgresDatabase
from bot.store.sqlite import SqliteDatabase


def open_database(
    target: str | Path, *, upto: int | None = None, pool_size: int | None = None
) -> Opening:
    """Open and migrate the database at `target`: a `postgresql://user:password@host:port/db`
    URL, or the path of an SQLite file (created with its folder if needed). Use it as
    ``async with open_database(target) as database:`` (closed on leaving, whatever happens), or
    await it for a database the caller closes.

    `upto` stops the migrations at that schema version (for tests of old databases);
    `pool_size` bounds PostgreSQL's connections. Raises `SchemaTooNewError` for a database made
    by a newer bot.
    """
    if is_postgres_url(target):
        url = str(target)
        return Opening(lambda: PostgresDatabase.open(url, upto=upto, pool_size=pool_size))
    path = Path(target)
    return Opening(lambda: SqliteDatabase.open(path, upto=upto))


class Opening:
    """A database about to be opened: awaited, the open database; entered with `async with`,
    the open database, closed on leaving (as asyncpg's pools and aiosqlite's connections do)."""

    def __init__(self, opener: Callable[[], Coroutine[Any, Any, Database]]) -> None:
        self._opener = opener
        self._database: Database | None = None

    def __await__(self) -> Generator[Any, None, Database]:
        return self._opener().__await__()

    async def __aenter__(self) -> Database:
        self._database = await self._opener()
        return self._database

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        assert self._database is not None  # entered
        database, self._database = self._database, None
        await database.close()
