"""The real bot killed (SIGKILL) at each step of each post a challenge owes (issue 53): the
challenge posted (the answer to /challenge), accepted (its message edited, the game's start),
declined (its buttons off, the challenger told in a new message), withdrawn (its message
edited), an open challenge taken (edited, the game's start), and expired (edited by the
deliverer). At each step (`Step`: the change stored and its posts not yet sent; the post held by
Discord and dropped; the post carried out and the bot never told) each post is on Discord
exactly once after the restart, each within `RESTART_SECONDS` of the bot's READY or of the post
before.

The lives a crash ends are processes; the others run the same bot in the test's own process
(`Life.here`). Each change is made in a channel of its own: the deliverer keeps a channel's
posts in order."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.i18n import text
from bot.service import GameService
from bot.service.alarms import expire_challenge
from bot.service.deadlines import DAY
from bot.service.owed import answering
from bot.words.games import mention
from testing.crashkit import (
    Holds,
    Life,
    ProcessLife,
    Step,
    assert_no_repeats,
    claim_as_the_deliverer,
    once,
    posts_in,
    preparing,
)
from testing.e2ekit import World, run
from testing.fakediscord import FakeChannel, FakeMessage

LOCALE = "en-US"  # the server's: what the challenges' posts are written in
PUBLIC = "en"  # its catalogue
CALLBACK = "POST /interactions/*/*/callback"


@dataclass
class Places:
    """A channel for each change, and the challenge waiting there before the crash."""

    posted: FakeChannel
    accepted: FakeChannel
    declined: FakeChannel
    withdrawn: FakeChannel
    taken: FakeChannel
    expired: FakeChannel
    messages: dict[str, FakeMessage]


def places(world: World) -> Places:
    names = ("posted", "accepted", "declined", "withdrawn", "taken", "expired")
    channels = {name: world.fake.add_text_channel(world.guild, name) for name in names}
    return Places(**channels, messages={})


async def challenge_in(world: World, where: Places) -> None:
    """alice's challenges, posted before anything is cut: of bob where he accepts, declines,
    she withdraws and nobody answers; to anyone where carol takes it."""
    for name in ("accepted", "declined", "withdrawn", "expired", "taken"):
        options: dict[str, object] = {"game": "ponte"}
        if name != "taken":
            options["opponent"] = world.bob
        made = await run(world, world.alice, "challenge", options, getattr(where, name))
        assert not made.ephemeral, made.content
        where.messages[name] = made.message


def challenge_id(message: FakeMessage) -> int:
    return int(message.custom_ids()[0].rsplit(":", 1)[1])


async def press(world: World, where: Places, name: str, action: str) -> None:
    """The press that answers the challenge in channel `name`: bob's (carol's, who takes the
    open one; alice's, who withdraws hers)."""
    message = where.messages[name]
    custom_id = next(c for c in message.custom_ids() if c.startswith(f"challenge:{action}"))
    user = {"taken": world.carol, "withdrawn": world.alice}.get(name, world.bob)
    await world.fake.press_button(user, message, custom_id)


async def cut(world: World, where: Places, holds: Holds, life: Life) -> None:
    """Each post held by the fake (dropped, or carried out with its answer kept from the
    bot): the games' starts and the decline's word in their channels, then the answers to the
    presses and commands, each held in turn (every answer takes the same route)."""
    fake = world.fake
    mark = fake.mark()
    for name, action in (("accepted", "accept"), ("taken", "accept"), ("declined", "decline")):
        channel = getattr(where, name)
        held = holds.on(f"POST /channels/{channel.id}/messages")
        await press(world, where, name, action)
        await holds.hit(
            held, f"the post in #{name}", life, lambda c=channel: posts_in(fake, c, bool, mark)
        )
    held = holds.on(CALLBACK)
    await press(world, where, "withdrawn", "decline")
    await holds.hit(held, "the withdrawal's edit", life)
    held = holds.on(CALLBACK)
    handle = await fake.send_slash_command(
        world.carol, where.posted, "challenge", {"game": "ponte", "opponent": world.bob}
    )
    await holds.hit(held, "the challenge's answer", life, lambda: handle.original)


async def store(world: World, where: Places) -> None:
    """The same changes made while the bot is down, as its commands and presses make them
    (inside `answering()`: their posts claimed for the bot's process); the expiry as its
    scheduler makes it, claimed by its deliverer."""
    alice, bob, carol = world.alice.id, world.bob.id, world.carol.id
    ids = {name: challenge_id(message) for name, message in where.messages.items()}
    async with preparing(world) as service:
        with answering(LOCALE):
            await service.challenges.accept(ids["accepted"], bob)
        with answering(LOCALE):
            await service.challenges.accept(ids["taken"], carol)
        with answering(LOCALE):
            await service.challenges.decline(ids["declined"], bob)
        with answering(LOCALE):
            await service.challenges.cancel(ids["withdrawn"], alice)
        with answering(LOCALE):
            await service.challenges.challenge(
                game_kind="ponte",
                guild_id=world.guild.id,
                channel_id=where.posted.id,
                challenger_id=carol,  # alice waits an hour: bob declined one, she withdrew one
                opponent_id=bob,
            )
        await expire(service, where)
        await claim_as_the_deliverer(service)


async def expire(service: GameService, where: Places) -> None:
    """The challenge nobody answered falls due, as the scheduler finds it (the others, the
    new one too, are left as they are)."""
    now = service.context.now() + 3 * DAY
    async with service.connection.transaction() as db:
        expired = challenge_id(where.messages["expired"])
        assert await expire_challenge(service.context, db, expired, now) is not None


def said(world: World, key: str, **names: int) -> str:
    return text(PUBLIC, key, **{name: mention(user) for name, user in names.items()})


async def each_once(world: World, where: Places, life: Life, mark: int) -> None:
    """Every post of every change is on Discord once: the new challenge with its buttons, the
    games' starts, the decline's word; the answered challenges edited, without buttons."""
    fake, alice, bob, carol = world.fake, world.alice.id, world.bob.id, world.carol.id
    posted = await life.within(
        once(fake, where.posted, lambda m: m.custom_ids(), mark), "the new challenge"
    )
    assert posted.pinged == [world.bob]
    for name in ("accepted", "taken"):
        channel = getattr(where, name)
        start = await life.within(once(fake, channel, lambda m: m.attachments, mark), "a start")
        assert start.pinged
    told = await life.within(once(fake, where.declined, lambda m: True, mark), "the decline")
    assert told.content == said(world, "challenge.declined", opponent=bob, challenger=alice)
    assert told.pinged == [world.alice]
    edits = {
        "accepted": said(world, "challenge.accepted", opponent=bob, challenger=alice),
        "taken": said(world, "challenge.accepted", opponent=carol, challenger=alice),
        "withdrawn": said(world, "challenge.cancelled", opponent=bob, challenger=alice),
        "expired": said(world, "challenge.expired", opponent=bob, challenger=alice),
    }
    for name, content in edits.items():
        message = where.messages[name]
        await life.within(lambda m=message, c=content: m.content == c, f"#{name}'s edit")
        assert message.components == []
    declined = where.messages["declined"]
    await life.within(lambda: declined.components == [], "the declined one's buttons off")
    assert_no_repeats(fake)


@pytest.mark.parametrize("step", list(Step))
async def test_each_post_a_challenge_owes_is_on_discord_once_after_a_crash(
    world: World, tmp_path: Path, step: Step
) -> None:
    world.strict = False  # the presses cut by the crash are never answered
    where = places(world)
    first: Life = await (Life.here(world) if step is Step.STORED else Life.start(world, tmp_path))
    await challenge_in(world, where)
    mark = world.fake.mark()
    if step is Step.STORED:
        await first.stop()
        await store(world, where)
    else:
        holds = Holds(world.fake, step)
        await cut(world, where, holds, first)
        assert isinstance(first, ProcessLife)
        await first.kill()
        holds.crashed()
        async with preparing(world) as service:
            await expire(service, where)  # the scheduler's edit, owed while the bot is down
    second = await Life.here(world)
    await each_once(world, where, second, mark)
    await second.stop()


@pytest.mark.parametrize("step", [Step.DROPPED, Step.CARRIED])
async def test_a_crash_while_a_challenges_thread_opens_makes_one_thread_and_starts_its_game(
    world: World, tmp_path: Path, step: Step
) -> None:
    # The thread is owed with the acceptance: after the crash the courier opens it (DROPPED)
    # or finds the one Discord made (CARRIED) by its name, and the game starts there once.
    world.strict = False  # the press cut by the crash is never answered
    first = await Life.start(world, tmp_path)
    options = {"game": "ponte", "opponent": world.bob, "thread": True}
    made = await run(world, world.alice, "challenge", options)
    holds = Holds(world.fake, step)
    held = holds.on("POST /channels/*/threads")
    accept = next(c for c in made.message.custom_ids() if c.startswith("challenge:accept"))
    await world.fake.press_button(world.bob, made.message, accept)
    await holds.hit(held, "the thread's opening", first, lambda: world.guild.threads)
    assert isinstance(first, ProcessLife)
    await first.kill()
    holds.crashed()
    second = await Life.here(world)
    thread = await second.within(lambda: next(iter(world.guild.threads), None), "the thread")
    start = await second.within(once(world.fake, thread, lambda m: m.attachments), "the start")
    assert start.pinged
    assert len(world.guild.threads) == 1
    accepted = said(world, "challenge.accepted", opponent=world.bob.id, challenger=world.alice.id)
    await second.within(lambda: made.message.content.startswith(accepted), "the challenge's edit")
    assert made.message.components == []
    assert_no_repeats(world.fake)
    await second.stop()
