"""Open the database a setting names, whichever backend it is on."""

from __future__ import annotations

from pathlib import Path

from bot.store.database import Database, is_postgres_url
from bot.store.postgres import PostgresDatabase
from bot.store.sqlite import SqliteDatabase


async def open_database(
    target: str | Path, *, upto: int | None = None, pool_size: int | None = None
) -> Database:
    """Open and migrate the database at `target`: a `postgresql://user:password@host:port/db`
    URL, or the path of an SQLite file (created with its folder if needed).

    `upto` stops the migrations at that schema version (for tests of old databases);
    `pool_size` bounds PostgreSQL's connections. Raises `SchemaTooNewError` for a database made
    by a newer bot.
    """
    if is_postgres_url(target):
        return await PostgresDatabase.open(str(target), upto=upto, pool_size=pool_size)
    return await SqliteDatabase.open(Path(target), upto=upto)
