"""Threads before checks (issue 27): a game's thread is opened only once everything the service
would refuse has been checked; a second Accept is told the challenge was accepted, privately; a
thread that must be undone (a race the checks cannot see) is archived, not deleted: deleting a
thread needs Manage Threads, which the bot's invite does not ask for."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord.app import GameBot
from bot.i18n import describe_error, text
from bot.service import errors
from testing.e2ekit import World, run
from testing.fakediscord import FakeMessage, InteractionResult


def private_reply(answer: InteractionResult) -> FakeMessage:
    """The private reply of an answer (a button's answer may first defer on the message)."""
    reply = answer.messages[-1]
    assert reply.ephemeral, reply.content
    return reply


def no_thread_work(world: World) -> None:
    """No thread was deleted (the bot may not) and none was left open."""
    assert world.fake.requests_to("DELETE /channels/*") == []
    assert all(thread.archived for thread in world.guild.threads), world.guild.threads


@pytest.mark.parametrize(
    "options",
    [
        {"game": "verbindung", "variant": "classic"},  # Verbindung has no such variant
        {"game": "ponte", "variant": "standard"},  # nor Ponte this one
        {"game": "chess"},
    ],
)
async def test_a_refused_game_against_the_computer_opens_no_thread(
    world: World, bot: GameBot, options: dict
) -> None:
    options = {"opponent": world.fake.bot_user, "thread": True, **options}
    answer = await run(world, world.alice, "challenge", options)
    assert answer.ephemeral
    assert "wrong" not in answer.content  # a reason, not the apology for a bug
    assert world.guild.threads == []
    assert world.fake.requests_to("POST /channels/*/threads") == []


async def test_the_unknown_variant_is_named_to_the_player_in_their_language(
    world: World, bot: GameBot
) -> None:
    options = {"game": "verbindung", "variant": "classic", "thread": True}
    answer = await run(world, world.bob, "challenge", {"opponent": world.fake.bot_user, **options})
    refusal = errors.UnknownVariantError("", variant="classic", choices=("6x6",))
    assert answer.ephemeral and answer.content == describe_error(refusal, "de")


async def thread_challenge(world: World):
    return await run(
        world, world.alice, "challenge", {"game": "ponte", "opponent": world.bob, "thread": True}
    )


async def test_accept_pressed_twice_opens_one_thread_and_tells_the_second_press(
    world: World, bot: GameBot
) -> None:
    challenge = await thread_challenge(world)
    accept_id = challenge.message.custom_ids()[0]
    presses = [await world.fake.press_button(world.bob, challenge.message, accept_id) for _ in "12"]
    answers = await asyncio.gather(*presses)
    (second,) = [answer for answer in answers if answer.messages[-1].ephemeral]
    assert private_reply(second).content == text("de", "error.challenge_closed_accepted")
    thread = await world.fake.wait_for_thread(world.channel)
    assert [t.id for t in world.guild.threads] == [thread.id]
    assert (await bot.service.queries.game_in(thread.id)).is_active
    assert world.fake.requests_to("DELETE /channels/*") == []


async def test_a_withdrawal_while_the_thread_opens_comes_too_late_and_the_game_starts_there(
    world: World, bot: GameBot
) -> None:
    # The challenge is accepted before its thread is asked of Discord (the thread is a post
    # owed with the acceptance): a withdrawal meanwhile is told it was accepted, and no thread
    # is left without its game.
    challenge = await thread_challenge(world)
    accept_id, decline_id, _block_id = challenge.message.custom_ids()
    opening = world.fake.hold("POST /channels/*/threads")
    accepting = await world.fake.press_button(world.bob, challenge.message, accept_id)
    await world.fake.world.wait_until(lambda: opening.hits, what="the thread's opening")
    withdrawn = await world.fake.press_button(world.alice, challenge.message, decline_id)
    late = await withdrawn.result(timeout=30)
    assert private_reply(late).content == text(
        world.alice.locale, "error.challenge_closed_accepted"
    )
    opening.release()
    await accepting.result(timeout=30)
    (thread,) = world.guild.threads
    assert not thread.archived
    assert (await bot.service.queries.game_in(thread.id)).is_active
    assert await bot.service.challenges.pending_challenges(world.bob.id) == []


async def test_a_computer_game_that_fails_to_start_in_its_thread_archives_it(
    world: World, bot: GameBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def busy(**options: object) -> None:  # a race no check before the thread could see
        raise errors.ChannelBusyError("a game runs there", channel_id=options["channel_id"])

    monkeypatch.setattr(bot.service.computer, "start_computer_game", busy)
    options = {"game": "ponte", "opponent": world.fake.bot_user, "thread": True}
    handle = await world.fake.send_slash_command(world.alice, world.channel, "challenge", options)
    (answer,) = await handle.wait_for_messages(1)  # the deferral, filled in with the reason
    assert answer.content == describe_error(errors.ChannelBusyError(""), "en")
    (thread,) = world.guild.threads
    assert thread.archived
    no_thread_work(world)
