"""The real bot killed (SIGKILL) at each step of the direct messages its scheduler owes (issue
45): a reminder (half the time gone, for a player who asked for reminders by direct message)
and a loss on time in a reply-only game (both players are written to). At each step, after the
restart each letter is in its reader's direct messages exactly once, soon after READY.

The games are made while the bot is down, on a clock set back in time, so that the bot's
scheduler owes the letters as soon as it starts (it keeps the real time). Its deliverer sends one
post at a time, so each life cuts one letter: the reminder in the first, the loss on time (its
game made between the two lives) in the second.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store import Notify, Reach
from testing.crashkit import (
    Holds,
    Life,
    Step,
    assert_no_repeats,
    claim_as_the_deliverer,
    once,
    preparing,
    settled,
)
from testing.e2ekit import World
from testing.fakediscord import FakeChannel, FakeMessage, FakeUser
from testing.servicekit import FakeClock, start_game

HOUR = 3600


def ago(minutes: int) -> FakeClock:
    """A clock that many minutes before now (real time), for a game begun then."""
    return FakeClock(datetime.now(UTC) - timedelta(minutes=minutes))


async def reminder_due(world: World, dave: FakeUser, erin: FakeUser, channel: FakeChannel) -> None:
    """dave and erin's game with an hour a move, begun 31 minutes ago, dave to move: his
    half-time reminder is due; he asked for reminders by direct message."""
    async with preparing(world, ago(31)) as service, settled(service):
        await service.notifications.set_notify(dave.id, Notify.REMINDERS)
        await start_game(
            service,
            channel_id=channel.id,
            guild_id=world.guild.id,
            challenger=dave.id,
            opponent=erin.id,
            move_seconds=HOUR,
        )


async def loss_due(world: World, group: FakeChannel) -> None:
    """alice and bob's game in a group DM (the bot only answers there), an hour a move, begun
    61 minutes ago with alice to move: she has lost on time, which only letters can tell."""
    async with preparing(world, ago(61)) as service, settled(service):
        await start_game(
            service,
            channel_id=group.id,
            guild_id=None,  # a group DM
            challenger=world.alice.id,
            opponent=world.bob.id,
            move_seconds=HOUR,
            reach=Reach.REPLY,
        )


def letters(world: World, user: FakeUser, mark: int, sign: str) -> Callable[[], FakeMessage | None]:
    """A check for `Life.within`: the one letter to `user` saying `sign` (since `mark`)."""
    return once(world.fake, world.fake.dm_channel(user), lambda m: sign in m.content, mark)


def dm_route(world: World, user: FakeUser) -> str:
    return f"POST /channels/{world.fake.dm_channel(user).id}/messages"


async def reminded(
    world: World, life: Life, dave: FakeUser, channel: FakeChannel, mark: int
) -> None:
    """dave's reminder is in his direct messages once, and in the game's channel once."""
    letter = await life.within(letters(world, dave, mark, "⏰"), "dave's reminder")
    assert f"<#{channel.id}>" in letter.content
    post = once(world.fake, channel, lambda m: "⏰" in m.content, mark)
    await life.within(post, "the reminder in the game's channel")


async def told_lost(world: World, life: Life, group: FakeChannel, mark: int) -> None:
    """alice and bob each have one letter telling the loss; the group DM got nothing."""
    for user in (world.alice, world.bob):
        letter = await life.within(letters(world, user, mark, "⌛"), f"{user.name}'s loss")
        assert f"<#{group.id}>" in letter.content
    assert world.fake.requests_to(f"POST /channels/{group.id}/messages") == []


@pytest.mark.parametrize("step", list(Step))
async def test_each_letter_the_clock_owes_is_sent_once_after_a_crash(
    world: World, tmp_path: Path, step: Step
) -> None:
    fake = world.fake
    dave, erin = fake.add_user("dave", locale="nl"), fake.add_user("erin")
    channel = fake.add_text_channel(world.guild, "reminders")
    group = fake.add_group_dm(world.alice, world.bob, name="group")
    mark = fake.mark()
    await reminder_due(world, dave, erin, channel)
    if step is Step.STORED:
        await loss_due(world, group)
        async with preparing(world) as service:  # the scheduler's round, then the crash
            await service.alarms.run_due()
            await claim_as_the_deliverer(service)
        life = await Life.here(world)  # no crash: the bot runs here
        await reminded(world, life, dave, channel, mark)
        await told_lost(world, life, group, mark)
        await life.stop()
        assert_no_repeats(fake)
        return
    holds = Holds(fake, step)
    held = holds.on(dm_route(world, dave))
    first = await Life.start(world, tmp_path)
    await holds.hit(held, "dave's reminder", first, letters(world, dave, mark, "⏰"))
    await first.kill()
    holds.crashed()
    await loss_due(world, group)
    held = holds.on(dm_route(world, world.alice))
    second = await Life.start(world, tmp_path)
    if step is Step.CARRIED:
        await second.within(second.asked_again(dm_route(world, dave)), "the reminder again")
    await reminded(world, second, dave, channel, mark)
    await holds.hit(held, "alice's loss", second, letters(world, world.alice, mark, "⌛"))
    await second.kill()
    holds.crashed()
    third = await Life.here(world)
    if step is Step.CARRIED:
        await third.within(third.asked_again(dm_route(world, world.alice)), "the loss again")
    await told_lost(world, third, group, mark)
    await reminded(world, third, dave, channel, mark)  # still once
    await third.stop()
    assert_no_repeats(fake)
