"""The database: its settings, its migrations (alike on both backends), and the rules it
enforces itself."""

import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.store import (
    SCHEMA_VERSION,
    ChannelBusyError,
    Database,
    Db,
    IntegrityError,
    NewGame,
    SchemaTooNewError,
    games,
    open_database,
)


async def pragma(connection: Database, name: str) -> object:
    async with connection.read() as db:
        return await db.fetch_value(f"PRAGMA {name}")


async def test_the_file_and_its_folder_are_created_with_safe_settings(tmp_path: Path) -> None:
    path = tmp_path / "data" / "nested" / "bot.sqlite3"
    connection = await open_database(path)
    try:
        assert path.is_file()
        assert await pragma(connection, "journal_mode") == "wal"
        assert await pragma(connection, "foreign_keys") == 1
        assert await pragma(connection, "synchronous") == 1  # NORMAL
        assert await pragma(connection, "busy_timeout") >= 1000
        assert await pragma(connection, "user_version") == SCHEMA_VERSION
    finally:
        await connection.close()


CLOSED = (ValueError, asyncpg.InterfaceError)
"""What each backend raises when a closed database is used (aiosqlite; asyncpg's pool)."""


async def test_a_database_opened_with_async_with_is_closed_on_leaving(database_at) -> None:
    with pytest.raises(RuntimeError, match="a use case failed"):
        async with open_database(database_at) as database:
            assert await database.schema_version() == SCHEMA_VERSION
            raise RuntimeError("a use case failed")  # closed all the same
    with pytest.raises(CLOSED):
        await database.schema_version()
    async with await open_database(database_at) as reopened:  # an open one, entered
        assert await reopened.schema_version() == SCHEMA_VERSION
    with pytest.raises(CLOSED):
        await reopened.schema_version()


async def test_a_database_from_a_newer_bot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaTooNewError, match="newer"):
        await open_database(path)
    with sqlite3.connect(path) as db:  # and left untouched
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
        assert db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0


async def test_a_postgresql_database_from_a_newer_bot_is_refused(postgres_server) -> None:
    url = await postgres_server.fresh_url()
    await (await open_database(url)).close()
    schema = url.partition("search_path=")[2]
    admin = await asyncpg.connect(postgres_server.url())
    try:
        newer = SCHEMA_VERSION + 1
        await admin.execute(f'UPDATE "{schema}".schema_version SET version = $1', newer)
        with pytest.raises(SchemaTooNewError, match="newer"):
            await open_database(url)
        assert await admin.fetchval(f'SELECT version FROM "{schema}".schema_version') == newer
    finally:
        await admin.close()


async def columns(db: Db) -> set[tuple[str, str]]:
    """Every (table, column) of the database, but the version table PostgreSQL keeps and the
    tables SQLite keeps for itself (`sqlite_sequence`, the counters of AUTOINCREMENT ids)."""
    if db.backend == "sqlite":
        tables = await db.fetch_all(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
        found = set()
        for table in tables:
            info = await db.fetch_all(f"PRAGMA table_info({table['name']})")
            found |= {(table["name"], column["name"]) for column in info}
        return found
    rows = await db.fetch_all(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name <> 'schema_version'"
    )
    return {(row["table_name"], row["column_name"]) for row in rows}


async def test_both_backends_have_the_same_tables_and_columns_at_every_version(
    tmp_path: Path, postgres_server
) -> None:
    for version in range(1, SCHEMA_VERSION + 1):
        found = []
        for where in (tmp_path / f"v{version}.sqlite3", await postgres_server.fresh_url()):
            database = await open_database(where, upto=version)
            try:
                async with database.read() as db:
                    found.append(await columns(db))
            finally:
                await database.close()
        assert found[0] == found[1], f"version {version}: {found[0] ^ found[1]}"
        assert found[0]


def new_game(channel_id: int, **changes: object) -> NewGame:
    values: dict = {
        "game_kind": "ponte",
        "variant": "online",
        "guild_id": 1,
        "channel_id": channel_id,
        "parent_channel_id": None,
        "first_id": 11,
        "second_id": 22,
        "first_colour": "white",
        "second_colour": "red",
        "move_seconds": 3600,
        "turn_started_at": 0,
        "deadline": 3600,
        "next_alarm_at": 1800,
        "record": '{"game": "ponte", "variant": "online", "moves": []}',
        "revision": 0,
        "seed": 1,
        "created_at": 0,
    }
    values.update(changes)
    return NewGame(**values)


async def test_the_database_allows_one_active_game_per_channel(database_at) -> None:
    connection = await open_database(database_at)
    try:
        async with connection.transaction() as db:
            await games.insert_game(db, new_game(7))
        with pytest.raises(ChannelBusyError):
            async with connection.transaction() as db:
                await games.insert_game(db, new_game(7, first_id=33))
        async with connection.transaction() as db:  # another channel is fine
            await games.insert_game(db, new_game(8))
        async with connection.read() as db:
            assert [g.channel_id for g in await games.list_games(db)] == [8, 7]
    finally:
        await connection.close()


async def test_the_database_refuses_inconsistent_rows(database_at) -> None:
    connection = await open_database(database_at)
    try:
        for bad in (new_game(1, second_id=11), new_game(2, second_colour="white")):
            with pytest.raises(IntegrityError):
                async with connection.transaction() as db:
                    await games.insert_game(db, bad)
        async with connection.read() as db:
            assert await games.list_games(db) == []
    finally:
        await connection.close()


async def test_a_failed_transaction_changes_nothing(database_at) -> None:
    connection = await open_database(database_at)
    try:
        with pytest.raises(RuntimeError):
            async with connection.transaction() as db:
                await games.insert_game(db, new_game(1))
                raise RuntimeError("the use case failed after writing")
        async with connection.read() as db:
            assert await games.active_game_in(db, 1) is None
    finally:
        await connection.close()


async def test_a_nested_transaction_joins_the_outer_one_and_rolls_back_with_it(
    database_at,
) -> None:
    connection = await open_database(database_at)
    try:
        with pytest.raises(RuntimeError):
            async with connection.transaction() as outer:
                await games.insert_game(outer, new_game(1))
                async with connection.transaction() as inner:  # would deadlock if not joined
                    await games.insert_game(inner, new_game(2))
                async with connection.read() as reading:
                    assert len(await games.list_games(reading)) == 2
                raise RuntimeError("roll everything back")
        async with connection.read() as db:
            assert await games.list_games(db) == []
    finally:
        await connection.close()


async def test_a_game_of_any_registered_kind_can_be_stored(database_at) -> None:
    """The schema does not list the games: a new game needs a registry entry, no migration."""
    connection = await open_database(database_at)
    try:
        async with connection.transaction() as db:
            await db.execute(
                "INSERT INTO challenges (game_kind, variant, channel_id, challenger_id,"
                " opponent_id, challenger_first, move_seconds, created_at, expires_at)"
                " VALUES ('toy', 'standard', 1, 2, 3, 1, 3600, 0, 10)"
            )
            with pytest.raises(IntegrityError):
                await db.execute(
                    "INSERT INTO challenges (game_kind, variant, channel_id, challenger_id,"
                    " opponent_id, challenger_first, move_seconds, created_at, expires_at)"
                    " VALUES ('', 'standard', 1, 2, 3, 1, 3600, 0, 10)"
                )
    finally:
        await connection.close()
