"""Notifications by direct message (issue 15): a DM at every turn for those who ask, reminders due
within the hour grouped into one digest, and a user with closed DMs (50007) left alone until
they choose anew. Everything is owed in the outbox, in the transaction of the change."""

from __future__ import annotations

from bot.service import GameService, Reminder, ReminderDigest, TurnDm
from bot.service.deadlines import HOUR
from bot.store import Notify
from testing.servicekit import ALICE, BOB, CHANNEL, FakeClock, owed, settle_posts, shown, start_game


async def owed_now(service: GameService, clock: FakeClock) -> list:
    """What the posts owed show (still news)."""
    return [item for item in await owed_shown(service) if item is not None]


async def owed_shown(service: GameService) -> list:
    return [await shown(service, row) for row in await owed(service)]


async def letter_of(service: GameService, kind: str) -> int:
    """The id of the one post of `kind` owed."""
    [row] = await owed(service, kind)
    return row.id


async def test_the_default_is_the_channel_ping_alone(
    service: GameService, clock: FakeClock
) -> None:
    assert await service.notifications.notify_of(BOB) == (Notify.CHANNEL, False)
    await start_game(service)
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    assert not [o for o in await owed_now(service, clock) if isinstance(o, TurnDm)]


async def test_a_player_who_asks_gets_a_direct_message_at_every_turn(
    service: GameService, clock: FakeClock
) -> None:
    await service.notifications.set_notify(BOB, Notify.TURNS)
    await start_game(service)
    await settle_posts(service, clock)
    moved = await service.moves.play(CHANNEL, ALICE, "a1 c1")
    move = await letter_of(service, "move")
    await service.outbox.delivered(move, CHANNEL, 777)  # the move's post in the channel
    [dm] = [o for o in await owed_now(service, clock) if isinstance(o, TurnDm)]
    assert (dm.user_id, dm.view.revision, dm.link_id) == (BOB, moved.view.revision, 777)
    await service.outbox.delivered(await letter_of(service, "turn_dm"))
    await service.moves.play(CHANNEL, BOB, "b1 d1")  # ALICE asked for nothing
    assert not [o for o in await owed_now(service, clock) if isinstance(o, TurnDm)]


async def test_a_turn_dm_the_game_has_moved_past_is_dropped(
    service: GameService, clock: FakeClock
) -> None:
    await service.notifications.set_notify(BOB, Notify.TURNS)
    await start_game(service)
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    await service.moves.resign(CHANNEL, BOB)  # before the DM could go out
    assert not [o for o in await owed_now(service, clock) if isinstance(o, TurnDm)]


async def test_reminders_due_within_the_hour_go_out_as_one_digest(
    service: GameService, clock: FakeClock
) -> None:
    await service.notifications.set_notify(ALICE, Notify.REMINDERS)
    await start_game(service, move_seconds=4 * HOUR)
    clock.advance(minutes=30)
    await start_game(service, channel_id=CHANNEL + 1, move_seconds=4 * HOUR)
    clock.advance(minutes=30)
    await start_game(service, channel_id=CHANNEL + 2, move_seconds=8 * HOUR)  # not this hour
    await settle_posts(service, clock)
    clock.advance(hours=1)  # the first game's half time
    notices = await service.alarms.run_due()
    assert [n.view.channel_id for n in notices if isinstance(n, Reminder)] == [CHANNEL]
    [digest] = [o for o in await owed_now(service, clock) if isinstance(o, ReminderDigest)]
    assert digest.user_id == ALICE
    assert [item.view.channel_id for item in digest.items] == [CHANNEL, CHANNEL + 1]
    await service.outbox.delivered(await letter_of(service, "reminder_dm"))  # it is out
    await settle_posts(service, clock)
    clock.advance(minutes=30)  # the second game's half time: its channel hears, no second DM
    assert [n.view.channel_id for n in await service.alarms.run_due()] == [CHANNEL + 1]
    assert not [o for o in await owed_now(service, clock) if isinstance(o, ReminderDigest)]


async def test_a_user_whose_direct_messages_are_closed_is_not_written_to_again(
    service: GameService, clock: FakeClock
) -> None:
    await service.notifications.set_notify(BOB, Notify.TURNS)
    await start_game(service)
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    assert [o.user_id for o in await owed_now(service, clock) if isinstance(o, TurnDm)] == [BOB]
    await service.notifications.dms_closed(BOB, await letter_of(service, "turn_dm"))  # 50007
    assert await service.notifications.notify_of(BOB) == (Notify.TURNS, True)
    assert not [o for o in await owed_now(service, clock) if isinstance(o, TurnDm)]
    await service.moves.play(CHANNEL, BOB, "b1 d1")
    await service.moves.play(CHANNEL, ALICE, "e1 g1")
    assert not [o for o in await owed_now(service, clock) if isinstance(o, TurnDm)]
    await service.notifications.set_notify(BOB, Notify.TURNS)  # choosing anew opens them again
    await service.moves.play(CHANNEL, BOB, "b2 d2")
    await service.moves.play(CHANNEL, ALICE, "e2 g2")
    assert [o.user_id for o in await owed_now(service, clock) if isinstance(o, TurnDm)] == [BOB]
