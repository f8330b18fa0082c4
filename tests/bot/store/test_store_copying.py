"""`python -m bot copy-database`: an SQLite bot's every row moves to PostgreSQL, ids kept, and the
bot goes on there (issue 16)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.__main__ import EXIT_CONFIG, main
from bot.service import GameService
from bot.store import Database, Notify, open_database
from bot.store.copying import TABLES
from testing.servicekit import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    FakeClock,
    open_service,
    play_moves,
    start_computer_game,
    start_game,
)


async def a_busy_bot(service: GameService, clock: FakeClock) -> None:
    """Games of every kind of row: a finished match (rated), a game going on, the computer to
    move, a challenge waiting, a holiday, a notification choice, a block."""
    await start_game(service, best_of=3)
    await play_moves(service)  # both move: the match is rated
    for _ in range(2):
        await service.resign(CHANNEL, BOB)
        clock.advance(minutes=1)  # a minute apart: not the same command sent twice
    await start_game(service, channel_id=CHANNEL + 1)
    await service.play(CHANNEL + 1, ALICE, "a1 c1")
    await start_computer_game(service, player_first=False, channel_id=CHANNEL + 2)
    await service.challenge(
        game_kind="verbindung",
        guild_id=GUILD,
        channel_id=CHANNEL + 3,
        challenger_id=BOB,
        opponent_id=ALICE,
    )
    await service.start_vacation(BOB, 3)
    await service.set_notify(ALICE, Notify.TURNS, "de")
    await service.block(ALICE, BOB + 1)


async def command(*argv: str) -> int:
    """`python -m bot ...` as its `main` (in a thread: it runs an event loop of its own)."""
    return await asyncio.to_thread(main, list(argv), {})


async def every_row(database: Database) -> dict[str, list[tuple]]:
    rows = {}
    async with database.read() as db:
        for table in TABLES:
            found = await db.fetch_all(f"SELECT * FROM {table}")
            rows[table] = sorted((tuple(sorted(row.items())) for row in found), key=repr)
    return rows


async def test_every_row_moves_to_postgresql_and_the_bot_goes_on_there(
    tmp_path: Path, postgres_server, clock: FakeClock
) -> None:
    source = tmp_path / "bot.sqlite3"
    service = await open_service(source, clock)
    await a_busy_bot(service, clock)
    await service.connection.close()
    url = await postgres_server.fresh_url()
    assert await command("copy-database", "--from", str(source), "--to", url) == 0
    before, after = await open_database(source), await open_database(url)
    try:
        copied = await every_row(after)
        assert copied == await every_row(before)
        assert all(copied[table] for table in TABLES)  # the bot had rows of every kind
    finally:
        await before.close()
        await after.close()
    again = await open_service(url, clock)
    try:  # new ids follow the copied ones
        started = await start_game(again, channel_id=CHANNEL + 9)
        assert started.view.id == max(dict(row)["id"] for row in copied["games"]) + 1
    finally:
        await again.connection.close()


async def test_copying_covers_every_table_of_the_schema(tmp_path: Path) -> None:
    database = await open_database(tmp_path / "bot.sqlite3")
    try:
        async with database.read() as db:
            tables = await db.fetch_all("SELECT name FROM sqlite_master WHERE type = 'table'")
    finally:
        await database.close()
    assert {row["name"] for row in tables} == set(TABLES)


async def test_a_target_with_games_or_a_missing_file_is_refused(
    tmp_path: Path, postgres_server, clock: FakeClock, capsys
) -> None:
    source = tmp_path / "bot.sqlite3"
    service = await open_service(source, clock)
    await start_game(service)
    await service.connection.close()
    url = await postgres_server.fresh_url()
    assert await command("copy-database", "--from", str(source), "--to", url) == 0
    assert await command("copy-database", "--from", str(source), "--to", url) == EXIT_CONFIG
    assert "has games already" in capsys.readouterr().err
    missing = str(tmp_path / "none.sqlite3")
    assert await command("copy-database", "--from", missing, "--to", url) == EXIT_CONFIG
    to_a_file = ["copy-database", "--from", str(source), "--to", str(source)]
    assert await command(*to_a_file) == EXIT_CONFIG
