"""The real discord.py client (a small sample bot) against the fake Discord on loopback.

These tests check the fake itself, so that the end-to-end tests of the real bot can trust it:
login, command sync with localisations, answers (normal, ephemeral, files, autocomplete,
buttons after a restart), the 3-second acknowledgement check, and 500/429 on a message post.
"""

from __future__ import annotations

import logging
import os
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import discord
import pytest

from testing.fakediscord import (
    BotProcess,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeUser,
    InProcessBot,
    ManualClock,
)
from testing.fakediscord.clock import Clock
from testing.fakediscord.sample_bot import FRUITS, SampleBot

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
SAMPLE_MODULE = "testing.fakediscord.sample_bot"
SAMPLE_COMMANDS = {
    "echo",
    "secret",
    "picture",
    "offer",
    "render",
    "slow",
    "announce",
    "whisper",
    "game",
}


@dataclass
class Scene:
    """A fake with one guild, its text channel, and two users (German and French)."""

    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    strict: bool = True


@asynccontextmanager
async def staged(clock: Clock | None = None) -> AsyncIterator[Scene]:
    """The scene on a fake with `clock` (real time by default); at the end it checks that every
    interaction was answered in time and every route was known, unless the test said not to."""
    async with FakeDiscord(clock=clock) as fake:
        guild = fake.add_guild("Test Server", locale="en-GB")
        alice = fake.add_user("alice", locale="de")
        bob = fake.add_user("bob", locale="fr")
        scene = Scene(fake, guild, guild.text_channel, alice, bob)
        yield scene
        if scene.strict:
            await fake.check_acknowledgements()
            fake.assert_no_unknown_routes()


@pytest.fixture
async def scene():
    async with staged() as scene:
        yield scene


@pytest.fixture
async def bot(scene):
    async with InProcessBot(scene.fake, lambda: SampleBot(scene.guild.id)) as client:
        yield client


async def test_the_bot_logs_in_and_syncs_its_commands_with_localisations(scene, bot):
    commands = await scene.fake.wait_commands_synced(scene.guild)
    names = {command["name"] for command in commands}
    assert names == SAMPLE_COMMANDS
    picture = next(command for command in commands if command["name"] == "picture")
    assert picture["name_localizations"] == {"de": "bild", "fr": "image", "nl": "afbeelding"}
    assert picture["description_localizations"]["de"] == "Schickt ein kleines Bild"
    login = [request.route for request in scene.fake.requests[:2]]
    assert login == ["GET /users/@me", "GET /oauth2/applications/@me"]
    assert scene.fake.commands() == []  # nothing global
    assert bot.user is not None and bot.user.id == scene.fake.bot_user.id
    assert bot.application_id == scene.fake.application_id


async def test_a_slash_command_is_answered_in_the_channel(scene, bot):
    mark = scene.fake.mark()
    handle = await scene.fake.send_slash_command(
        scene.alice, scene.channel, "echo", {"fruit": "cherry"}
    )
    result = await handle
    assert result.response_type == 4 and result.content == "cherry" and not result.ephemeral
    (callback,) = scene.fake.requests_to("POST /interactions/*/*/callback")
    assert callback.status == 200  # in time: Discord took the answer (late, it gets 10062)
    posted = await scene.fake.wait_for_message(scene.channel, since=mark)
    assert posted is result.message and posted.author is scene.fake.bot_user


async def test_an_ephemeral_answer_carries_the_users_locale_and_stays_private(scene, bot):
    mark = scene.fake.mark()
    result = await (await scene.fake.send_slash_command(scene.alice, scene.channel, "secret"))
    assert result.ephemeral and result.content == "secret for de in en-GB"
    assert scene.fake.messages_in(scene.channel, since=mark) == []
    other = await (
        await scene.fake.send_slash_command(scene.bob, scene.channel, "secret", locale="nl")
    )
    assert other.content == "secret for nl in en-GB"


async def test_autocomplete_offers_the_matching_choices_in_time(scene, bot):
    handle = await scene.fake.send_autocomplete(
        scene.alice, scene.channel, "echo", {"fruit": "AP"}, focused="fruit"
    )
    result = await handle
    assert [choice["value"] for choice in result.choices] == ["apple", "apricot"]
    assert handle.late_callbacks == [] and result.response_type == 8  # in time, as choices
    everything = await (
        await scene.fake.send_autocomplete(
            scene.alice, scene.channel, "echo", {"fruit": ""}, focused="fruit"
        )
    )
    assert len(everything.choices) == len(FRUITS)


async def test_a_file_reply_arrives_as_a_parsed_attachment(scene, bot):
    result = await (await scene.fake.send_slash_command(scene.bob, scene.channel, "picture"))
    (attachment,) = result.attachments
    assert attachment.filename == "picture.png" and attachment.content_type == "image/png"
    assert attachment.data.startswith(PNG_MAGIC) and attachment.size == len(attachment.data)
    assert attachment.sent_content_type == "application/octet-stream"  # what discord.py sends
    (callback,) = scene.fake.requests_to("POST /interactions/*/*/callback")
    assert [upload.filename for upload in callback.files] == ["picture.png"]


async def test_a_subcommand_with_a_user_option_opens_a_thread_and_pings_once(scene, bot):
    result = await (
        await scene.fake.send_slash_command(
            scene.alice, scene.channel, "game start", {"opponent": scene.bob, "thread": True}
        )
    )
    thread = await scene.fake.wait_for_thread(scene.channel, name="alice vs bob")
    assert thread.is_thread and thread.parent_id == scene.channel.id
    (challenge,) = scene.fake.messages_in(thread)
    assert challenge.content == f"{scene.alice.mention} challenges {scene.bob.mention}"
    assert challenge.pinged == [scene.bob]  # allowed_mentions keeps alice from being pinged
    assert result.response_type == 5 and result.content == f"game on in {thread.mention}"


async def test_a_missing_option_or_an_unknown_command_is_refused_before_sending(scene, bot):
    with pytest.raises(ValueError, match="fruit"):
        await scene.fake.send_slash_command(scene.alice, scene.channel, "echo")
    with pytest.raises(ValueError, match=r"no option 'colour'"):
        await scene.fake.send_slash_command(scene.alice, scene.channel, "echo", {"colour": "red"})
    with pytest.raises(LookupError, match="/move"):
        await scene.fake.send_slash_command(scene.alice, scene.channel, "move")


async def test_a_dynamic_button_answers_the_user_who_pressed_it(scene, bot):
    offer = await (
        await scene.fake.send_slash_command(scene.alice, scene.channel, "offer", {"number": 12})
    )
    assert offer.message.custom_ids() == ["sample:accept:12", "sample:decline:12"]
    pressed = await (await scene.fake.press_button(scene.bob, offer.message, "sample:accept:12"))
    assert pressed.content == "bob accepted offer 12" and pressed.response_type == 4
    with pytest.raises(LookupError):
        await scene.fake.press_button(scene.bob, offer.message, "sample:other:12")


async def test_a_button_can_update_its_own_message(scene, bot):
    offer = await (
        await scene.fake.send_slash_command(scene.alice, scene.channel, "offer", {"number": 5})
    )
    declined = await (await scene.fake.press_button(scene.bob, offer.message, "sample:decline:5"))
    assert declined.response_type == 7 and declined.message is offer.message
    assert offer.message.content == "offer 5 declined by bob" and offer.message.components == []
    assert offer.message.edits == 1


async def test_a_deferred_answer_is_filled_in_with_a_file_and_read_back(scene, bot):
    handle = await scene.fake.send_slash_command(scene.alice, scene.channel, "render")
    result = await handle
    assert result.response_type == 5 and result.content == "rendered" and not result.ephemeral
    assert [attachment.filename for attachment in result.attachments] == ["board.png"]
    original, note = await handle.wait_for_messages(2)
    assert original is result.message
    assert note.ephemeral and note.content == f"original {original.id}"
    webhook = "/webhooks/*/*/messages/@original"
    assert len(scene.fake.requests_to(f"PATCH {webhook}")) == 1
    assert len(scene.fake.requests_to(f"GET {webhook}")) == 1


async def test_a_direct_message_lands_in_the_dm_channel(scene, bot):
    result = await (
        await scene.fake.send_slash_command(scene.alice, scene.channel, "whisper", {"text": "psst"})
    )
    assert result.ephemeral and result.content == "sent"
    (dm,) = scene.fake.messages_in(scene.fake.dm_channel(scene.alice))
    assert dm.content == "psst"


async def test_a_500_on_a_message_post_is_retried_by_discord_py(scene, bot):
    fault = scene.fake.inject(f"POST /channels/{scene.channel.id}/messages", 500)
    result = await (
        await scene.fake.send_slash_command(scene.alice, scene.channel, "announce", {"text": "hi"})
    )
    # discord.py sleeps 1 s after the first 500 and tries again (up to 5 tries in all).
    assert result.content == "posted" and result.ephemeral
    posts = scene.fake.requests_to("POST /channels/{channel_id}/messages")
    assert [post.status for post in posts] == [500, 200] and fault.hits == posts[:1]
    assert [m.content for m in scene.fake.messages_in(scene.channel)] == ["hi"]


async def test_a_429_with_via_is_retried_after_retry_after(scene, bot, caplog):
    scene.fake.inject("POST /channels/*/messages", 429, retry_after=0.2)
    with caplog.at_level(logging.DEBUG, logger="discord.http"):
        result = await (
            await scene.fake.send_slash_command(
                scene.alice, scene.channel, "announce", {"text": "hi"}
            )
        )
    assert result.content == "posted"
    posts = scene.fake.requests_to("POST /channels/*/messages")
    assert [post.status for post in posts] == [429, 200]
    # discord.py read the fake's retry_after and slept that long before it tried again.
    said = [r.getMessage() for r in caplog.records if r.name == "discord.http"]
    waits = [m for m in said if "Retrying in" in m or m.startswith("Done sleeping")]
    assert len(waits) == 2 and waits[0].endswith("responded with 429. Retrying in 0.20 seconds.")
    assert waits[1] == "Done sleeping for the rate limit. Retrying..."


async def test_a_429_without_via_is_raised_to_the_bot_which_reports_it(scene, bot):
    scene.fake.inject("POST /channels/*/messages", 429, via=False)
    result = await (
        await scene.fake.send_slash_command(scene.alice, scene.channel, "announce", {"text": "hi"})
    )
    assert result.content == "could not post: 429" and result.ephemeral
    assert [p.status for p in scene.fake.requests_to("POST /channels/*/messages")] == [429]
    assert scene.fake.messages_in(scene.channel) == []


async def test_a_handler_slower_than_3_seconds_fails_the_acknowledgement_check():
    # Discord's time runs on a clock the test moves: the 3 seconds pass while /slow waits.
    async with (
        staged(ManualClock()) as scene,
        InProcessBot(scene.fake, lambda: SampleBot(scene.guild.id)) as bot,
    ):
        scene.strict = False  # this test breaks the deadline on purpose
        handle = await scene.fake.send_slash_command(scene.alice, scene.channel, "slow")
        scene.fake.advance_clock(3.2)
        with pytest.raises(AssertionError, match=r"/slow was never acknowledged \(limit 3.0 s\)"):
            await handle
        bot.let_slow_answer()
        await scene.fake.world.wait_until(lambda: handle.late_callbacks, what="late ack")
        with pytest.raises(AssertionError, match=r"/slow was acknowledged after 3\.20 s"):
            await scene.fake.check_acknowledgements()
        (callback,) = scene.fake.requests_to("POST /interactions/*/*/callback")
        assert callback.status == 404  # Discord's 10062 Unknown interaction, as the bot saw it


async def test_an_answer_within_3_seconds_of_the_fakes_clock_is_taken():
    async with (
        staged(ManualClock()) as scene,
        InProcessBot(scene.fake, lambda: SampleBot(scene.guild.id)) as bot,
    ):
        handle = await scene.fake.send_slash_command(scene.alice, scene.channel, "slow")
        scene.fake.advance_clock(2.9)
        bot.let_slow_answer()
        result = await handle
        assert result.content == "done" and result.ack_seconds == pytest.approx(2.9)
        assert scene.fake.late_interactions() == []


async def test_the_bot_resumes_after_a_reconnect_request_and_a_dropped_connection(scene, bot):
    await scene.fake.request_reconnect()
    await scene.fake.wait_resumed(1)
    await scene.fake.drop_gateway(4000)
    await scene.fake.wait_resumed(2)
    result = await (
        await scene.fake.send_slash_command(scene.bob, scene.channel, "echo", {"fruit": "mango"})
    )
    assert result.content == "mango"
    assert scene.fake.ready_count == 1


async def test_a_wrong_token_fails_the_login(scene):
    runner = InProcessBot(scene.fake, lambda: SampleBot(scene.guild.id), token="not-the-token")
    with pytest.raises(AssertionError, match="LoginFailure"):
        await runner.start()
    with pytest.raises(discord.LoginFailure):
        await runner.stop()


async def test_privileged_intents_are_refused_like_discord_does(scene):
    runner = InProcessBot(
        scene.fake, lambda: SampleBot(scene.guild.id, intents=discord.Intents.all())
    )
    with pytest.raises(AssertionError, match="PrivilegedIntentsRequired"):
        await runner.start()
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await runner.stop()


async def test_the_bot_as_a_process_answers_and_its_buttons_survive_a_restart(scene, tmp_path):
    env = {"DATABASE_PATH": str(tmp_path / "bot.sqlite3"), "LOG_LEVEL": "INFO"}
    first = BotProcess(scene.fake, SAMPLE_MODULE, env=env, cwd=tmp_path)
    await first.start()
    commands = await scene.fake.wait_commands_synced(scene.guild)
    assert {command["name"] for command in commands} == SAMPLE_COMMANDS
    offer = await (
        await scene.fake.send_slash_command(scene.alice, scene.channel, "offer", {"number": 3})
    )
    assert await first.stop() == 0, first.stderr
    assert "has connected to Gateway" in first.stderr

    second = BotProcess(scene.fake, SAMPLE_MODULE, env=env, cwd=tmp_path)
    async with second:
        await scene.fake.wait_commands_synced(scene.guild, count=2)
        pressed = await scene.fake.press_button(scene.bob, offer.message, "sample:accept:3")
        assert (await pressed).content == "bob accepted offer 3"
        echo = await scene.fake.send_slash_command(
            scene.alice, scene.channel, "echo", {"fruit": "grape"}
        )
        assert (await echo).content == "grape"
    assert scene.fake.ready_count == 2
    assert second.process is not None and second.process.returncode == 0, second.stderr


async def test_a_process_that_cannot_start_fails_with_its_stderr(scene, tmp_path):
    broken = BotProcess(scene.fake, SAMPLE_MODULE, env={"LOG_LEVEL": "loud"}, cwd=tmp_path)
    with pytest.raises(AssertionError, match="LOG_LEVEL"):
        await broken.start()
    assert broken.process is not None and broken.process.returncode == 2


async def test_a_bot_process_a_failed_test_left_running_is_killed_and_reaped_with_the_fake(
    tmp_path,
):
    env = {"DATABASE_PATH": str(tmp_path / "bot.sqlite3")}
    with pytest.raises(RuntimeError, match="the test failed"):
        async with FakeDiscord() as fake:
            fake.add_guild()
            left = BotProcess(fake, SAMPLE_MODULE, env=env, cwd=tmp_path)
            await left.start()
            raise RuntimeError("the test failed")  # before it stopped its bot
    assert left.process is not None
    assert left.process.returncode == -signal.SIGKILL  # killed, and reaped: its status is known
    with pytest.raises(ProcessLookupError):
        os.kill(left.process.pid, 0)
