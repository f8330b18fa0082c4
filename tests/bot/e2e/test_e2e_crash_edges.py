"""The edges of issue 45's crash tests: a clean stop (SIGTERM) while posts are in flight lets
them finish, each posted once, and the bot exits 0; a change stored long before the bot comes
back (the process was down for minutes) is still posted once; and a post whose attempt may have
reached Discord is sent again only while Discord keeps its nonce (`NONCE_TRUST`), never later.
"""

from __future__ import annotations

import logging
import signal
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.runtime import deliverer
from bot.service.outbox import NONCE_TRUST
from bot.service.owed import answering
from bot.store import Notify
from testing.crashkit import (
    Heard,
    Life,
    assert_no_repeats,
    claim_as_the_deliverer,
    once,
    preparing,
    settled,
)
from testing.e2ekit import World, running
from testing.fakediscord import FakeChannel, FakeMessage
from testing.servicekit import FakeClock, owed, start_game

LOCALE = "en-US"


async def two_games(
    world: World, clock: FakeClock | None = None
) -> tuple[FakeChannel, FakeChannel]:
    """alice against bob in #move (alice to move), alice against carol in #holiday (carol's
    only game), made while the bot is down, their starts behind them."""
    move = world.fake.add_text_channel(world.guild, "move")
    holiday = world.fake.add_text_channel(world.guild, "holiday")
    guild, alice = world.guild.id, world.alice.id
    async with preparing(world, clock) as service, settled(service):
        for channel, opponent in ((move, world.bob.id), (holiday, world.carol.id)):
            await start_game(
                service, channel_id=channel.id, guild_id=guild, challenger=alice, opponent=opponent
            )
    return move, holiday


def moved(m: FakeMessage) -> bool:
    return "a1 c1" in m.content


def noticed(m: FakeMessage) -> bool:
    return "🏖️" in m.content


async def test_a_stop_during_sends_lets_them_finish_each_once_and_exits_well(
    world: World, tmp_path: Path
) -> None:
    """SIGTERM while a command's answer and a post of the deliverer's own round are both held
    by Discord: each is released once the bot says its stop waits for it."""
    fake = world.fake
    move, holiday = await two_games(world)
    life = await Life.start(world, tmp_path)
    mark = fake.mark()
    notice = fake.hold(f"POST /channels/{holiday.id}/messages")
    await fake.send_slash_command(world.carol, holiday, "vacation", {"days": 3})
    await life.wait(lambda: notice.hits, "the holiday notice sent")
    answer = fake.hold("POST /interactions/*/*/callback")
    await fake.send_slash_command(world.alice, move, "move", {"move": "a1 c1"})
    await life.wait(lambda: answer.hits, "the move's answer sent")
    assert life.process.process is not None
    life.process.process.send_signal(signal.SIGTERM)
    await life.wait(lambda: "interaction(s) in progress" in life.log, "the stop")
    answer.release()
    await life.wait(lambda: "in flight may finish" in life.log, "the deliverer's stop")
    notice.release()
    await life.stop()  # exits 0
    assert once(fake, move, moved, mark)() is not None
    assert once(fake, holiday, noticed, mark)() is not None
    async with preparing(world) as service:
        assert await owed(service) == []  # nothing left for the next start to send again
    assert_no_repeats(fake)


async def test_a_change_stored_minutes_before_the_restart_is_still_posted(
    world: World, tmp_path: Path
) -> None:
    """The bot died two minutes ago right after storing a move (its answer claimed, not sent),
    a holiday (its notice claimed by the deliverer, not sent) and bob's turn letter: none of
    them was ever tried, so however long the bot was down, each goes out once."""
    fake = world.fake
    then = FakeClock(datetime.now(UTC) - timedelta(seconds=2 * 60))
    move, holiday = await two_games(world, then)
    mark = fake.mark()
    async with preparing(world, then) as service:
        await service.notifications.set_notify(world.bob.id, Notify.TURNS)
        revision = (await service.queries.game_in(move.id)).revision
        with answering(LOCALE):
            await service.moves.play(move.id, world.alice.id, "a1 c1", revision)
        await service.vacations.start_vacation(world.carol.id, 3)
        await claim_as_the_deliverer(service)
    life = await Life.here(world)
    await life.within(once(fake, move, moved, mark), "the move")
    await life.within(once(fake, holiday, noticed, mark), "the holiday notice")
    letter = once(fake, fake.dm_channel(world.bob), lambda m: "a1 c1" in m.content, mark)
    await life.within(letter, "bob's turn letter")
    await life.stop()
    assert "not made" not in life.log
    assert_no_repeats(fake)


@pytest.mark.parametrize("later", [NONCE_TRUST // 3, NONCE_TRUST + 10])
async def test_a_post_that_may_have_arrived_is_sent_again_only_while_discord_keeps_its_nonce(
    world: World, monkeypatch: pytest.MonkeyPatch, later: int
) -> None:
    """A holiday notice reaches Discord, which posts it, and the bot stops before it hears so
    (its delivery cut short, as a crash leaves it: handed back, its attempt begun). It comes
    back `later` seconds after (its clock, the World's): within `NONCE_TRUST` it sends the post
    again with its nonce, and Discord answers with the first; later it may no longer trust the
    nonce, sends nothing and says why."""
    fake = world.fake
    monkeypatch.setattr(deliverer, "STOP_GRACE", 0.2)  # the stop cuts the delivery short
    heard = Heard(world)
    logging.getLogger("bot.service.outbox").addHandler(heard)
    route = f"POST /channels/{world.channel.id}/messages"
    try:
        async with running(world) as bot:
            await start_game(
                bot.service,
                channel_id=world.channel.id,
                guild_id=world.guild.id,
                challenger=world.alice.id,
                opponent=world.carol.id,
            )
            await bot.deliverer.idle()
            await bot.deliverer.run_round()  # the game's start, before the notice is held
            mark = fake.mark()
            held = fake.hold_answer(route)
            await bot.service.vacations.start_vacation(world.carol.id, 3)
            carried = once(fake, world.channel, noticed, mark)
            await fake.world.wait_until(carried, what="the notice carried out")
        sent = len(fake.requests_to(route))
        world.clock.advance(seconds=later)
        async with running(world) as bot:
            if later < NONCE_TRUST:
                resent = lambda: [r for r in fake.requests_to(route)[sent:] if r.status]  # noqa: E731
                await fake.world.wait_until(resent, what="the notice sent again")
            else:
                gave_up = lambda: [line for line in heard.lines if "not made" in line]  # noqa: E731
                await fake.world.wait_until(gave_up, what="the notice given up")
            await bot.deliverer.idle()
            assert await owed(bot.service) == []  # settled, one way or the other
    finally:
        logging.getLogger("bot.service.outbox").removeHandler(heard)
        held.release()
    (notice,) = [m for m in fake.messages_in(world.channel, since=mark) if noticed(m)]
    assert notice.pinged == [world.alice]
    again = fake.requests_to(route)[sent:]
    if later < NONCE_TRUST:
        assert [r.status for r in again] == [200]  # Discord answered with the first
        assert not [line for line in heard.lines if "not made" in line]
    else:
        assert again == []  # never sent after Discord may have forgotten its nonce
