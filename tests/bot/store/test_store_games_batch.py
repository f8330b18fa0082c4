"""Games stored many at once (`games.insert_games`, the pool's batches): each is handed back
exactly as a later read finds it, in the order given, on both backends."""

from dataclasses import replace
from pathlib import Path

import pytest

from bot.store import ChannelBusyError, Reach, games, open_database
from tests.bot.store.test_store_reach import new_game


async def test_games_stored_together_are_handed_back_as_stored(database_at: str | Path) -> None:
    given = [
        new_game(channel=-3),
        replace(new_game(Reach.REPLY, channel=-1), guild_id=7, next_alarm_at=None, seed=9),
        replace(new_game(channel=-2), computer_level="hard", move_seconds=60, record='{"a":1}'),
    ]
    async with open_database(database_at) as database, database.transaction() as db:
        stored = await games.insert_games(db, given)
        read = [await games.get_game(db, row.id) for row in stored]
    assert [row.channel_id for row in stored] == [-3, -1, -2]
    assert stored == read
    assert len({row.id for row in stored}) == 3


async def test_a_busy_channel_refuses_the_whole_batch(database_at: str | Path) -> None:
    async with open_database(database_at) as database:
        async with database.transaction() as db:
            await games.insert_game(db, new_game(channel=-2))
        with pytest.raises(ChannelBusyError):
            async with database.transaction() as db:
                await games.insert_games(db, [new_game(channel=-1), new_game(channel=-2)])
        async with database.read() as db:
            assert await games.active_game_in(db, -1) is None
