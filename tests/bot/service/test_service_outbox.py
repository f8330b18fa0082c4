"""The outbox: every post a use case makes owed is stored in its own transaction, found again
until it is settled, settled without a post once the game moved past it, and retried with a
growing pause after Discord refused it (issue 13, point 3)."""

from __future__ import annotations

from datetime import timedelta

from bot.service import GameService, MoveResult, Reminder, Started, TimeLoss
from bot.service.context import POST_GRACE
from bot.service.outbox import MAX_ATTEMPTS, RETRY_BASE
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
    return await service.owed_posts(due(clock))


async def test_a_post_is_left_to_its_poster_for_a_grace_period(
    service: GameService, clock: FakeClock
) -> None:
    accepted = await start_game(service)
    assert await service.owed_posts(clock.now) == []  # being posted right now
    [start] = await owed(service, clock)
    assert isinstance(start, Started)
    assert (start.post_id, start.view.id) == (accepted.post_id, accepted.view.id)
    await service.delivered(accepted.post_id)
    await service.delivered(accepted.post_id)  # a second settling changes nothing
    assert await owed(service, clock) == []


async def test_a_move_owed_since_a_crash_is_rebuilt_as_it_was_made(
    database_at, clock: FakeClock
) -> None:
    path = database_at
    service = await open_service(path, clock)
    started = await start_game(service, "verbindung")
    await service.delivered(started.post_id)
    made = await service.play(CHANNEL, ALICE, await _a_legal_move(service))
    await service.connection.close()  # the bot dies before posting it

    again = await open_service(path, clock)
    [move] = await again.owed_posts(clock.now)  # left by a stopped process: due at once
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
    view = await service.game_in(CHANNEL)
    return view.kind.suggest(view.game, "")[0]


async def test_a_post_the_game_moved_past_is_settled_without_posting(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service)
    first = await service.play(CHANNEL, ALICE, "a1 c1")
    second = await service.play(CHANNEL, BOB, "swap")
    owed_now = await owed(service, clock)
    assert [item.post_id for item in owed_now] == [second.post_id]  # the start and a1 c1: old
    await service.delivered(second.post_id)
    assert await owed(service, clock) == []
    assert first.post_id is not None


async def test_reminders_and_losses_on_time_are_owed_too(
    service: GameService, clock: FakeClock
) -> None:
    accepted = await start_game(service, move_seconds=3600)
    await service.delivered(accepted.post_id)
    clock.advance(minutes=30)
    [reminder] = await service.run_due()
    [owed_reminder] = await owed(service, clock)
    assert isinstance(owed_reminder, Reminder) and owed_reminder.post_id == reminder.post_id
    assert (owed_reminder.user_id, owed_reminder.stage) == (ALICE, 1)
    clock.advance(minutes=31)
    [loss] = await service.run_due()
    [owed_loss] = await owed(service, clock)  # the reminder is past news now
    assert isinstance(owed_loss, TimeLoss) and owed_loss.post_id == loss.post_id
    assert owed_loss.loser_id == ALICE


async def test_the_computers_moves_and_its_games_starts_are_owed(
    service: GameService, clock: FakeClock
) -> None:
    started = await service.start_computer_game(
        game_kind="ponte", channel_id=CHANNEL, player_id=ALICE, player_first=False, level="easy"
    )
    [turn] = await computer_turns(service)
    text = started.view.kind.suggest(started.view.game, "")[0]
    played = await service.play_computer(turn, text)
    assert played is not None and played.post_id is not None
    assert [item.post_id for item in await owed(service, clock)] == [played.post_id]


async def test_a_refused_post_is_retried_with_a_growing_pause_then_given_up(
    service: GameService, clock: FakeClock
) -> None:
    accepted = await start_game(service)
    post = accepted.post_id
    pauses = []
    for _ in range(MAX_ATTEMPTS - 1):
        await service.failed(post)
        next_due = await service.next_alarm()
        assert next_due is not None
        pauses.append((next_due - clock.now).total_seconds())
        assert await service.owed_posts(next_due - timedelta(seconds=1)) == []
        clock.now = next_due
    assert pauses[:3] == [RETRY_BASE, 2 * RETRY_BASE, 4 * RETRY_BASE]
    assert pauses == sorted(pauses)
    await service.failed(post)  # the last attempt failed too: given up
    assert await service.owed_posts(clock.now + timedelta(days=30)) == []


async def test_a_computer_games_start_is_owed_like_any_other(
    service: GameService, clock: FakeClock
) -> None:
    view = await start_computer_game(service)
    [start] = await owed(service, clock)
    assert isinstance(start, Started) and start.view.id == view.id
