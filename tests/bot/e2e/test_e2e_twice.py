"""Nothing twice (issue 27): an interaction Discord delivers twice (or to two processes of one
shard), and a Rematch pressed by both players at the same moment, each make one challenge; the
second delivery stays silent, and the acknowledgement Discord refuses (40060) logs no traceback.
An owed answer whose command can no longer be asked about is posted again."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.discord.app import GameBot
from bot.discord.posting.originals import original_response
from bot.service.context import POST_GRACE
from bot.service.owed import answering
from testing.e2ekit import World, due_round, run
from testing.fakediscord import BotProcess, FakeDiscord, FakeMessage
from testing.servicekit import FakeClock, open_service


class Heard(logging.Handler):
    """The bot's log records, each one news to whoever waits on the fake (no polling)."""

    def __init__(self, world: World) -> None:
        super().__init__(logging.INFO)
        self.world = world
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        self.world.fake.world.changed()

    def about(self, interaction_id: int) -> list[logging.LogRecord]:
        return [r for r in self.records if str(interaction_id) in r.getMessage()]

    def loud(self) -> list[str]:
        """What a server admin would find alarming: warnings, errors, tracebacks."""
        return [r.getMessage() for r in self.records if r.levelno >= logging.WARNING or r.exc_info]


@contextmanager
def heard(world: World) -> Iterator[Heard]:
    handler = Heard(world)
    logger = logging.getLogger("bot")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def public(world: World, since: int) -> list[FakeMessage]:
    return [m for m in world.fake.messages_in(world.channel, since=since) if not m.ephemeral]


async def test_a_challenge_delivered_twice_is_made_and_posted_once(
    world: World, bot: GameBot
) -> None:
    mark = world.fake.mark()
    with heard(world) as log:
        handle = await world.fake.send_slash_command(
            world.alice, world.channel, "challenge", {"game": "ponte", "opponent": world.bob}
        )
        await world.fake.redeliver(handle)
        answer = await handle
        await world.fake.world.wait_until(
            lambda: log.about(handle.id), what="the second delivery's end"
        )
    assert not answer.ephemeral and answer.message.pinged == [world.bob]
    assert public(world, mark) == [answer.message]
    assert [c.id for c in await bot.service.challenges.pending_challenges(world.bob.id)] == [
        int(answer.message.custom_ids()[0].rsplit(":", 1)[1])
    ]
    assert log.loud() == []


async def finished_game(world: World) -> FakeMessage:
    """alice challenges bob, who accepts; alice resigns: the last post has the Rematch button."""
    challenge = await run(world, world.alice, "challenge", {"game": "ponte", "opponent": world.bob})
    accept_id = challenge.message.custom_ids()[0]
    await (await world.fake.press_button(world.bob, challenge.message, accept_id))
    mark = world.fake.mark()
    last = await run(world, world.alice, "resign")
    await world.fake.wait_for_message(  # the replay follows the result
        world.channel,
        since=mark,
        check=lambda m: any(a.filename.endswith(".gif") for a in m.attachments),
    )
    return last.message


async def test_a_rematch_pressed_by_both_at_once_makes_one_challenge(
    world: World, bot: GameBot
) -> None:
    last = await finished_game(world)
    rematch = next(c for c in last.custom_ids() if c.startswith("rematch:"))
    mark = world.fake.mark()
    with heard(world) as log:
        presses = [
            await world.fake.press_button(player, last, rematch)
            for player in (world.alice, world.bob)
        ]
        await world.fake.redeliver(presses[0])  # and alice's press comes twice
        answers = await asyncio.gather(*presses)
        await world.fake.world.wait_until(
            lambda: log.about(presses[0].id), what="the second delivery's end"
        )
    asked = [a for a in answers if not a.ephemeral]
    refused = [a for a in answers if a.ephemeral]
    assert len(asked) == 1 and len(refused) == 1
    (pending,) = await bot.service.challenges.pending_challenges(world.alice.id)
    assert f"<@{pending.challenger_id}>" in refused[0].content  # told who asked already
    assert public(world, mark) == [asked[0].message]
    assert log.loud() == []


LOUD = re.compile(r"^(WARNING|ERROR|CRITICAL) ", re.MULTILINE)
ONCE = ("was delivered twice", "was answered by another delivery")
"""What a process logs (at INFO) when the other process of its shard handled an interaction."""


def told_once(*processes: BotProcess) -> int:
    return sum(p.stderr.count(line) for p in processes for line in ONCE)


async def test_two_processes_on_one_shard_make_one_challenge_and_one_rematch(
    tmp_path: Path, postgres_server
) -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Overlap")
        alice, bob, carol = (fake.add_user(name) for name in ("alice", "bob", "carol"))
        url = await postgres_server.fresh_url()
        env = {"DATABASE_URL": url, "AI_WORKERS": "0", "LOG_LEVEL": "INFO"}
        env.update(fake.bot_env(guild))
        first = BotProcess(fake, "bot", env=env, cwd=tmp_path)
        second = BotProcess(fake, "bot", env=env, cwd=tmp_path)  # the same shard: an overlap
        service = await open_service(url)
        channel = guild.text_channel
        try:
            await first.start()
            await fake.wait_commands_synced(guild)
            world = World(fake, guild, channel, alice, bob, carol, tmp_path, FakeClock())
            last = await finished_game(world)
            await second.start()
            mark = fake.mark()
            options = {"game": "ponte", "opponent": carol}
            made = await (await fake.send_slash_command(alice, channel, "challenge", options))
            await fake.world.wait_until(
                lambda: told_once(first, second) >= 1,
                what="the other process's word that the challenge was handled once",
            )
            rematch = next(c for c in last.custom_ids() if c.startswith("rematch:"))
            presses = [await fake.press_button(p, last, rematch) for p in (alice, bob)]
            answers = await asyncio.gather(*presses)
            await fake.world.wait_until(
                lambda: told_once(first, second) >= 3,
                what="both processes' word that each press was answered once",
            )
            pending = await service.challenges.pending_challenges(alice.id)
        finally:
            await service.connection.close()
            codes = [await process.stop() for process in (first, second)]
        logs = first.stderr + second.stderr
        assert codes == [0, 0], logs
        assert len([c for c in pending if c.opponent_id == carol.id]) == 1
        assert len([c for c in pending if c.opponent_id != carol.id]) == 1  # one rematch
        shown = [m for m in fake.messages_in(channel, since=mark) if not m.ephemeral]
        assert len(shown) == 2 and made.message in shown  # the challenge, the rematch
        assert sorted(a.ephemeral for a in answers) == [False, True]
        assert "Traceback" not in logs and not LOUD.search(logs), logs


@pytest.mark.parametrize("too_late", [True, False])
async def test_an_owed_answer_nobody_can_look_up_any_more_is_posted_again(
    world: World, bot: GameBot, too_late: bool
) -> None:
    # Past its 15 minutes the token cannot tell whether the answer arrived (the bot does not
    # even ask, or Discord answers 401, 50027): while Discord still knows the post's nonce,
    # better twice than never (a post of the channel's own, with that nonce).
    challenge = await run(
        world, world.alice, "challenge", {"game": "ponte", "opponent": world.bob, "first": "me"}
    )
    accept_id = challenge.message.custom_ids()[0]
    await (await world.fake.press_button(world.bob, challenge.message, accept_id))
    with answering() as owing:  # as a command's answer, which never went out (a crash)
        await bot.service.moves.play(world.channel.id, world.alice.id, "a1 c1")
    expires = int(time.time()) + (-1 if too_late else 600)
    await bot.service.outbox.answering(owing.ids[0], "a-token-discord-has-forgotten", expires)
    mark = world.fake.mark()
    world.clock.advance(seconds=POST_GRACE + 1)
    await due_round(bot)
    posted = await world.fake.wait_for_message(
        world.channel, since=mark, check=lambda m: "a1 c1" in m.content
    )
    assert posted.pinged == [world.bob]
    asked = world.fake.requests_to("GET /webhooks/*/*/messages/@original")
    assert [request.status for request in asked] == ([] if too_late else [401])


async def test_a_commands_answer_is_read_with_its_token_when_it_is_a_public_one(
    world: World, bot: GameBot
) -> None:
    answered = await world.fake.send_slash_command(
        world.alice, world.channel, "challenge", {"game": "ponte", "opponent": world.bob}
    )
    refused = await world.fake.send_slash_command(world.carol, world.channel, "move", {"move": "x"})
    assert not (await answered).ephemeral and (await refused).ephemeral
    assert await original_response(bot, answered.token) == answered.original.id
    assert await original_response(bot, refused.token) is None  # a private reply: not an answer
    assert await original_response(bot, "a-token-discord-never-gave") is None  # 401, 50027
