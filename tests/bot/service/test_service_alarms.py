"""Time limits with an injected clock: reminders, the loss on time, expired challenges."""

from datetime import timedelta

from bot.service import ChallengeExpired, GameService, Reminder, TimeLoss
from bot.service.deadlines import HOUR, Turn
from testing.servicekit import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    FakeClock,
    owed,
    settle_posts,
    shown,
    start_game,
)


async def test_nothing_is_due_before_half_time(service: GameService, clock: FakeClock) -> None:
    await start_game(service)
    clock.advance(days=1.5, seconds=-1)
    assert await service.alarms.run_due() == []


async def test_reminders_at_half_time_and_near_the_end_then_the_loss(
    service: GameService, clock: FakeClock
) -> None:
    start = clock.now
    await start_game(service)  # three days per move; ALICE to move
    clock.advance(days=1.5)
    [half] = await service.alarms.run_due()
    assert isinstance(half, Reminder)
    assert (half.user_id, half.stage, half.deadline) == (ALICE, 1, start + timedelta(days=3))
    assert await service.alarms.run_due() == []  # sent once

    clock.now = start + timedelta(days=3) - timedelta(hours=6)
    [last] = await service.alarms.run_due()
    assert isinstance(last, Reminder) and (last.user_id, last.stage) == (ALICE, 2)
    assert await service.alarms.run_due() == []

    clock.now = start + timedelta(days=3)
    [loss] = await service.alarms.run_due()
    assert isinstance(loss, TimeLoss)
    assert loss.loser_id == ALICE
    assert (loss.ending.result, loss.ending.termination) == ("red", "timeout")
    assert loss.view.winner_id == BOB and not loss.view.is_active
    assert await service.alarms.run_due() == []
    # Nothing was posted (no deliverer here): the outbox owes only what is still news.
    rows = await owed(service)
    assert [row.kind for row in rows] == ["start", "reminder", "reminder", "time_loss"]
    # The start and the reminders are past news: settled without a post.
    assert [type(await shown(service, row)) for row in rows] == [type(None)] * 3 + [TimeLoss]
    await settle_posts(service, clock)
    assert await service.outbox.next_post_due() is None
    assert await service.outbox.next_alarm() is None


async def test_a_move_starts_a_new_turn_with_fresh_reminders(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service)
    clock.advance(days=2)
    [reminder] = await service.alarms.run_due()
    assert reminder.user_id == ALICE
    moved = clock.advance(hours=1)
    result = await service.moves.play(CHANNEL, ALICE, "a1 c1")
    assert result.view.reminders_sent == 0
    assert await service.outbox.next_post_due() < moved  # the posts owed since the start
    await settle_posts(service, clock)
    assert await service.outbox.next_alarm() == moved + timedelta(days=1.5)
    clock.now = moved + timedelta(days=1.5)
    [reminder] = await service.alarms.run_due()
    assert (reminder.user_id, reminder.stage) == (BOB, 1)


async def test_after_a_long_outage_only_the_loss_is_announced(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service)
    clock.advance(days=30)
    notices = await service.alarms.run_due()
    assert [type(n) for n in notices] == [TimeLoss]


async def test_a_late_first_look_sends_only_the_last_reminder(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service)
    clock.advance(days=3, hours=-1)
    [reminder] = await service.alarms.run_due()
    assert reminder.stage == 2
    assert await service.alarms.run_due() == []


async def test_a_move_just_before_the_deadline_beats_the_scheduler(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, move_seconds=HOUR)
    clock.advance(minutes=59, seconds=59)
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    clock.advance(seconds=1)
    assert await service.alarms.run_due() == []
    assert (await service.queries.game_in(CHANNEL)).to_move_id == BOB


def test_the_last_call_is_a_twelfth_of_the_limit_within_bounds() -> None:
    assert Turn(0, 3 * 24 * HOUR).deadline - Turn(0, 3 * 24 * HOUR).last_call == 6 * HOUR
    assert Turn(0, HOUR).deadline - Turn(0, HOUR).last_call == 5 * 60
    assert Turn(0, 12 * HOUR).deadline - Turn(0, 12 * HOUR).last_call == HOUR
    assert Turn(0, 14 * 24 * HOUR).deadline - Turn(0, 14 * 24 * HOUR).last_call == 6 * HOUR


async def test_an_unanswered_challenge_expires_once(service: GameService, clock: FakeClock) -> None:
    made = await service.challenges.challenge(
        game_kind="ponte", guild_id=GUILD, channel_id=CHANNEL, challenger_id=ALICE, opponent_id=BOB
    )
    await service.challenges.set_challenge_message(made.id, 987)
    assert await service.outbox.next_alarm() == clock.now + timedelta(days=2)
    clock.advance(days=2)
    [expired] = await service.alarms.run_due()
    assert isinstance(expired, ChallengeExpired)
    assert (expired.challenge.id, expired.challenge.status) == (made.id, "expired")
    assert expired.challenge.message_id == 987
    assert await service.alarms.run_due() == []


async def test_next_alarm_is_the_earliest_of_games_and_challenges(
    service: GameService, clock: FakeClock
) -> None:
    assert await service.outbox.next_alarm() is None
    await start_game(service, move_seconds=2 * HOUR)  # half time in one hour
    await service.challenges.challenge(
        game_kind="ponte", channel_id=CHANNEL + 1, challenger_id=ALICE, opponent_id=BOB
    )
    await settle_posts(service, clock)  # the game's start was owed to its channel
    assert await service.outbox.next_alarm() == clock.now + timedelta(hours=1)


async def test_the_schedule_survives_a_restart(database_at, clock: FakeClock) -> None:
    from testing.servicekit import open_service

    path = database_at
    first = await open_service(path, clock)
    await start_game(first)
    await first.connection.close()
    clock.advance(days=4)
    second = await open_service(path, clock)
    try:
        [loss] = await second.alarms.run_due()
        assert isinstance(loss, TimeLoss) and loss.loser_id == ALICE
    finally:
        await second.connection.close()
