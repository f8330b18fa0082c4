"""A channel where the bot may not post boards: refused up front, privately, naming each missing
permission, with nothing half-made (issue 13, point 1)."""

from __future__ import annotations

import pytest

from bot.discord.app import GameBot
from bot.i18n import text
from bot.service import errors
from testing.e2ekit import World, due_round, run
from testing.fakediscord import ATTACH_FILES, CREATE_PUBLIC_THREADS, SEND_MESSAGES

CHALLENGE = {"game": "ponte", "first": "me"}


async def assert_no_game(world: World, bot: GameBot) -> None:
    with pytest.raises(errors.NoGameHereError):
        await bot.service.queries.latest_game_in(world.channel.id)


@pytest.mark.parametrize(
    ("denied", "names"),
    [
        (ATTACH_FILES, ["attach_files"]),
        (SEND_MESSAGES | ATTACH_FILES, ["send_messages", "attach_files"]),
    ],
)
async def test_a_challenge_where_the_bot_cannot_post_a_board_is_refused_naming_each_permission(
    world: World, bot: GameBot, denied: int, names: list[str]
) -> None:
    await world.fake.deny_bot(world.channel, denied)
    mark = world.fake.mark()
    for options in ({"opponent": world.bob}, {"opponent": world.fake.bot_user}):
        answer = await run(world, world.alice, "challenge", {**CHALLENGE, **options})
        assert answer.ephemeral
        for name in names:
            assert text("en", f"permission.{name}") in answer.content
        assert "try again" not in answer.content.lower()
    assert world.fake.messages_in(world.channel, since=mark) == []
    await assert_no_game(world, bot)
    assert await bot.service.queries.games(guild_id=world.guild.id) == []
    # Nothing blocks the same challenge once the admin has fixed the channel.
    await world.fake.deny_bot(world.channel, 0)
    posted = await run(world, world.alice, "challenge", {**CHALLENGE, "opponent": world.bob})
    assert not posted.ephemeral


async def test_a_thread_challenge_without_the_thread_permission_is_refused_in_the_callers_language(
    world: World, bot: GameBot
) -> None:
    await world.fake.deny_bot(world.channel, CREATE_PUBLIC_THREADS)
    answer = await run(
        world, world.bob, "challenge", {**CHALLENGE, "opponent": world.alice, "thread": True}
    )
    assert answer.ephemeral
    assert text("de", "permission.create_public_threads") in answer.content  # bob reads German
    assert world.fake.messages_in(world.channel) == []


async def test_accept_in_a_channel_that_lost_a_permission_leaves_the_challenge_open(
    world: World, bot: GameBot
) -> None:
    challenge = await run(world, world.alice, "challenge", {**CHALLENGE, "opponent": world.bob})
    await world.fake.deny_bot(world.channel, ATTACH_FILES)
    accept_id = challenge.message.custom_ids()[0]
    pressed = await (await world.fake.press_button(world.bob, challenge.message, accept_id))
    assert pressed.ephemeral
    assert text("de", "permission.attach_files") in pressed.content
    assert challenge.message.components  # still open: Accept works once the channel is fixed
    await assert_no_game(world, bot)
    await world.fake.deny_bot(world.channel, 0)
    await (await world.fake.press_button(world.bob, challenge.message, accept_id))
    assert (await bot.service.queries.game_in(world.channel.id)).is_active


async def test_a_start_discord_refused_is_posted_later_and_the_player_told_it_started(
    world: World, bot: GameBot
) -> None:
    challenge = await run(world, world.alice, "challenge", {**CHALLENGE, "opponent": world.bob})
    world.fake.inject("POST /channels/*/messages", 403, code=50013, message="Missing Permissions")
    accept_id = challenge.message.custom_ids()[0]
    mark = world.fake.mark()
    pressed = await world.fake.press_button(world.bob, challenge.message, accept_id)
    told = (await pressed.wait_for_messages(2))[-1]
    assert told.ephemeral  # not "try again later": the game did start
    assert told.content == text("de", "error.start_post_owed")
    game = await bot.service.queries.game_in(world.channel.id)
    assert game.is_active
    world.clock.advance(minutes=1)  # the outbox tries again after its pause
    await due_round(bot)
    started = await world.fake.wait_for_message(
        world.channel, since=mark, check=lambda m: bool(m.attachments)
    )
    assert started.pinged == [world.alice]
    await due_round(bot)
    assert [m for m in world.fake.messages_in(world.channel, since=mark) if m.attachments] == [
        started
    ]
