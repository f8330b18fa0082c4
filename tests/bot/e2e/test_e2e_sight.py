"""A game is shown only to members who can view its channel, or to its players (issue 27): carol,
who may not view #secret, learns nothing of its game by number through `/board`, `/export`,
`/games` or the history buttons, and is answered as for a number no game has; dave, who may,
sees it all. What they may view is Discord's own reckoning of their roles and the channel's
overwrites."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from bot.discord.app import GameBot
from bot.i18n import describe_error
from bot.service import errors
from testing.e2ekit import World, run, running
from testing.fakediscord import VIEW_CHANNEL, FakeChannel, FakeUser
from testing.fakediscord.models import ChannelType

PONTE = {"game": "ponte", "first": "me"}


@dataclass
class Hidden:
    world: World
    secret: FakeChannel  # only the insiders (alice, bob, dave) and the bot may view it
    dave: FakeUser


@pytest.fixture
async def hidden(world: World) -> AsyncIterator[Hidden]:
    fake = world.fake
    dave = fake.add_user("dave")
    secret = fake.add_text_channel(world.guild, "secret")
    insiders = await fake.add_role(world.guild, "insiders", members=[world.alice, world.bob, dave])
    await fake.set_overwrite(secret, world.guild.roles[0], deny=VIEW_CHANNEL)  # @everyone
    await fake.set_overwrite(secret, insiders, allow=VIEW_CHANNEL)
    await fake.set_overwrite(secret, fake.bot_user, allow=VIEW_CHANNEL)
    yield Hidden(world, secret, dave)


@pytest.fixture
async def bot(hidden: Hidden) -> AsyncIterator[GameBot]:
    async with running(hidden.world) as client:
        yield client


async def start_in(world: World, channel: FakeChannel) -> None:
    """alice challenges bob in `channel`, bob accepts, alice opens with a move."""
    made = await run(world, world.alice, "challenge", {**PONTE, "opponent": world.bob}, channel)
    await (await world.fake.press_button(world.bob, made.message, made.message.custom_ids()[0]))
    await world.fake.wait_for_message(channel, check=lambda m: bool(m.attachments))
    played = await run(world, world.alice, "move", {"move": "a1 c1"}, channel)
    assert not played.ephemeral, played.content


def not_found(user: FakeUser, game_id: int) -> str:
    return describe_error(errors.GameNotFoundError("", game_id=game_id), user.locale)


async def test_a_game_in_a_channel_a_member_cannot_view_is_not_shown_to_them(
    hidden: Hidden, bot: GameBot
) -> None:
    world, secret, dave = hidden.world, hidden.secret, hidden.dave
    await start_in(world, secret)
    game = (await bot.service.queries.game_in(secret.id)).id
    for command in ("board", "export"):
        refused = await run(world, world.carol, command, {"game": game})
        assert refused.ephemeral and refused.attachments == []
        assert refused.content == not_found(world.carol, game)  # as for a game that is not
        nothing = await run(world, world.carol, command, {"game": 999})
        assert nothing.content == not_found(world.carol, 999)
        shown = await run(world, dave, command, {"game": game})
        assert shown.ephemeral and shown.attachments, shown.content
    listed = await run(world, world.carol, "games")
    assert f"<#{secret.id}>" not in listed.content
    for insider in (dave, world.bob):
        assert f"<#{secret.id}>" in (await run(world, insider, "games")).content

    # alice shows the board in #general; its history buttons step only for those who may view
    # #secret.
    public = await run(world, world.alice, "board", {"game": game, "visibility": "public"})
    first = public.message.custom_ids()[0]
    pressed = await (await world.fake.press_button(world.carol, public.message, first))
    assert pressed.ephemeral and pressed.attachments == []
    assert pressed.content == not_found(world.carol, game)
    stepped = await (await world.fake.press_button(dave, public.message, first))
    assert stepped.ephemeral and stepped.attachments


async def test_a_member_shut_out_by_their_own_overwrite_is_refused(
    hidden: Hidden, bot: GameBot
) -> None:
    world, secret, dave = hidden.world, hidden.secret, hidden.dave
    await start_in(world, secret)
    game = (await bot.service.queries.game_in(secret.id)).id
    await world.fake.set_overwrite(secret, dave, deny=VIEW_CHANNEL)  # last, over his role's
    refused = await run(world, dave, "board", {"game": game})
    assert refused.content == not_found(dave, game)
    assert (await run(world, world.bob, "board", {"game": game})).attachments  # a player


async def test_another_servers_game_is_answered_as_a_missing_one(hidden: Hidden) -> None:
    world = hidden.world
    other = world.fake.add_guild("Elsewhere")
    world.fake.add_member(other, world.carol)
    async with running(world) as bot:
        world.fake.world.commands[other.id] = world.fake.commands(world.guild)
        await start_in(world, world.channel)
        game = (await bot.service.queries.game_in(world.channel.id)).id
        refused = await run(world, world.carol, "board", {"game": game}, other.text_channel)
        assert refused.content == not_found(world.carol, game)


async def test_an_archived_thread_is_looked_up_once(hidden: Hidden) -> None:
    """A game started in a thread that was there already (the thread is its channel, with no
    parent on record); once the thread is archived the bot no longer has it: it asks Discord
    for the thread's parent once, and remembers."""
    world, secret, dave = hidden.world, hidden.secret, hidden.dave
    thread = world.fake.world.create_thread(
        secret, "chat", kind=ChannelType.PUBLIC_THREAD, owner=world.alice
    )
    async with running(world) as bot:
        await start_in(world, thread)
        game = (await bot.service.queries.game_in(thread.id)).id
    thread.archived = True
    async with running(world):  # a new process: archived threads are not in its cache
        for _ in range(2):
            assert (await run(world, world.carol, "board", {"game": game})).content == (
                not_found(world.carol, game)
            )
            assert (await run(world, dave, "board", {"game": game})).attachments
    assert len(world.fake.requests_to(f"GET /channels/{thread.id}")) == 1
