"""How a game or a challenge reaches its channel (migration REACH): every row says so, the
games and challenges stored before the migration post as they always did, and the endings a
player of a reply-only game has not seen yet are kept once per player, on both backends."""

from pathlib import Path

import pytest

from bot.store import IntegrityError, NewGame, Reach, challenges, games, open_database
from bot.store.migrations import postgres, sqlite
from testing.servicekit import ALICE, BOB, CHANNEL

BEFORE = sqlite.MIGRATIONS.index(sqlite.REACH)
"""The schema version just before the migration (numbered alike on both backends)."""
assert postgres.MIGRATIONS.index(postgres.REACH) == BEFORE


def new_game(reach: Reach = Reach.POST, channel: int = CHANNEL) -> NewGame:
    return NewGame(
        game_kind="ponte",
        variant="online",
        guild_id=None,
        channel_id=channel,
        parent_channel_id=None,
        first_id=ALICE,
        second_id=BOB,
        first_colour="white",
        second_colour="red",
        move_seconds=3600,
        turn_started_at=0,
        deadline=3600,
        next_alarm_at=1800,
        record="{}",
        revision=0,
        seed=1,
        created_at=0,
        reach=reach,
    )


async def challenge(db, reach: Reach | None) -> int | None:
    extra = {} if reach is None else {"reach": reach}
    return await challenges.insert_challenge(
        db,
        game_kind="ponte",
        variant="online",
        guild_id=None,
        channel_id=CHANNEL,
        challenger_id=ALICE,
        opponent_id=BOB,
        challenger_first=True,
        move_seconds=3600,
        wants_thread=False,
        created_at=0,
        expires_at=100,
        **extra,
    )


async def test_games_and_challenges_keep_their_reach(database_at: str | Path) -> None:
    async with open_database(database_at) as database, database.transaction() as db:
        posted = await games.insert_game(db, new_game())
        replied = await games.insert_game(db, new_game(Reach.REPLY, CHANNEL + 1))
        stored = [await games.get_game(db, posted), await games.get_game(db, replied)]
        assert [row.reach for row in stored if row] == [Reach.POST, Reach.REPLY]
        assert isinstance(stored[1].reach, Reach)
        made = await challenge(db, Reach.REPLY)
        assert made is not None
        row = await challenges.get_challenge(db, made)
        assert row is not None and row.reach is Reach.REPLY


async def test_the_database_refuses_an_unknown_reach(database_at: str | Path) -> None:
    async with open_database(database_at) as database:
        with pytest.raises(IntegrityError):
            async with database.transaction() as db:
                await games.insert_game(db, new_game())
                await db.execute("UPDATE games SET reach = 'shout'")


async def test_an_unseen_ending_is_told_once_to_each_player(database_at: str | Path) -> None:
    async with open_database(database_at) as database, database.transaction() as db:
        game_id = await games.insert_game(db, new_game(Reach.REPLY))
        await games.add_unseen_ending(db, game_id, (ALICE, BOB))
        await games.add_unseen_ending(db, game_id, (ALICE,))  # twice: still once
        assert await games.unseen_ending_in(db, CHANNEL, ALICE) == game_id
        assert await games.unseen_ending_in(db, CHANNEL + 1, ALICE) is None
        assert await games.take_unseen_ending(db, game_id, ALICE)
        assert await games.unseen_ending_in(db, CHANNEL, ALICE) is None
        assert not await games.has_unseen_ending(db, game_id, ALICE)
        assert await games.has_unseen_ending(db, game_id, BOB)
        assert not await games.take_unseen_ending(db, game_id, ALICE)
        assert await games.take_unseen_ending(db, game_id, BOB)


async def test_challenges_stored_before_the_migration_post(database_at: str | Path) -> None:
    path = database_at
    async with open_database(path, upto=BEFORE) as database, database.transaction() as db:
        await db.execute(
            "INSERT INTO challenges (game_kind, variant, channel_id, challenger_id,"
            " opponent_id, challenger_first, move_seconds, created_at, expires_at)"
            " VALUES ('ponte', 'online', ?, ?, ?, 1, 3600, 0, 100)",
            (CHANNEL, ALICE, BOB),
        )
    async with open_database(path) as database, database.read() as db:
        row = await challenges.get_challenge(db, 1)
        assert row is not None and row.reach is Reach.POST
