"""The open challenge of a pair of players: the database itself keeps it to one per channel,
whichever of the two made it, on both backends (migration OPEN_CHALLENGE_PAIRS)."""

from pathlib import Path

from bot.store import ChallengeStatus, challenges, open_database
from bot.store.migrations import postgres, sqlite
from testing.servicekit import ALICE, BOB, CAROL, CHANNEL

BEFORE = sqlite.MIGRATIONS.index(sqlite.OPEN_CHALLENGE_PAIRS)
"""The schema version just before the migration (numbered alike on both backends)."""
assert postgres.MIGRATIONS.index(postgres.OPEN_CHALLENGE_PAIRS) == BEFORE


async def insert(db, challenger: int, opponent: int, channel: int = CHANNEL) -> int | None:
    return await challenges.insert_challenge(
        db,
        game_kind="ponte",
        variant="online",
        guild_id=5,
        channel_id=channel,
        challenger_id=challenger,
        opponent_id=opponent,
        challenger_first=True,
        move_seconds=3600,
        wants_thread=False,
        created_at=0,
        expires_at=100,
        request_id=1,
    )


async def test_a_second_open_challenge_of_a_pair_in_a_channel_is_not_stored(
    database_at: str | Path,
) -> None:
    async with open_database(database_at) as database, database.transaction() as db:
        first = await insert(db, ALICE, BOB)
        assert first is not None
        assert await insert(db, ALICE, BOB) is None  # the same way round
        assert await insert(db, BOB, ALICE) is None  # or the other
        assert await insert(db, ALICE, BOB, channel=CHANNEL + 1) is not None  # elsewhere
        assert await insert(db, ALICE, CAROL) is not None  # another pair
        found = await challenges.open_between(db, CHANNEL, BOB, ALICE)
        assert found is not None and (found.id, found.request_id) == (first, 1)
        await challenges.answer_challenge(db, first, ChallengeStatus.DECLINED, 10)
        assert await insert(db, BOB, ALICE) is not None  # closed: the pair is free again


async def test_the_migration_withdraws_duplicates_the_old_check_let_through(
    database_at: str | Path,
) -> None:
    before = await open_database(database_at, upto=BEFORE)
    async with before.transaction() as db:
        for challenge_id, challenger, opponent, status in (
            (1, ALICE, BOB, "pending"),
            (2, BOB, ALICE, "pending"),  # the other way round: a racing rematch
            (3, ALICE, BOB, "pending"),  # twice: one command delivered to two processes
            (4, ALICE, CAROL, "pending"),
            (5, CAROL, ALICE, "declined"),
        ):
            await db.execute(
                "INSERT INTO challenges (id, game_kind, variant, guild_id, channel_id,"
                " challenger_id, opponent_id, challenger_first, move_seconds, status,"
                " created_at, expires_at) VALUES (?, 'ponte', 'online', 5, ?, ?, ?, 1, 3600,"
                " ?, 0, 100)",
                (challenge_id, CHANNEL, challenger, opponent, status),
            )
    await before.close()
    async with open_database(database_at) as database, database.read() as db:
        rows = [await challenges.get_challenge(db, n) for n in range(1, 6)]
    statuses = [row.status for row in rows if row is not None]
    assert statuses == ["pending", "cancelled", "cancelled", "pending", "declined"]
