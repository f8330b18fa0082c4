"""A database made by the first schema keeps all its data through every later migration, on
both backends."""

import json
from pathlib import Path

import pytest

from bot.store import SCHEMA_VERSION, IntegrityError, PlayerTotals, challenges, games, open_database
from testing.servicekit import open_service

RECORD = json.dumps({"game": "ponte", "variant": "online", "moves": ["a1 c1"]})
FINISHED = json.dumps({"game": "ponte", "variant": "online", "moves": ["a1 c1", "resign red"]})
GAME_COLUMNS = (
    "id, game_kind, variant, guild_id, channel_id, first_id, second_id, first_colour,"
    " second_colour, status, move_seconds, turn_started_at, deadline, next_alarm_at, record,"
    " version, seed, created_at, updated_at, finished_at, result, termination, rule, winner_id"
)


async def fill_first_schema(where: str | Path) -> None:
    """Rows as the first version of the bot wrote them (its own SQL, frozen here)."""
    connection = await open_database(where, upto=1)
    async with connection.transaction() as db:
        await db.execute(
            f"INSERT INTO games ({GAME_COLUMNS}) VALUES"
            " (1, 'ponte', 'online', 5, 60, 11, 22, 'white', 'red', 'finished', 3600, 0, 3600,"
            "  NULL, ?, 2, 7, 0, 50, 50, 'white', 'resignation', 'P18', 11),"
            " (2, 'ponte', 'online', 5, 61, 33, 11, 'white', 'red', 'active', 7200, 100, 7300,"
            "  3700, ?, 1, 8, 100, 100, NULL, NULL, NULL, NULL, NULL)",
            (FINISHED, RECORD),
        )
        await db.execute(
            "INSERT INTO challenges (id, game_kind, variant, guild_id, channel_id, challenger_id,"
            " opponent_id, challenger_first, move_seconds, created_at, expires_at)"
            " VALUES (1, 'verbindung', 'standard', 5, 62, 22, 33, 1, 86400, 10, 999999)"
        )
    await connection.close()


async def test_the_first_schema_migrates_to_the_current_one_keeping_all_data(
    database_at: str | Path,
) -> None:
    await fill_first_schema(database_at)
    service = await open_service(database_at)
    try:
        assert await service.connection.schema_version() == SCHEMA_VERSION > 1
        async with service.connection.read() as db:
            finished, active = await games.get_game(db, 1), await games.get_game(db, 2)
            challenge = await challenges.get_challenge(db, 1)
        assert (finished.status, finished.winner_id, finished.record) == ("finished", 11, FINISHED)
        assert (active.status, active.move_seconds, active.record) == ("active", 7200, RECORD)
        assert (challenge.status, challenge.game_kind, challenge.opponent_id) == (
            "pending",
            "verbindung",
            33,
        )
        # Migration 2 derived each player's result from the finished game.
        assert await service.queries.totals(11) == [PlayerTotals("ponte", 1, 0, 0)]
        assert await service.queries.totals(22) == [PlayerTotals("ponte", 0, 1, 0)]
        assert await service.queries.totals(33) == []
        # The active game goes on under the new schema.
        result = await service.moves.play(61, 11, "f6 h8")
        # Migration 9: the number of moves it had is its first revision, and it grows on.
        assert result.view.revision == 2 and result.next_id == 33
    finally:
        await service.connection.close()


async def test_migration_3_marks_every_old_game_as_one_between_people(
    database_at: str | Path,
) -> None:
    await fill_first_schema(database_at)
    await (await open_database(database_at, upto=2)).close()  # as the bot before issue 7 left it
    service = await open_service(database_at)
    try:
        async with service.connection.read() as db:
            old = [await games.get_game(db, game_id) for game_id in (1, 2)]
        assert [row.computer_level for row in old] == [None, None]
        assert (old[0].winner_id, old[1].record) == (11, RECORD)
        assert await service.computer.open_computer_jobs() == []
        result = await service.moves.play(61, 11, "f6 h8")  # the old game goes on, with its clock
        assert result.next_id == 33 and result.view.next_alarm_at is not None
        async with service.connection.transaction() as db:
            with pytest.raises(IntegrityError, match=r"(?i)check"):
                await db.execute("UPDATE games SET computer_level = 'godlike' WHERE id = 2")
    finally:
        await service.connection.close()


async def test_migration_21_keeps_named_challenges_and_lets_only_open_ones_lack_an_opponent(
    database_at: str | Path,
) -> None:
    connection = await open_database(database_at, upto=20)
    async with connection.transaction() as db:
        await db.execute(
            "INSERT INTO challenges (id, game_kind, variant, guild_id, channel_id, challenger_id,"
            " opponent_id, challenger_first, move_seconds, created_at, expires_at, best_of,"
            " request_id, reach) VALUES"
            " (1, 'ponte', 'classic', 5, 62, 22, 33, 0, 86400, 10, 999999, 3, 77, 'reply')"
        )
    await connection.close()
    connection = await open_database(database_at)
    try:
        async with connection.transaction() as db:
            kept = await challenges.get_challenge(db, 1)
            assert kept is not None
            assert (kept.opponent_id, kept.best_of, kept.request_id, kept.reach) == (
                33,
                3,
                77,
                "reply",
            )
            assert (kept.to_anyone, kept.rating_window) == (0, None)
            # The pair's open challenge still holds a second one back, either way round.
            again = await challenges.insert_challenge(
                db,
                game_kind="ponte",
                variant="classic",
                guild_id=5,
                channel_id=62,
                challenger_id=33,
                opponent_id=22,
                challenger_first=True,
                move_seconds=3600,
                wants_thread=False,
                created_at=20,
                expires_at=999999,
            )
            assert again is None
        async with connection.transaction() as db:
            with pytest.raises(IntegrityError, match=r"(?i)check"):
                await db.execute("UPDATE challenges SET opponent_id = NULL WHERE id = 1")
    finally:
        await connection.close()
