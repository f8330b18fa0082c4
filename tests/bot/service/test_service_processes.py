"""Several processes on one database (issue 16): each owed post, computer job and alarm is taken
by exactly one of them, a claim of a process that died is taken over when its lease runs out, a
restarted process takes back its own at once, and each process does the work of its own shards'
servers. Two `GameService`s over one database stand for two processes here; the end-to-end suite
runs real ones."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import GameService, Reminder
from bot.service.context import POST_GRACE
from bot.service.outbox import CLAIM_LEASE
from bot.service.owed import answering
from bot.shards import Shards
from bot.store import open_database
from testing.servicekit import (
    ALICE,
    BOB,
    CHANNEL,
    COMPUTER,
    CountingSeeds,
    FakeClock,
    settle_posts,
    shown,
    start_computer_game,
    start_game,
)


@pytest.fixture
async def twins(
    database_at: str | Path, clock: FakeClock
) -> AsyncIterator[tuple[GameService, GameService]]:
    """Process "a" and process "b" on one database."""
    made = []
    for name in ("a", "b"):
        database = await open_database(database_at)
        made.append(
            GameService(
                database, clock=clock, seeds=CountingSeeds(), computer_id=COMPUTER, name=name
            )
        )
    yield made[0], made[1]
    for service in made:
        await service.connection.close()


async def test_a_post_is_left_to_the_process_posting_it_then_taken_over(
    twins: tuple[GameService, GameService], clock: FakeClock
) -> None:
    a, b = twins
    with answering() as owing:
        await start_game(a)  # "a" posts the start itself, as a command's answer
    assert await b.outbox.claim_due(clock.now) == []
    await a.outbox.trying(owing.ids[0])  # "a" sends it, and dies before it hears back
    late = clock.now + timedelta(seconds=POST_GRACE)
    [taken] = await b.outbox.claim_due(late)  # "a" died while posting it: "b" takes it over
    assert taken.id == owing.ids[0] and taken.tried_at is not None  # "a" may have posted it
    assert await a.outbox.claim_due(late) == []  # claimed by "b" now
    again = late + timedelta(seconds=CLAIM_LEASE)
    [retaken] = await a.outbox.claim_due(again)  # "b" died too: its lease ran out
    assert retaken.id == taken.id


async def test_a_restarted_process_takes_back_its_own_posts_at_once(
    twins: tuple[GameService, GameService], clock: FakeClock
) -> None:
    a, b = twins
    with answering() as owing:
        await start_game(a)
    assert await a.outbox.claim_due(clock.now) == []  # being posted by this very process
    assert await a.outbox.release_claims() == 1  # as at a restart of "a"
    [row] = await a.outbox.claim_due(clock.now)
    assert row.id == owing.ids[0]
    assert await b.outbox.claim_due(clock.now + timedelta(seconds=POST_GRACE)) == []


async def test_a_process_without_discord_leaves_its_posts_to_the_others_at_once(
    database_at: str | Path, clock: FakeClock
) -> None:
    database = await open_database(database_at)
    worker = GameService(database, clock=clock, computer_id=COMPUTER, name="w", posts=False)
    bot = GameService(await open_database(database_at), clock=clock, computer_id=COMPUTER)
    try:
        view = await start_computer_game(bot, player_first=False)
        await settle_posts(bot, clock)
        turn = await worker.computer.claim_computer_turn(view.id, by="w", lease=30)
        assert turn is not None
        with answering():  # a worker answers no command: it claims nothing all the same
            played = await worker.computer.play_computer(turn, view.kind.suggest(view.game, "")[0])
        assert played is not None
        [row] = await bot.outbox.claim_due(clock.now)  # due at once, for the bot to post
        assert row.kind == "move" and row.subject_id == view.id and row.claimed_by is None
    finally:
        await worker.connection.close()
        await bot.connection.close()


async def test_each_computer_job_is_thought_about_by_one_process_at_a_time(
    twins: tuple[GameService, GameService], clock: FakeClock
) -> None:
    a, b = twins
    view = await start_computer_game(a, player_first=False)
    assert await a.computer.open_computer_jobs() == [view.id]
    turn = await a.computer.claim_computer_turn(view.id, by="a", lease=30)
    assert turn is not None and turn.revision == view.revision
    assert await b.computer.claim_computer_turn(view.id, by="b", lease=30) is None
    assert await b.computer.open_computer_jobs() == []
    clock.advance(seconds=31)  # "a" died while thinking: its claim ran out
    assert await b.computer.open_computer_jobs() == [view.id]
    taken = await b.computer.claim_computer_turn(view.id, by="b", lease=30)
    assert taken is not None
    played = await b.computer.play_computer(taken, view.kind.suggest(view.game, "")[0])
    assert played is not None and played.next_id == ALICE
    assert await a.computer.play_computer(turn, view.kind.suggest(view.game, "")[0]) is None  # once
    assert (
        await a.computer.open_computer_jobs() == [] and await b.computer.open_computer_jobs() == []
    )


async def test_a_restarted_thinker_takes_its_jobs_back_at_once(
    twins: tuple[GameService, GameService],
) -> None:
    a, _ = twins
    view = await start_computer_game(a, player_first=False)
    assert await a.computer.claim_computer_turn(view.id, by="a", lease=30) is not None
    assert await a.computer.open_computer_jobs() == []
    assert await a.computer.release_computer_jobs("a") == 1
    assert await a.computer.open_computer_jobs() == [view.id]


async def test_a_move_against_the_computer_makes_a_job_and_its_answer_ends_it(
    twins: tuple[GameService, GameService],
) -> None:
    a, _ = twins
    await start_computer_game(a)
    assert await a.computer.open_computer_jobs() == []  # the person begins
    moved = await a.moves.play(CHANNEL, ALICE, "f6 h8")
    assert await a.computer.open_computer_jobs() == [moved.view.id]
    await a.moves.resign(CHANNEL, ALICE)
    assert await a.computer.claim_computer_turn(moved.view.id, by="a", lease=30) is None  # over
    assert await a.computer.open_computer_jobs() == []  # the job of a finished game is gone


def guild_of_shard(shard: int, count: int) -> int:
    """A server id whose shard is `shard` of `count`."""
    return (1000 * count + shard) << 22


async def test_each_process_does_the_work_of_its_own_shards_servers(
    database_at: str | Path, clock: FakeClock
) -> None:
    services = []
    for shard in (0, 1):
        database = await open_database(database_at)
        services.append(
            GameService(
                database,
                clock=clock,
                computer_id=COMPUTER,
                name=f"shards {shard}",
                shards=Shards(2, (shard,)),
            )
        )
    first = services[0]
    try:
        for shard in (0, 1):
            made = await first.challenges.challenge(
                game_kind="ponte",
                guild_id=guild_of_shard(shard, 2),
                channel_id=CHANNEL + shard,
                challenger_id=ALICE,
                opponent_id=BOB,
                challenger_first=True,
                move_seconds=7200,
            )
            await first.challenges.accept(made.id, BOB)
        clock.advance(hours=1)  # half time in both games
        for shard, service in enumerate(services):
            [reminder] = await service.alarms.run_due()
            assert isinstance(reminder, Reminder) and reminder.view.channel_id == CHANNEL + shard
            claimed = await service.outbox.claim_due(clock.now + timedelta(minutes=5))
            # Every post it claims is of its own shard's server (the challenges' among them).
            assert {row.guild_id for row in claimed} == {guild_of_shard(shard, 2)}
            games = [row for row in claimed if row.subject == "game"]
            places = {(await shown(service, row)).view.channel_id for row in games}  # type: ignore[union-attr]
            assert places == {CHANNEL + shard}
    finally:
        for service in services:
            await service.connection.close()


async def test_a_bot_process_thinks_for_its_own_servers_and_a_worker_for_every_one(
    database_at: str | Path, clock: FakeClock
) -> None:
    processes = {}
    for name, shards, posts in (
        ("shard 0", Shards(2, (0,)), True),
        ("shard 1", Shards(2, (1,)), True),
        ("worker", None, False),
    ):
        database = await open_database(database_at)
        processes[name] = GameService(
            database, clock=clock, computer_id=COMPUTER, name=name, shards=shards, posts=posts
        )
    try:
        games = []
        for shard in (0, 1):
            started = await processes["shard 0"].computer.start_computer_game(
                game_kind="ponte",
                guild_id=guild_of_shard(shard, 2),
                channel_id=CHANNEL + shard,
                player_id=ALICE,
                level="easy",
                player_first=False,  # the computer is to move at once
            )
            games.append(started.view.id)
        for shard in (0, 1):
            service = processes[f"shard {shard}"]
            assert await service.computer.open_computer_jobs() == [games[shard]]
            other = games[1 - shard]
            assert (
                await service.computer.claim_computer_turn(other, by=service.name, lease=30) is None
            )
        assert await processes["worker"].computer.open_computer_jobs() == games
        assert await processes["worker"].computer.claim_computer_turn(
            games[1], by="worker", lease=30
        )
        assert await processes["shard 1"].computer.open_computer_jobs() == []  # the worker thinks
    finally:
        for service in processes.values():
            await service.connection.close()
