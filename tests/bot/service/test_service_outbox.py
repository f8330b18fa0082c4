"""The outbox: every post a use case makes owed is stored in its own transaction, found again
until it is settled, settled without a post once the game moved past it, and retried with a
growing pause after Discord refused it (issue 13, point 3)."""

from __future__ import annotations

from datetime import timedelta

from bot.service import Answer, GameService, MoveResult, Reminder, Replay, Started, TimeLoss
from bot.service.context import POST_GRACE
from bot.service.outbox import CLAIM_LEASE, MAX_ATTEMPTS, RETRY_BASE
from bot.store import posts
from testing.servicekit import (
    ALICE,
    BOB,
    CHANNEL,
    FakeClock,
    computer_turns,
    open_service,
    start_computer_game,
    start_game,
)


def due(clock: FakeClock):
    return clock.now + timedelta(seconds=POST_GRACE)


async def owed(service: GameService, clock: FakeClock) -> list:
    return await service.outbox.owed_posts(due(clock))


async def test_a_post_is_left_to_its_poster_for_a_grace_period(
    service: GameService, clock: FakeClock
) -> None:
    accepted = await start_game(service)
    assert await service.outbox.owed_posts(clock.now) == []  # being posted right now
    [start] = await owed(service, clock)
    assert isinstance(start, Started)
    assert (start.post_id, start.view.id) == (accepted.post_id, accepted.view.id)
    await service.outbox.delivered(accepted.post_id)
    await service.outbox.delivered(accepted.post_id)  # a second settling changes nothing
    assert await owed(service, clock) == []


async def test_a_move_owed_since_a_crash_is_rebuilt_as_it_was_made(
    database_at, clock: FakeClock
) -> None:
    path = database_at
    service = await open_service(path, clock)
    started = await start_game(service, "verbindung")
    await service.outbox.delivered(started.post_id)
    made = await service.moves.play(CHANNEL, ALICE, await _a_legal_move(service))
    await service.connection.close()  # the bot dies before posting it

    again = await open_service(path, clock)
    [move] = await again.outbox.owed_posts(clock.now)  # left by a stopped process: due at once
    assert isinstance(move, MoveResult)
    assert (move.post_id, move.mover_id, move.played, move.drawn) == (
        made.post_id,
        made.mover_id,
        made.played,
        made.drawn,
    )
    assert move.view.revision == made.view.revision and move.to_notify == (BOB,)
    await again.connection.close()


async def _a_legal_move(service: GameService) -> str:
    view = await service.queries.game_in(CHANNEL)
    return view.kind.suggest(view.game, "")[0]


async def test_a_post_the_game_moved_past_is_settled_without_posting(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service)
    first = await service.moves.play(CHANNEL, ALICE, "a1 c1")
    second = await service.moves.play(CHANNEL, BOB, "swap")
    owed_now = await owed(service, clock)
    assert [item.post_id for item in owed_now] == [second.post_id]  # the start and a1 c1: old
    await service.outbox.delivered(second.post_id)
    assert await owed(service, clock) == []
    assert first.post_id is not None


async def test_reminders_and_losses_on_time_are_owed_too(
    service: GameService, clock: FakeClock
) -> None:
    accepted = await start_game(service, move_seconds=3600)
    await service.outbox.delivered(accepted.post_id)
    clock.advance(minutes=30)
    [reminder] = await service.alarms.run_due()
    [owed_reminder] = await owed(service, clock)
    assert isinstance(owed_reminder, Reminder) and owed_reminder.post_id == reminder.post_id
    assert (owed_reminder.user_id, owed_reminder.stage) == (ALICE, 1)
    clock.advance(minutes=31)
    [loss] = await service.alarms.run_due()
    [owed_loss] = await owed(service, clock)  # the reminder is past news now
    assert isinstance(owed_loss, TimeLoss) and owed_loss.post_id == loss.post_id
    assert owed_loss.loser_id == ALICE


async def test_the_computers_moves_and_its_games_starts_are_owed(
    service: GameService, clock: FakeClock
) -> None:
    started = await service.computer.start_computer_game(
        game_kind="ponte", channel_id=CHANNEL, player_id=ALICE, player_first=False, level="easy"
    )
    [turn] = await computer_turns(service)
    text = started.view.kind.suggest(started.view.game, "")[0]
    played = await service.computer.play_computer(turn, text)
    assert played is not None and played.post_id is not None
    assert [item.post_id for item in await owed(service, clock)] == [played.post_id]


async def test_a_refused_post_is_retried_with_a_growing_pause_then_given_up(
    service: GameService, clock: FakeClock
) -> None:
    accepted = await start_game(service)
    post = accepted.post_id
    pauses = []
    for _ in range(MAX_ATTEMPTS - 1):
        await service.outbox.failed(post)
        next_due = await service.outbox.next_alarm()
        assert next_due is not None
        pauses.append((next_due - clock.now).total_seconds())
        assert await service.outbox.owed_posts(next_due - timedelta(seconds=1)) == []
        clock.now = next_due
    assert pauses[:3] == [RETRY_BASE, 2 * RETRY_BASE, 4 * RETRY_BASE]
    assert pauses == sorted(pauses)
    await service.outbox.failed(post)  # the last attempt failed too: given up
    assert await service.outbox.owed_posts(clock.now + timedelta(days=30)) == []


async def test_a_computer_games_start_is_owed_like_any_other(
    service: GameService, clock: FakeClock
) -> None:
    view = await start_computer_game(service)
    [start] = await owed(service, clock)
    assert isinstance(start, Started) and start.view.id == view.id


async def test_a_match_games_end_owes_its_replay_after_its_post_and_before_the_next_game(
    database_at, clock: FakeClock
) -> None:
    service = await open_service(database_at, clock)
    started = await start_game(service, best_of=3)
    await service.outbox.delivered(started.post_id)
    ended = await service.moves.resign(CHANNEL, BOB)
    await service.connection.close()  # the bot dies before posting any of it

    again = await open_service(database_at, clock)
    try:
        posts = await again.outbox.owed_posts(clock.now)
        assert [type(post) for post in posts] == [MoveResult, Replay, Started]
        _move, replay, next_game = posts
        assert replay.post_id == ended.replay_post_id and replay.view.id == ended.view.id
        assert not replay.view.is_active and next_game.view.match is not None
        await again.outbox.delivered(replay.post_id, 99)
        await again.outbox.delivered(replay.post_id, 100)  # settled once: the first message stays
        lease_over = clock.now + timedelta(seconds=CLAIM_LEASE)  # claimed by the first call
        assert [type(p) for p in await again.outbox.owed_posts(lease_over)] == [MoveResult, Started]
    finally:
        await again.connection.close()


async def test_an_agreed_draw_owes_its_replay_and_a_loss_on_time_shows_its_own(
    service: GameService, clock: FakeClock
) -> None:
    started = await start_game(service)
    await service.moves.offer_draw(CHANNEL, ALICE)
    drawn = await service.moves.offer_draw(CHANNEL, BOB)
    assert drawn.replay_post_id is not None
    owed_now = await owed(service, clock)
    assert [p.post_id for p in owed_now if isinstance(p, Replay)] == [drawn.replay_post_id]
    other = await start_game(service, channel_id=CHANNEL + 1)
    clock.advance(days=30)
    losses = [n for n in await service.alarms.run_due(clock.now) if isinstance(n, TimeLoss)]
    assert [loss.view.id for loss in losses] == [other.view.id]
    replays = [p.view.id for p in await owed(service, clock) if isinstance(p, Replay)]
    assert replays == [started.view.id]  # the loss's own post shows its replay


async def test_the_command_a_post_answers_is_kept_while_it_is_owed_and_forgotten_once_settled(
    database_at, clock: FakeClock
) -> None:
    service = await open_service(database_at, clock)
    started = await start_game(service)
    await service.outbox.delivered(started.post_id)
    made = await service.moves.play(CHANNEL, ALICE, "a1 c1")
    await service.outbox.answering(made.post_id, "interaction-token", 1_000)
    await service.connection.close()  # killed: did the answer arrive?

    again = await open_service(database_at, clock)
    try:
        [move] = await again.outbox.owed_posts(clock.now)
        assert isinstance(move, MoveResult) and move.post_id == made.post_id
        assert move.answer == Answer("interaction-token", 1_000)
        await again.outbox.delivered(move.post_id, 4242)  # it had: settled with its message
        async with again.connection.read() as db:
            row = await posts.get_post(db, made.post_id)
        assert row is not None and row.message_id == 4242
        assert (row.answer_token, row.answer_expires_at) == (None, None)  # no secret kept
    finally:
        await again.connection.close()
