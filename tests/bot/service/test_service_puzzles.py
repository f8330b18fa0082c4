"""Puzzles through the service, on both backends: only finished games of a server are looked at
(the newest first, each once, a claim per process for a lease); a server's puzzles are its own
(another server's are refused as none); an answer is read by the engine, judged once, solved
within the margin, counted once for the solver's streak, bounded per hour; the daily puzzle is
owed once a day per channel, whichever round or process asks, and a server has few."""

from __future__ import annotations

import asyncio

import pytest

from bot.games.puzzles import MARGIN
from bot.service import GameService
from bot.service.errors import RollNotYoursError
from bot.service.puzzle.daily import CHANNELS, DAILY
from bot.service.puzzle.errors import (
    DailyPuzzleLimitError,
    NoPuzzleError,
    NotAPuzzleTurnError,
    PuzzleNotFoundError,
    TooManyPuzzleAnswersError,
)
from bot.service.puzzle.scans import FAILED_TRIES
from bot.service.puzzle.views import DailyShown
from bot.service.puzzles import ANSWERS_PER_HOUR, Puzzles
from bot.store import puzzles
from bot.store.puzzles import DailyChannel
from engine.errors import IllegalMoveError, InvalidMoveError
from testing.puzzlekit import puzzle_at
from testing.servicekit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    FakeClock,
    open_service,
    owed,
    play_moves,
    settle_posts,
    shown,
    start_game,
)

LEASE = 60.0


async def finished(
    service: GameService, channel_id: int = CHANNEL, guild_id: int = GUILD, kind: str = "ponte"
) -> int:
    """A game of six turns and a resignation."""
    await start_game(service, kind, channel_id=channel_id, guild_id=guild_id)
    view = await play_moves(service, channel_id, count=6)
    await service.moves.resign(channel_id, ALICE)
    return view.id


async def with_puzzle(service: GameService, **options: object) -> int:
    """A finished game looked at, with one puzzle (turn 4); the puzzle's id."""
    game_id = await finished(service, **options)  # type: ignore[arg-type]
    job = await service.puzzle_scans.claim(by="bot", lease=LEASE)
    assert job is not None and job.game_id == game_id
    await service.puzzle_scans.found(game_id, [puzzle_at(job.kind.key, job.record, 4)])
    async with service.connection.read() as db:
        found = await db.fetch_value("SELECT id FROM puzzles WHERE game_id = ?", (game_id,))
    return int(found)


# Looking at finished games -------------------------------------------------------------------


async def test_only_finished_games_of_a_server_are_looked_at_newest_first(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, channel_id=CHANNEL + 1)  # running: never
    await start_game(service, channel_id=CHANNEL + 2, guild_id=None)  # type: ignore[arg-type]
    await play_moves(service, CHANNEL + 2, count=4)
    await service.moves.resign(CHANNEL + 2, ALICE)  # finished, but in no server: never
    assert await service.puzzle_scans.claim(by="bot", lease=LEASE) is None
    older = await finished(service, CHANNEL + 3)
    clock.advance(minutes=5)
    newer = await finished(service, CHANNEL + 4)
    first = await service.puzzle_scans.claim(by="bot", lease=LEASE)
    assert first is not None and first.game_id == newer
    assert str(first.seed) not in first.record  # the game's secret seed stays in the database
    second = await service.puzzle_scans.claim(by="other", lease=LEASE)
    assert second is not None and second.game_id == older  # the first is held
    assert await service.puzzle_scans.claim(by="third", lease=LEASE) is None
    await service.puzzle_scans.found(newer, [])
    clock.advance(seconds=LEASE + 1)  # the other's claim ran out: looked at again
    again = await service.puzzle_scans.claim(by="bot", lease=LEASE)
    assert again is not None and again.game_id == older


async def test_a_game_that_cannot_be_looked_at_is_given_up(
    service: GameService, clock: FakeClock
) -> None:
    game_id = await finished(service)
    for attempt in range(1, FAILED_TRIES + 1):
        job = await service.puzzle_scans.claim(by="bot", lease=LEASE)
        assert job is not None and job.game_id == game_id
        assert await service.puzzle_scans.failed(game_id) is (attempt == FAILED_TRIES)
    assert await service.puzzle_scans.claim(by="bot", lease=LEASE) is None


async def test_a_restart_gives_its_claims_back(service: GameService) -> None:
    game_id = await finished(service)
    assert await service.puzzle_scans.claim(by="bot", lease=LEASE) is not None
    assert await service.puzzle_scans.release("bot") == 1
    again = await service.puzzle_scans.claim(by="bot", lease=LEASE)
    assert again is not None and again.game_id == game_id


async def test_an_analysed_game_hands_its_reviews_to_the_scan(service: GameService) -> None:
    game_id = await finished(service)
    await service.analyses.request_analysis(
        ALICE, game_id=game_id, channel_id=CHANNEL, guild_id=GUILD
    )
    assert await service.puzzle_scans.analyses_waiting()
    job = await service.puzzle_scans.claim(by="bot", lease=LEASE)
    assert job is not None and job.reviews == ()  # not done yet: its own look
    for turn in range(1, 8):
        claimed = await service.analyses.claim_analysis_turn(by="bot", lease=LEASE)
        assert claimed is not None
        await service.analyses.save_review(game_id, claimed.turn, f'{{"turn": {turn}}}')
    assert not await service.puzzle_scans.analyses_waiting()
    await service.puzzle_scans.release("bot")
    job = await service.puzzle_scans.claim(by="bot", lease=LEASE)
    assert job is not None and len(job.reviews) == 7


async def test_a_puzzle_is_kept_once(service: GameService) -> None:
    game_id = await finished(service)
    job = await service.puzzle_scans.claim(by="bot", lease=LEASE)
    assert job is not None
    found = [puzzle_at("ponte", job.record, 4), puzzle_at("ponte", job.record, 5)]
    assert await service.puzzle_scans.found(game_id, found) == 2
    assert await service.puzzle_scans.found(game_id, found) == 0


# Solving -------------------------------------------------------------------------------------


async def test_a_server_gets_its_own_puzzles_and_nobody_elses(service: GameService) -> None:
    puzzle_id = await with_puzzle(service)
    mine = await service.puzzles.pick(BOB, GUILD, None)
    assert mine.id == puzzle_id and mine.guild_id == GUILD and not mine.shipped
    assert mine.position.to_move is not None  # the position before the turn
    elsewhere = GUILD + 1
    with pytest.raises(PuzzleNotFoundError):
        await service.puzzles.puzzle(puzzle_id, elsewhere)
    with pytest.raises(PuzzleNotFoundError):
        await service.puzzles.prepare(BOB, puzzle_id, elsewhere, mine.best)
    with pytest.raises(PuzzleNotFoundError):
        await service.puzzles.puzzle(puzzle_id, None)  # in a DM: shipped puzzles only
    assert (await service.puzzles.pick(BOB, elsewhere, None)).shipped  # the project's set
    assert (await service.puzzles.pick(BOB, None, "verbindung")).shipped  # and in a DM


async def test_an_answer_is_solved_within_the_margin_and_counted_once(
    service: GameService,
) -> None:
    puzzle_id = await with_puzzle(service)
    puzzle = await service.puzzles.puzzle(puzzle_id, GUILD)
    best = await service.puzzles.prepare(BOB, puzzle_id, GUILD, puzzle.best)
    assert best.chance == puzzle.best_chance  # the best needs no judging
    solved = await service.puzzles.answer(BOB, best, puzzle.best_chance - MARGIN)
    assert solved.solved and (solved.streak, solved.best_streak) == (1, 1)
    played = await service.puzzles.prepare(CAROL, puzzle_id, GUILD, puzzle.played.upper())
    assert played.move == puzzle.played and played.chance == puzzle.played_chance
    failed = await service.puzzles.answer(CAROL, played, puzzle.played_chance)
    assert not failed.solved and failed.streak == 0
    again = await service.puzzles.prepare(BOB, puzzle_id, GUILD, puzzle.played)
    assert again.earlier is not None and again.earlier.solved and again.earlier.again
    assert (await service.puzzles.answer(BOB, again, 0.0)).solved  # the first answer counts
    # bob answered the server's only puzzle: then the project's set
    assert (await service.puzzles.pick(BOB, GUILD, "ponte")).shipped


async def test_each_answer_is_judged_once(service: GameService) -> None:
    puzzle_id = await with_puzzle(service)
    puzzle = await service.puzzles.puzzle(puzzle_id, GUILD)
    other = next(
        str(move)
        for move in puzzle.position.legal_moves()
        if str(move) not in (puzzle.best, puzzle.played)
    )
    first = await service.puzzles.prepare(BOB, puzzle_id, GUILD, other)
    assert first.chance is None  # the computer must judge it
    await service.puzzles.answer(BOB, first, 0.61)
    second = await service.puzzles.prepare(CAROL, puzzle_id, GUILD, other)
    assert second.chance == 0.61  # judged before: kept


async def test_an_answer_is_read_and_checked_by_the_engine(service: GameService) -> None:
    puzzle_id = await with_puzzle(service)
    with pytest.raises(InvalidMoveError) as unreadable:
        await service.puzzles.prepare(BOB, puzzle_id, GUILD, "e5")
    assert unreadable.value.game == "ponte"
    puzzle = await service.puzzles.puzzle(puzzle_id, GUILD)
    taken = str(puzzle.position.moves[0]).split()[0]  # a stone of the first turn
    with pytest.raises(IllegalMoveError):
        await service.puzzles.prepare(BOB, puzzle_id, GUILD, f"{taken} a1")
    with pytest.raises(NotAPuzzleTurnError):
        await service.puzzles.prepare(BOB, puzzle_id, GUILD, "resign")
    async with service.connection.read() as db:
        assert await puzzles.attempt(db, puzzle_id, BOB) is None  # nothing counted


async def test_a_verbindung_answer_may_not_be_a_roll(service: GameService) -> None:
    puzzle_id = await with_puzzle(service, kind="verbindung")
    with pytest.raises(RollNotYoursError):
        await service.puzzles.prepare(BOB, puzzle_id, GUILD, "roll arcs arcs arcs")


async def test_answers_are_bounded_per_hour(service: GameService, clock: FakeClock) -> None:
    found = []
    for number in range(ANSWERS_PER_HOUR + 1):
        found.append(await with_puzzle(service, channel_id=CHANNEL + number))
        clock.advance(seconds=1)
    for puzzle_id in found[:ANSWERS_PER_HOUR]:
        puzzle = await service.puzzles.puzzle(puzzle_id, GUILD)
        prepared = await service.puzzles.prepare(BOB, puzzle_id, GUILD, puzzle.best)
        await service.puzzles.answer(BOB, prepared, puzzle.best_chance)
    last = await service.puzzles.puzzle(found[-1], GUILD)
    with pytest.raises(TooManyPuzzleAnswersError) as refused:
        await service.puzzles.prepare(BOB, last.id, GUILD, last.best)
    clock.advance(seconds=int(refused.value.params["retry_at"]) - service.context.now())
    assert (await service.puzzles.prepare(BOB, last.id, GUILD, last.best)).earlier is None


# The daily puzzle ----------------------------------------------------------------------------


async def test_a_channels_puzzle_is_owed_once_a_day(service: GameService, clock: FakeClock) -> None:
    first = await with_puzzle(service, channel_id=CHANNEL)
    second = await with_puzzle(service, channel_id=CHANNEL + 1)
    assert await service.daily_puzzles.start(CHANNEL, GUILD, ALICE)
    posts = await owed(service, DAILY.name)
    assert len(posts) == 1  # today's, at once
    today = await shown(service, posts[0])
    assert isinstance(today, DailyShown) and today.puzzle.id == second  # the newest first
    assert today.players is None  # its game was played in another channel: not named
    assert await service.daily_puzzles.post_due() == 0  # again today: nothing
    await settle_posts(service, clock)
    clock.advance(days=1)
    assert await service.daily_puzzles.post_due() == 1
    (tomorrow,) = await owed(service, DAILY.name)
    shown_tomorrow = await shown(service, tomorrow)
    assert isinstance(shown_tomorrow, DailyShown) and shown_tomorrow.puzzle.id == first
    assert set((shown_tomorrow.players or {}).values()) == {ALICE, BOB}  # played here: named


async def test_a_solver_who_answered_every_puzzle_is_told_so(
    service: GameService, clock: FakeClock
) -> None:
    for puzzle in range(len(service.kind("verbindung").shipped_puzzles())):
        clock.advance(minutes=10)  # within the hourly bound
        found = await service.puzzles.pick(BOB, None, "verbindung")
        prepared = await service.puzzles.prepare(BOB, found.id, None, found.best)
        await service.puzzles.answer(BOB, prepared, found.best_chance)
        assert prepared.puzzle.shipped, puzzle
    with pytest.raises(NoPuzzleError):
        await service.puzzles.pick(BOB, None, "verbindung")


async def test_two_processes_owe_the_days_puzzle_once(
    service: GameService, database_at: str, clock: FakeClock
) -> None:
    await with_puzzle(service)
    async with service.connection.transaction() as db:
        await puzzles.add_channel(db, DailyChannel(CHANNEL, GUILD, ALICE, 0))
    other = await open_service(database_at, clock)  # another process, the same database
    try:
        owed_here, owed_there = await asyncio.gather(
            service.daily_puzzles.post_due(), other.daily_puzzles.post_due()
        )
    finally:
        await other.connection.close()
    assert owed_here + owed_there == 1
    assert len(await owed(service, DAILY.name)) == 1


async def test_a_stopped_channels_puzzle_is_not_posted(service: GameService) -> None:
    await with_puzzle(service)
    await service.daily_puzzles.start(CHANNEL, GUILD, ALICE)
    (post,) = await owed(service, DAILY.name)
    assert await service.daily_puzzles.stop(CHANNEL)
    assert await shown(service, post) is None
    assert not await service.daily_puzzles.stop(CHANNEL)


async def test_a_server_has_a_few_daily_channels_at_most(service: GameService) -> None:
    for number in range(CHANNELS):
        await service.daily_puzzles.start(CHANNEL + number, GUILD, ALICE)
    assert await service.daily_puzzles.start(CHANNEL, GUILD, ALICE) is False  # the same again
    with pytest.raises(DailyPuzzleLimitError):
        await service.daily_puzzles.start(CHANNEL + CHANNELS, GUILD, ALICE)
    await service.daily_puzzles.start(CHANNEL + 99, GUILD + 1, ALICE)  # another server's own
    assert len(await service.daily_puzzles.channels(GUILD)) == CHANNELS
    assert await service.daily_puzzles.next_due() is not None


async def test_a_server_without_puzzles_of_its_own_gets_the_shipped_ones(
    service: GameService,
) -> None:
    await service.daily_puzzles.start(CHANNEL, GUILD, ALICE)
    (post,) = await owed(service, DAILY.name)
    today = await shown(service, post)
    assert isinstance(today, DailyShown) and today.puzzle.shipped and today.players is None


async def test_the_shipped_puzzles_are_stored_once(service: GameService) -> None:
    await service.puzzles.stock()
    await Puzzles(service.context).stock()  # another process
    async with service.connection.read() as db:
        count = await db.number("SELECT count(*) FROM puzzles")
    assert count == sum(len(kind.shipped_puzzles()) for kind in service.registry) > 0
