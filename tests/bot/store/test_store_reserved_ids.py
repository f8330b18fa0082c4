"""Ids reserved without rows (`Db.reserve_ids`, a pool game's place named after a seek that is
never stored): never an id a row has had or will have, on both backends."""

from pathlib import Path

from bot.store import open_database
from bot.store import seeks as store
from bot.store.seeks import NewSeek


def new_seek(user_id: int) -> NewSeek:
    return NewSeek(user_id, "ponte", None, None, True, 1500.0, user_id, None, 0, 100)


async def test_reserved_ids_are_new_in_order_and_never_a_rows(database_at: str | Path) -> None:
    async with open_database(database_at) as database, database.transaction() as db:
        first = await db.reserve_ids("seeks", 3)  # before any row
        stored = await store.insert_seeks(db, [new_seek(1), new_seek(2)])
        await store.remove_seeks(db, list(stored.values()))
        second = await db.reserve_ids("seeks", 2)
        after = await store.insert_seeks(db, [new_seek(3)])
    assert first == list(range(first[0], first[0] + 3))
    assert min(stored.values()) > first[-1]
    assert second == list(range(second[0], second[0] + 2))
    assert second[0] > max(stored.values())
    assert after[3, "ponte"] > second[-1]


async def test_a_reservation_holds_in_the_next_transactions(
    database_at: str | Path,
) -> None:
    async with open_database(database_at) as database:
        async with database.transaction() as db:
            kept = await db.reserve_ids("seeks", 1)
        async with database.transaction() as db:
            stored = await store.insert_seeks(db, [new_seek(1)])
    assert stored[1, "ponte"] > kept[0]
