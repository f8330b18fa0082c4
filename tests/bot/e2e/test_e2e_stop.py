"""A stop (a deploy's SIGTERM, which closes the bot) lets the interactions in progress finish:
a game's end answered a moment before the stop is followed by its replay from the same process,
not left owed to the next one, which would post it late, after newer news (issue 46: the
rematch-after-restart test saw such a replay after its rematch)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.discord.app import open_bot
from bot.store import open_database, outbox
from testing.e2ekit import World, run, running
from testing.fakediscord import FakeMessage, Fault, InProcessBot

GIF = b"GIF89a"
WAITING = "bot.discord.shared.in_progress"  # where the bot says that its stop waits


class ReleaseWhenWaiting(logging.Handler):
    """Lets Discord answer the held request (`fault`) once the bot says that its stop waits
    for the interactions in progress."""

    def __init__(self) -> None:
        super().__init__()
        self.fault: Fault | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self.fault is not None and "in progress" in record.getMessage():
            self.fault.release()


async def owed_posts(database: Path) -> list[str]:
    """The kinds of the posts the database still owes (read with the bot stopped)."""
    async with open_database(database) as store, store.read() as db:
        return [row.kind for row in await outbox.undelivered(db)]


def is_replay(message: FakeMessage) -> bool:
    return any(attachment.data[:6] == GIF for attachment in message.attachments)


async def test_a_stop_waits_for_the_replay_of_a_game_its_last_answer_ended(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=WAITING)
    handler = ReleaseWhenWaiting()
    logging.getLogger(WAITING).addHandler(handler)
    try:
        async with running(world):
            challenge = await run(
                world, world.alice, "challenge", {"game": "ponte", "opponent": world.bob}
            )
            mark = world.fake.mark()
            accept = challenge.message.custom_ids()[0]
            await (await world.fake.press_button(world.bob, challenge.message, accept))
            await world.fake.wait_for_message(world.channel, since=mark)  # the game's start
            # The replay's post reaches Discord, which answers once the stop has begun.
            handler.fault = world.fake.hold(f"POST /channels/{world.channel.id}/messages")
            ended = await run(world, world.alice, "resign")
            assert not ended.ephemeral
            await world.fake.world.wait_until(
                lambda: handler.fault and handler.fault.hits, what="the replay"
            )
            # Leaving the block stops the bot while its replay's post waits for an answer.
    finally:
        logging.getLogger(WAITING).removeHandler(handler)
    [replay] = [m for m in world.fake.messages_in(world.channel, since=mark) if is_replay(m)]
    assert replay.seq > ended.message.seq
    assert await owed_posts(world.database) == []


async def test_a_stop_before_discord_py_dispatches_ready_leaves_nothing_to_dispatch(
    world: World,
) -> None:
    """discord.py dispatches READY `guild_ready_timeout` after the last server arrived, from a
    task of its own that its close leaves running: a bot stopped in that wait would dispatch
    from a closed client ('Task exception was never retrieved', seen when a process was stopped
    within two seconds of its start). The bot's close ends that wait."""
    opened = open_bot(world.settings(), clock=world.clock, guild_ready_timeout=600.0)
    async with opened as bot:
        runner = InProcessBot(world.fake, lambda: bot)
        await runner.start()
        state = bot._connection  # discord.py's own: where its delayed READY waits
        await world.fake.world.wait_until(
            lambda: state._ready_task is not None, what="discord.py's READY wait"
        )
        delayed = state._ready_task
        assert delayed is not None and not delayed.done()
        await runner.stop()
        await asyncio.wait({delayed}, timeout=60)  # ten minutes without the bot's care
        assert delayed.done() and (delayed.cancelled() or delayed.exception() is None)
        assert not bot.is_ready()
