"""Reply-only places beyond a game between people (issue 28, point 3): a game against the
computer in the bot's own DM (the bot posts there) and in a group DM (its moves answer the
player's), a rematch by button where the bot only answers, and /takeback and /export there."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord.app import GameBot
from bot.i18n import text
from bot.service import Reach
from testing.e2ekit import Anywhere, anywhere, everywhere, run, running
from testing.fakediscord import FakeChannel, FakeMessage
from testing.servicekit import random_move

PNG = b"\x89PNG\r\n\x1a\n"


Places = Anywhere


@pytest.fixture
async def places(tmp_path: Path) -> AsyncIterator[Places]:
    async with anywhere(tmp_path / "bot.sqlite3", carol=False) as world:
        yield world


@pytest.fixture
async def bot(places: Places) -> AsyncIterator[GameBot]:
    async with running(places) as client:
        await everywhere(places, client)
        yield client


async def challenge_computer(world: Places, channel: FakeChannel) -> FakeMessage:
    """alice challenges the bot itself in `channel` (Ponte, classic, alice first): the game
    starts at once, in a public answer that pings her."""
    options = {
        "game": "ponte",
        "variant": "classic",
        "opponent": world.fake.bot_user,
        "level": "easy",
        "first": "me",
    }
    started = await run(world, world.alice, "challenge", options, channel=channel)
    assert not started.ephemeral, started.content
    assert started.attachments[0].data.startswith(PNG)
    return started.message


async def test_a_game_against_the_computer_in_its_own_dm(places: Places, bot: GameBot) -> None:
    world = places
    dm = world.fake.dm_channel(world.alice)
    await challenge_computer(world, dm)
    game = await bot.service.queries.game_in(dm.id)
    assert game.reach is Reach.POST
    rng = random.Random(3)
    for opening in ("a1 j10", None):  # two corners (the computer plays on), then any move
        move = opening or random_move(await bot.service.queries.game_in(dm.id), rng)
        mark = world.fake.mark()
        moved = await run(world, world.alice, "move", {"move": move}, channel=dm)
        assert not moved.ephemeral, moved.content
        # The bot may post in its own DM: the computer's move is a message of its own.
        answer = await world.fake.wait_for_message(
            dm, since=mark, check=lambda m: m.pinged == [world.alice]
        )
        assert answer.attachments[0].data.startswith(PNG)
        game = await bot.service.queries.game_in(dm.id)
        assert game.to_move_id == world.alice.id
    assert game.revision == 4
    # Its rematch, by button in the same DM, starts at once too.
    resigned = await run(world, world.alice, "resign", channel=dm)
    [rematch] = [c for c in resigned.message.custom_ids() if c.startswith("rematch:")]
    again = await (await world.fake.press_button(world.alice, resigned.message, rematch))
    assert not again.ephemeral, again.content
    rematched = await bot.service.queries.game_in(dm.id)
    assert rematched.id != game.id and rematched.reach is Reach.POST


async def test_a_game_against_the_computer_in_a_group_dm(places: Places, bot: GameBot) -> None:
    world = places
    await challenge_computer(world, world.group)
    game = await bot.service.queries.game_in(world.group.id)
    assert game.reach is Reach.REPLY
    rng = random.Random(3)
    for opening in ("a1 j10", None):
        move = opening or random_move(await bot.service.queries.game_in(world.group.id), rng)
        handle = await world.fake.send_slash_command(
            world.alice, world.group, "move", {"move": move}
        )
        # The computer's move follows up alice's: the bot may not post in a group DM.
        (moved, answer) = await handle.wait_for_messages(2)
        assert not moved.ephemeral and moved.pinged == []
        assert answer.pinged == [world.alice] and answer.attachments[0].data.startswith(PNG)
        game = await bot.service.queries.game_in(world.group.id)
        assert game.to_move_id == world.alice.id
    assert game.revision == 4
    assert world.fake.requests_to(f"POST /channels/{world.group.id}/messages") == []


async def start_between_people(world: Places, channel: FakeChannel | None = None) -> FakeMessage:
    """alice challenges bob in the group DM (alice first); bob accepts by button: the start."""
    options = {"game": "ponte", "variant": "classic", "opponent": world.bob, "first": "me"}
    challenge = await run(world, world.alice, "challenge", options, channel=channel or world.group)
    accept = challenge.message.custom_ids()[0]
    pressed = await world.fake.press_button(world.bob, challenge.message, accept)
    (_, started) = await pressed.wait_for_messages(2)
    return started


async def test_a_rematch_by_button_where_the_bot_only_answers(places: Places, bot: GameBot) -> None:
    world = places
    await start_between_people(world)
    first = await bot.service.queries.latest_game_in(world.group.id)
    resigned = await run(world, world.alice, "resign", channel=world.group)
    [rematch] = [c for c in resigned.message.custom_ids() if c.startswith("rematch:")]
    # bob, who did not install the app, asks for the rematch: the challenge answers his press,
    # publicly, and pings alice.
    asked = await (await world.fake.press_button(world.bob, resigned.message, rematch))
    assert not asked.ephemeral, asked.content
    assert asked.message.pinged == [world.alice]
    accept = asked.message.custom_ids()[0]
    assert accept.startswith("challenge:accept:")
    pressed = await world.fake.press_button(world.alice, asked.message, accept)
    (accepted, started) = await pressed.wait_for_messages(2)
    assert accepted is asked.message and accepted.components == []
    # The rematch: bob, who moved second, moves first, and is pinged by its start.
    assert started.pinged == [world.bob] and started.attachments[0].data.startswith(PNG)
    second = await bot.service.queries.game_in(world.group.id)
    assert second.id != first.id and second.reach is Reach.REPLY
    assert second.to_move_id == world.bob.id
    assert world.fake.requests_to(f"POST /channels/{world.group.id}/messages") == []


async def test_a_rematch_of_the_computer_in_a_group_dm(places: Places, bot: GameBot) -> None:
    world = places
    await challenge_computer(world, world.group)
    resigned = await run(world, world.alice, "resign", channel=world.group)
    [rematch] = [c for c in resigned.message.custom_ids() if c.startswith("rematch:")]
    started = await (await world.fake.press_button(world.alice, resigned.message, rematch))
    assert not started.ephemeral, started.content
    again = await bot.service.queries.game_in(world.group.id)
    assert again.reach is Reach.REPLY and again.computer_level == "easy"


async def test_no_rematch_where_answers_became_private(places: Places, bot: GameBot) -> None:
    world = places
    channel = world.away.text_channel
    await start_between_people(world, channel)
    resigned = await run(world, world.alice, "resign", channel=channel)
    [rematch] = [c for c in resigned.message.custom_ids() if c.startswith("rematch:")]
    await world.fake.forbid_external_apps(channel)
    refused = await (await world.fake.press_button(world.bob, resigned.message, rematch))
    assert refused.ephemeral and refused.content == text("de", "reach.ephemeral_only")
    assert await bot.service.challenges.pending_challenges(world.alice.id) == []


async def test_a_takeback_by_button_in_a_group_dm(places: Places, bot: GameBot) -> None:
    world = places
    await start_between_people(world)
    await run(world, world.alice, "move", {"move": "a1 j10"}, channel=world.group)
    asked = await run(world, world.alice, "takeback", channel=world.group)
    assert not asked.ephemeral and asked.message.pinged == [world.bob]
    [allow, _] = asked.message.custom_ids()
    # bob, who did not install the app, allows it by button: the request loses its buttons and
    # the position given back is a new message pinging alice, with Make move (and More) for her.
    pressed = await world.fake.press_button(world.bob, asked.message, allow)
    (request, board) = await pressed.wait_for_messages(2)
    assert request is asked.message and request.components == []
    assert board.pinged == [world.alice] and board.attachments[0].data.startswith(PNG)
    game = await bot.service.queries.game_in(world.group.id)
    assert game.to_move_id == world.alice.id and game.game.moves == ()
    assert board.custom_ids() == [
        f"makemove:{game.id}:{game.revision}",
        f"gamemenu:{game.id}:{game.revision}",
        f"follow:{game.id}",
    ]
    opened = await world.fake.press_button(world.alice, board, board.custom_ids()[0])
    assert (await opened).modal is not None
    moved = await (await world.fake.submit_modal(opened, {"move": "b2 i9"}))
    assert not moved.ephemeral, moved.content
    assert moved.message.pinged == [world.bob]


async def test_export_where_the_bot_only_answers(places: Places, bot: GameBot) -> None:
    world = places
    await start_between_people(world)
    await run(world, world.alice, "move", {"move": "a1 j10"}, channel=world.group)
    exported = await run(world, world.alice, "export", channel=world.group)
    assert exported.ephemeral and "a1 j10" in exported.attachments[0].data.decode()
    game = await bot.service.queries.game_in(world.group.id)
    # By its number from her own DM with the bot: she plays in it.
    mine = await run(
        world, world.alice, "export", {"game": game.id}, channel=world.fake.dm_channel(world.alice)
    )
    assert mine.ephemeral and "a1 j10" in mine.attachments[0].data.decode()
    # carol, who installed the app too, is in neither the game nor its group DM.
    world.fake.install_for_user(world.carol)
    hidden = await run(
        world, world.carol, "export", {"game": game.id}, channel=world.fake.dm_channel(world.carol)
    )
    assert hidden.ephemeral and not hidden.attachments
    assert hidden.content == text("fr", "error.game_not_found", game_id=game.id)


async def test_export_by_number_in_a_server_without_the_bot(places: Places, bot: GameBot) -> None:
    world = places
    channel = world.away.text_channel
    await start_between_people(world, channel)
    game = await bot.service.queries.game_in(channel.id)
    world.fake.install_for_user(world.carol)
    world.fake.add_member(world.away, world.carol)
    # carol sees the channel the game is played in, where she asks: Discord's own reckoning
    # comes with her command; the bot, which cannot read that server, asks Discord nothing.
    seen = await run(world, world.carol, "export", {"game": game.id}, channel=channel)
    assert seen.ephemeral and seen.attachments
    elsewhere = await run(
        world, world.carol, "export", {"game": game.id}, channel=world.fake.dm_channel(world.carol)
    )
    assert elsewhere.content == text("fr", "error.game_not_found", game_id=game.id)


async def test_who_is_in_a_group_dm_may_export_its_game(places: Places, bot: GameBot) -> None:
    world = places
    trio = world.fake.add_group_dm(world.alice, world.bob, world.carol, name="trio")
    await start_between_people(world, trio)
    game = await bot.service.queries.game_in(trio.id)
    world.fake.install_for_user(world.carol)
    seen = await run(world, world.carol, "export", {"game": game.id}, channel=trio)
    assert seen.ephemeral and seen.attachments
