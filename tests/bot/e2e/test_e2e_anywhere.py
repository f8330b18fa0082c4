"""Reply-only games (issue 28, point 3) through the real bot and the fake Discord: in a group DM
between people, in a server without the bot and in the bot's own DM, the bot only answers
interactions; nothing is posted to (or read from) a channel it is not in."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord.app import GameBot
from bot.i18n import text
from bot.service import GameView, Reach
from testing.e2ekit import Anywhere, anywhere, everywhere, run, running
from testing.fakediscord import FakeChannel, FakeDiscord, FakeMessage
from testing.servicekit import random_move

PNG = b"\x89PNG\r\n\x1a\n"
GIF = b"GIF89a"


@pytest.fixture
async def places(tmp_path: Path) -> AsyncIterator[Anywhere]:
    async with anywhere(tmp_path / "bot.sqlite3") as world:
        yield world


@pytest.fixture
async def bot(places: Anywhere) -> AsyncIterator[GameBot]:
    async with running(places) as client:
        await everywhere(places, client)
        yield client


def posted_to(fake: FakeDiscord, channel: FakeChannel) -> list:
    """The bot's own posts to `channel` (not answers to interactions)."""
    return fake.requests_to(f"POST /channels/{channel.id}/messages")


async def challenge_and_accept(
    world: Anywhere, channel: FakeChannel, game: str, options: dict | None = None
) -> FakeMessage:
    """alice challenges bob in `channel` (alice first); bob presses Accept; the start is a new
    message answering his press that pings alice."""
    challenge = await run(
        world,
        world.alice,
        "challenge",
        {"game": game, "opponent": world.bob, "first": "me", **(options or {})},
        channel=channel,
    )
    assert not challenge.ephemeral and challenge.message.pinged == [world.bob]
    accept_id = challenge.message.custom_ids()[0]
    pressed = world.fake.press_button(world.bob, challenge.message, accept_id)
    handle = await pressed
    (accepted, started) = await handle.wait_for_messages(2)
    assert accepted is challenge.message and challenge.message.components == []
    assert started.pinged == [world.alice] and started.attachments[0].data.startswith(PNG)
    return started


async def play_to_the_end(
    world: Anywhere, bot: GameBot, channel: FakeChannel, board: FakeMessage, seed: int
) -> GameView:
    """Random legal moves from `board` on (alice by /move, bob by Make move) until the end;
    every move is a new public board answering its command or modal that pings the player to
    move; the last one is followed by the replay."""
    rng = random.Random(seed)
    for _ in range(300):
        view = await bot.service.queries.game_in(channel.id)
        mover = world.alice if view.to_move_id == world.alice.id else world.bob
        move = "swap" if view.revision == 1 and view.kind.key == "ponte" else random_move(view, rng)
        if mover is world.alice:  # she installed the app: /move
            handle = await world.fake.send_slash_command(mover, channel, "move", {"move": move})
        else:  # bob did not: Make move on the latest board, and the modal
            made = next(c for c in board.custom_ids() if c.startswith("makemove:"))
            opened = await world.fake.press_button(mover, board, made)
            assert (await opened).modal is not None
            handle = await world.fake.submit_modal(opened, {"move": move})
        result = await handle
        board = result.message
        assert not result.ephemeral, result.content
        assert result.attachments[0].data.startswith(PNG)
        after = await bot.service.queries.latest_game_in(channel.id)
        if after.is_active:
            assert [user.id for user in result.message.pinged] == [after.to_move_id]
            continue
        _, replay = await handle.wait_for_messages(2)
        assert replay.attachments[0].data.startswith(GIF)
        return after
    raise AssertionError("the game did not end")


async def test_a_whole_ponte_game_in_a_group_dm_lives_in_answers_only(
    places: Anywhere, bot: GameBot
) -> None:
    world = places
    started = await challenge_and_accept(world, world.group, "ponte", {"variant": "classic"})
    game = await bot.service.queries.latest_game_in(world.group.id)
    assert game.reach is Reach.REPLY
    finished = await play_to_the_end(world, bot, world.group, started, seed=2)
    assert finished.ending is not None
    assert posted_to(world.fake, world.group) == []


async def test_an_analysis_in_a_group_dm_is_its_answer_edited_through_the_token(
    places: Anywhere, bot: GameBot
) -> None:
    world = places
    started = await challenge_and_accept(world, world.group, "ponte", {"variant": "classic"})
    finished = await play_to_the_end(world, bot, world.group, started, seed=5)
    mark = world.fake.mark()
    asked = await run(world, world.alice, "analyze", {"game": finished.id}, channel=world.group)
    assert not asked.ephemeral and f"#{finished.id}" in asked.content
    if "📈" not in asked.content:  # in progress: it says how long it can follow here
        assert asked.content.endswith("\n" + text("en", "analysis.reply_only"))
    result = await world.fake.world.wait_until(
        lambda: asked.message if "📈" in asked.message.content else None,
        timeout=60,
        what="the analysis's result in its answer",
    )
    assert text("en", "analysis.reply_only") not in result.content
    assert result.attachments[0].filename == f"analysis-{finished.id}-chances.png"
    assert world.fake.messages_in(world.group, since=mark) == [asked.message]  # edited only
    assert posted_to(world.fake, world.group) == []


async def test_a_whole_verbindung_game_in_a_server_without_the_bot(
    places: Anywhere, bot: GameBot
) -> None:
    world = places
    channel = world.away.text_channel
    started = await challenge_and_accept(world, channel, "verbindung")
    finished = await play_to_the_end(world, bot, channel, started, seed=5)
    assert finished.ending is not None and finished.reach is Reach.REPLY
    assert posted_to(world.fake, channel) == []
    # Names came from the interactions: no member of a server without the bot was asked for.
    assert world.fake.requests_to(f"GET /guilds/{world.away.id}/members/{world.bob.id}") == []


async def test_no_thread_where_the_bot_only_answers(places: Anywhere, bot: GameBot) -> None:
    world = places
    refused = await run(
        world,
        world.alice,
        "challenge",
        {"game": "ponte", "opponent": world.bob, "thread": True},
        channel=world.group,
    )
    assert refused.ephemeral
    assert refused.content == text("en-US", "error.no_thread_in_replies")
    assert await bot.service.challenges.pending_challenges(world.alice.id) == []


async def test_a_server_that_forbids_external_apps_starts_no_game(
    places: Anywhere, bot: GameBot
) -> None:
    world = places
    channel = world.away.text_channel
    await world.fake.forbid_external_apps(channel)
    refused = await run(
        world, world.alice, "challenge", {"game": "ponte", "opponent": world.bob}, channel=channel
    )
    assert refused.ephemeral and refused.content == text("en-US", "reach.ephemeral_only")
    assert await bot.service.challenges.pending_challenges(world.alice.id) == []
