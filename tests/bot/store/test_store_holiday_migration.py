"""The migration that lets a holiday end in the second it began (issue 27, point 9): the stored
holidays stay, a holiday of no length is allowed, one that ends before it begins is not, on both
backends."""

from pathlib import Path

import pytest

from bot.store import SCHEMA_VERSION, IntegrityError, open_database, users
from bot.store.migrations import sqlite

BEFORE = sqlite.MIGRATIONS.index(sqlite.HOLIDAY_ENDED_AT_ONCE)
"""The schema version just before the migration."""


async def test_a_holiday_may_end_when_it_began_and_the_stored_ones_stay(
    database_at: str | Path,
) -> None:
    old = await open_database(database_at, upto=BEFORE)
    try:
        async with old.transaction() as db:
            await users.add_vacation(db, 11, 100, 200, 100)
        with pytest.raises(IntegrityError):  # what broke `/vacation end:True` at once
            async with old.transaction() as db:
                await users.end_vacation(db, 1, 100)
    finally:
        await old.close()
    connection = await open_database(database_at)
    try:
        assert await connection.schema_version() == SCHEMA_VERSION
        async with connection.transaction() as db:
            kept = await users.vacations_between(db, 11, 0, 1000)
            assert [(h.starts_at, h.ends_at) for h in kept] == [(100, 200)]
            await users.end_vacation(db, 1, 100)
            assert await users.current_vacation(db, 11, 100) is None
        with pytest.raises(IntegrityError, match=r"(?i)check"):
            async with connection.transaction() as db:
                await users.add_vacation(db, 11, 300, 299, 300)
    finally:
        await connection.close()
