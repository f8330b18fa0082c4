"""The database file: its settings, its migrations, and the rules it enforces itself."""

import sqlite3
from pathlib import Path

import pytest

from bot.store import MIGRATIONS, ChannelBusyError, Connection, NewGame, SchemaTooNewError, games


async def pragma(connection: Connection, name: str) -> object:
    async with connection.read() as db, db.execute(f"PRAGMA {name}") as cursor:
        row = await cursor.fetchone()
    return row[0]


async def test_the_file_and_its_folder_are_created_with_safe_settings(tmp_path: Path) -> None:
    path = tmp_path / "data" / "nested" / "bot.sqlite3"
    connection = await Connection.open(path)
    try:
        assert path.is_file()
        assert await pragma(connection, "journal_mode") == "wal"
        assert await pragma(connection, "foreign_keys") == 1
        assert await pragma(connection, "synchronous") == 1  # NORMAL
        assert await pragma(connection, "busy_timeout") >= 1000
        assert await pragma(connection, "user_version") == len(MIGRATIONS)
    finally:
        await connection.close()


async def test_a_database_from_a_newer_bot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    with pytest.raises(SchemaTooNewError, match="newer"):
        await Connection.open(path)
    with sqlite3.connect(path) as db:  # and left untouched
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) + 1
        assert db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0


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
        "version": 0,
        "seed": 1,
        "created_at": 0,
    }
    values.update(changes)
    return NewGame(**values)


async def test_the_database_allows_one_active_game_per_channel(tmp_path: Path) -> None:
    connection = await Connection.open(tmp_path / "bot.sqlite3")
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


async def test_the_database_refuses_inconsistent_rows(tmp_path: Path) -> None:
    connection = await Connection.open(tmp_path / "bot.sqlite3")
    try:
        for bad in (new_game(1, second_id=11), new_game(2, second_colour="white")):
            with pytest.raises(sqlite3.IntegrityError):
                async with connection.transaction() as db:
                    await games.insert_game(db, bad)
        async with connection.read() as db:
            assert await games.list_games(db) == []
    finally:
        await connection.close()


async def test_a_failed_transaction_changes_nothing(tmp_path: Path) -> None:
    connection = await Connection.open(tmp_path / "bot.sqlite3")
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
    tmp_path: Path,
) -> None:
    connection = await Connection.open(tmp_path / "bot.sqlite3")
    try:
        with pytest.raises(RuntimeError):
            async with connection.transaction() as outer:
                await outer.execute("CREATE TABLE marks (n INTEGER)")
                async with connection.transaction() as inner:  # would deadlock if not joined
                    await inner.execute("INSERT INTO marks VALUES (1)")
                async with (
                    connection.read() as reading,
                    reading.execute("SELECT count(*) FROM marks") as cursor,
                ):
                    assert (await cursor.fetchone())[0] == 1
                raise RuntimeError("roll everything back")
        query = "SELECT name FROM sqlite_master WHERE name = 'marks'"
        async with connection.read() as db, db.execute(query) as cursor:
            assert await cursor.fetchone() is None
    finally:
        await connection.close()


async def test_a_game_of_any_registered_kind_can_be_stored(tmp_path: Path) -> None:
    """The schema does not list the games: a new game needs a registry entry, no migration."""
    connection = await Connection.open(tmp_path / "bot.sqlite3")
    try:
        async with connection.transaction() as db:
            await db.execute(
                "INSERT INTO challenges (game_kind, variant, channel_id, challenger_id,"
                " opponent_id, challenger_first, move_seconds, created_at, expires_at)"
                " VALUES ('toy', 'standard', 1, 2, 3, 1, 3600, 0, 10)"
            )
            with pytest.raises(sqlite3.IntegrityError):
                await db.execute(
                    "INSERT INTO challenges (game_kind, variant, channel_id, challenger_id,"
                    " opponent_id, challenger_first, move_seconds, created_at, expires_at)"
                    " VALUES ('', 'standard', 1, 2, 3, 1, 3600, 0, 10)"
                )
    finally:
        await connection.close()
