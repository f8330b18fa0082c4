"""`python -m bot copy-database`: an SQLite bot's every row moves to PostgreSQL, ids kept, and the
bot goes on there (issue 16)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.__main__ import EXIT_CONFIG, EXIT_NOT_COPIED, EXIT_NOT_EMPTY, main
from bot.service import GameService
from bot.service.deadlines import HOUR
from bot.service.seeks import Paired as PairedSeek
from bot.store import (
    Database,
    Db,
    Notify,
    Reach,
    games,
    open_database,
    outbox,
    tournaments,
)
from bot.store.copying import TABLES, TRANSIENT, CopyFailedError, copy_database
from bot.store.outbox import NewPost
from bot.store.sqlite import SqliteDb
from bot.store.tournaments import NewPairing, NewTournament
from testing.puzzlekit import puzzle_at
from testing.servicekit import (
    ALICE,
    BOB,
    CAROL,
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
    move, a challenge waiting, a holiday, a notification choice, a block, a reply-only game
    lost on time that its players have not seen, an analysis under way, a player's note, a
    follower, a lesson begun, a seek taken back, one waiting in the pool and a pool game, a queued
    line."""
    await start_game(service, best_of=3)
    await play_moves(service)  # both move: the match is rated
    for _ in range(2):
        await service.moves.resign(CHANNEL, BOB)
        clock.advance(minutes=1)  # a minute apart: not the same command sent twice
    await start_game(service, channel_id=CHANNEL + 1)
    await service.moves.play(CHANNEL + 1, ALICE, "a1 c1")
    await service.premoves.queue(CHANNEL + 1, ALICE, "l10 l12; e1 e3")  # Bob's move, her answer
    await start_computer_game(service, player_first=False, channel_id=CHANNEL + 2)
    await service.challenges.challenge(
        game_kind="verbindung",
        guild_id=GUILD,
        channel_id=CHANNEL + 3,
        challenger_id=BOB,
        opponent_id=ALICE,
    )
    await service.vacations.start_vacation(BOB, 3)
    await service.notifications.set_notify(ALICE, Notify.TURNS, "de")
    await service.blocks.block(ALICE, BOB + 1)
    await start_game(service, channel_id=CHANNEL + 4, reach=Reach.REPLY, move_seconds=HOUR)
    clock.advance(hours=2)
    await service.alarms.run_due()
    await start_game(service, channel_id=CHANNEL + 5)
    analysed = await play_moves(service, CHANNEL + 5, count=6)
    await service.moves.resign(CHANNEL + 5, ALICE)
    await service.analyses.request_analysis(
        ALICE, game_id=analysed.id, channel_id=CHANNEL + 5, guild_id=GUILD
    )
    turn = await service.analyses.claim_analysis_turn(by="bot", lease=30)
    assert turn is not None
    await service.analyses.save_review(analysed.id, turn.turn, "{}")
    await service.notes.write(BOB, analysed.id, 3, "a note of bob's")
    await service.follows.follow(BOB + 7, (await service.queries.game_in(CHANNEL + 1)).id)
    await service.lessons.show(ALICE, "ponte")
    await a_puzzle(service)
    await a_tournament(service)
    await a_pool_game(service)


async def a_pool_game(service: GameService) -> PairedSeek:
    """A seek waiting in the pool, then a pool game placed at a later seek's id, which is gone
    once paired (the highest id the pool gave out)."""
    await service.seeks.seek(user_id=CAROL, game_kind="ponte", dm_channel_id=CAROL)
    await service.seeks.cancel(CAROL)  # a seek taken back (the pool's cooldown)
    await service.seeks.seek(user_id=CAROL, game_kind="verbindung", dm_channel_id=CAROL)
    await service.seeks.seek(user_id=ALICE, game_kind="ponte", dm_channel_id=ALICE)
    paired = await service.seeks.seek(user_id=BOB, game_kind="ponte", dm_channel_id=BOB)
    assert isinstance(paired, PairedSeek)
    return paired


async def a_puzzle(service: GameService) -> None:
    """A finished game looked at, its puzzle answered, and a channel's puzzle of the day."""
    job = await service.puzzle_scans.claim(by="bot", lease=30)
    assert job is not None
    await service.puzzle_scans.found(job.game_id, [puzzle_at(job.kind.key, job.record, 3)])
    puzzle = await service.puzzles.pick(BOB, GUILD, None)
    prepared = await service.puzzles.prepare(BOB, puzzle.id, GUILD, puzzle.best)
    await service.puzzles.answer(BOB, prepared, puzzle.best_chance)
    await service.daily_puzzles.start(CHANNEL + 7, GUILD, ALICE)


async def a_tournament(service: GameService) -> None:
    """A tournament in its first round: a board started as a game, a bye, a post owed."""
    now = service.context.now()
    async with service.connection.transaction() as db:
        game = await games.active_game_in(db, CHANNEL + 1)
        assert game is not None
        tid = await tournaments.insert_tournament(
            db,
            NewTournament(
                guild_id=GUILD,
                channel_id=CHANNEL,
                organiser_id=ALICE,
                game_kind="ponte",
                variant=game.variant,
                format="swiss",
                rounds=1,
                move_seconds=HOUR,
                best_of=1,
                signup_deadline=now,
                max_players=None,
                created_at=now,
            ),
        )
        for user in (ALICE, BOB, BOB + 1):
            await tournaments.add_entrant(db, tid, user, now)
        boards = [NewPairing(1, ALICE, BOB), NewPairing(2, BOB + 1, None, first_points=2)]
        await tournaments.add_round(db, tid, 1, boards, now)
        await tournaments.start_board(
            db, (await tournaments.pairings(db, tid, 1))[0], game.id, None
        )
        post = NewPost("tournament_round", "tournament", tid, 1, GUILD, "{}")
        await outbox.add(db, post, now=now)


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
        # and a new pool game has a place of its own (a seek's id is never given out again)
        places = {dict(row)["channel_id"] for row in copied["games"]}
        await again.seeks.seek(user_id=CAROL + 1, game_kind="ponte", dm_channel_id=1)
        paired = await again.seeks.seek(user_id=CAROL + 2, game_kind="ponte", dm_channel_id=2)
        assert isinstance(paired, PairedSeek)
        assert paired.started.view.channel_id not in places
    finally:
        await again.connection.close()


async def test_copying_covers_every_table_of_the_schema(tmp_path: Path) -> None:
    database = await open_database(tmp_path / "bot.sqlite3")
    try:
        async with database.read() as db:
            tables = await db.fetch_all(  # but SQLite's own (sqlite_sequence: its counters)
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
    finally:
        await database.close()
    assert {row["name"] for row in tables} == set(TABLES) | set(TRANSIENT)


async def test_a_target_with_rows_in_any_table_is_refused_before_anything_is_copied(
    tmp_path: Path, postgres_server, clock: FakeClock, capsys
) -> None:
    """Leftovers of another kind than games (a player's settings, here) once made a merged
    copy that was committed, then reported as incomplete."""
    source = tmp_path / "bot.sqlite3"
    service = await open_service(source, clock)
    await a_busy_bot(service, clock)
    await service.connection.close()
    url = await postgres_server.fresh_url()
    leftover = await open_service(url, clock)
    await leftover.notifications.set_notify(BOB, Notify.REMINDERS, "en")
    await leftover.connection.close()
    assert await command("copy-database", "--from", str(source), "--to", url) == EXIT_NOT_EMPTY
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "user_settings" in err
    target = await open_database(url)
    try:
        assert [table for table, rows in (await every_row(target)).items() if rows] == [
            "user_settings"
        ]
    finally:
        await target.close()


async def _racing(monkeypatch, source: Database, after_table: str, write) -> None:
    """Run `write()` (another process's change) right after the copy has read `after_table`
    of `source`."""
    async with source.read() as db:
        watched: Db = db
    read = SqliteDb.fetch_all

    async def fetch_all(self: SqliteDb, sql: str, params=()):
        rows = await read(self, sql, params)
        if self is watched and sql == f"SELECT * FROM {after_table}":
            await write()
        return rows

    monkeypatch.setattr(SqliteDb, "fetch_all", fetch_all)


async def test_the_source_is_read_as_one_snapshot(
    tmp_path: Path, postgres_server, clock: FakeClock, monkeypatch
) -> None:
    """A bot still at work on the source starts a game while the copy runs: the game's owed
    post (read after the games) must not be copied without its game."""
    path = tmp_path / "bot.sqlite3"
    service = await open_service(path, clock)
    await a_busy_bot(service, clock)
    before = await every_row(service.connection)
    source = await open_database(path)
    target = await open_database(await postgres_server.fresh_url())
    try:
        write = lambda: start_game(service, channel_id=CHANNEL + 7)  # noqa: E731
        await _racing(monkeypatch, source, "games", write)
        copied = await copy_database(source, target)
        assert await every_row(target) == before
        assert copied.counts["games"] == (len(before["games"]),) * 2
    finally:
        await source.close()
        await target.close()
        await service.connection.close()


async def test_ids_that_conflict_undo_the_whole_copy_and_say_so_in_one_line(
    tmp_path: Path, postgres_server, clock: FakeClock, monkeypatch, capsys
) -> None:
    """Another bot starts a game in the target while the copy runs: the copy's game of the
    same id conflicts; nothing of the copy stays, and one line says why."""
    path = tmp_path / "bot.sqlite3"
    service = await open_service(path, clock)
    await a_busy_bot(service, clock)
    await service.connection.close()
    url = await postgres_server.fresh_url()
    other = await open_service(url, clock)
    source = await open_database(path)
    target = await open_database(url)
    try:
        await _racing(monkeypatch, source, "matches", lambda: start_game(other))
        with pytest.raises(CopyFailedError) as failed:
            await copy_database(source, target)
        assert "\n" not in str(failed.value) and "games" in str(failed.value)
        rows = await every_row(target)
        assert len(rows["games"]) == 1 and not rows["matches"] and not rows["vacations"]
    finally:
        await source.close()
        await target.close()
        await other.connection.close()


async def test_a_copy_that_fails_exits_with_its_own_status(
    tmp_path: Path, postgres_server, clock: FakeClock, monkeypatch, capsys
) -> None:
    source = tmp_path / "bot.sqlite3"
    service = await open_service(source, clock)
    await start_game(service)
    await service.connection.close()

    async def failing(_source: Database, _target: Database) -> None:
        raise CopyFailedError("games: the row with id 1 is there already")

    monkeypatch.setattr("bot.cli.maintenance.copy_database", failing)
    url = await postgres_server.fresh_url()
    assert await command("copy-database", "--from", str(source), "--to", url) == EXIT_NOT_COPIED
    out, err = capsys.readouterr()
    assert err == "Not copied: games: the row with id 1 is there already\n" and out == ""


async def test_the_target_defaults_to_database_url(
    tmp_path: Path, postgres_server, clock: FakeClock, capsys
) -> None:
    """No password on the command line: `--to` may be left out for DATABASE_URL."""
    source = tmp_path / "bot.sqlite3"
    service = await open_service(source, clock)
    await start_game(service)
    await service.connection.close()
    url = await postgres_server.fresh_url()
    env = {"DATABASE_URL": url}
    assert await asyncio.to_thread(main, ["copy-database", "--from", str(source)], env) == 0
    assert "Every row was copied" in capsys.readouterr().out
    assert await asyncio.to_thread(main, ["copy-database", "--from", str(source)], {}) == (
        EXIT_CONFIG
    )
    assert "DATABASE_URL" in capsys.readouterr().err


async def test_a_target_with_games_or_a_missing_file_is_refused(
    tmp_path: Path, postgres_server, clock: FakeClock, capsys
) -> None:
    source = tmp_path / "bot.sqlite3"
    service = await open_service(source, clock)
    await start_game(service)
    await service.connection.close()
    url = await postgres_server.fresh_url()
    assert await command("copy-database", "--from", str(source), "--to", url) == 0
    assert await command("copy-database", "--from", str(source), "--to", url) == EXIT_NOT_EMPTY
    assert "not empty" in capsys.readouterr().err
    missing = str(tmp_path / "none.sqlite3")
    assert await command("copy-database", "--from", missing, "--to", url) == EXIT_CONFIG
    to_a_file = ["copy-database", "--from", str(source), "--to", str(source)]
    assert await command(*to_a_file) == EXIT_CONFIG
