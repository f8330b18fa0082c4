"""Following a game through the real bot and the fake Discord (issue 54, point 4): Follow under
the board and `/follow` answer privately; a follower is told once at the end by direct message,
and at each move with `every_move`; `/unfollow` stops it; a member who may not see the game is
refused as if it did not exist, and a follower who may no longer see it (its channel closed to
them, or they left the server) hears nothing more of it and follows it no more."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from test_e2e_games import start

from bot.discord.app import GameBot
from bot.i18n import describe_error, text
from bot.service import errors
from testing.e2ekit import World, due_round, run, running
from testing.fakediscord import VIEW_CHANNEL, FakeChannel, FakeMessage, FakeUser
from testing.servicekit import owed

TIMEOUT = 30.0


@pytest.fixture
async def bot(world: World, secret: FakeChannel) -> AsyncIterator[GameBot]:
    async with running(world) as client:  # after the secret channel: the bot's cache knows it
        yield client


def letters(world: World, user: FakeUser, game_id: int) -> list[FakeMessage]:
    """The direct messages `user` got about game `game_id`."""
    dm = world.fake.dm_channel(user)
    return [m for m in world.fake.messages_in(dm) if f" {game_id} " in m.content]


async def wait_letters(world: World, user: FakeUser, game_id: int, count: int) -> None:
    await world.fake.world.wait_until(
        lambda: len(letters(world, user, game_id)) >= count or None,
        timeout=TIMEOUT,
        what=f"{count} letters to {user.name}",
    )


async def test_a_follower_is_told_once_at_the_end(world: World, bot: GameBot) -> None:
    await start(world, "ponte")
    game = await bot.service.queries.game_in(world.channel.id)
    board = world.fake.messages_in(world.channel)[-1]
    follow_id = f"follow:{game.id}"
    assert follow_id in board.custom_ids()  # under the board, beside Make move
    pressed = await (await world.fake.press_button(world.carol, board, follow_id))
    assert pressed.ephemeral
    assert pressed.content == text(world.carol.locale, "follow.at_end", game_id=game.id)
    await run(world, world.alice, "move", {"move": "c3 d5"})
    await run(world, world.bob, "resign")
    await wait_letters(world, world.carol, game.id, 1)
    await run(world, world.carol, "help")  # a round trip: a second letter would be out by now
    [ended] = letters(world, world.carol, game.id)
    assert "🏁" in ended.content and ended.pinged == []


async def test_every_move_then_unfollow(world: World, bot: GameBot) -> None:
    await start(world, "ponte")
    game = await bot.service.queries.game_in(world.channel.id)
    followed = await run(world, world.carol, "follow", {"every_move": True})
    assert followed.ephemeral
    assert followed.content == text(world.carol.locale, "follow.every_move", game_id=game.id)
    await run(world, world.alice, "move", {"move": "c3 d5"})
    await wait_letters(world, world.carol, game.id, 1)
    assert "`c3 d5`" in letters(world, world.carol, game.id)[0].content
    await run(world, world.bob, "move", {"move": "swap"})
    await wait_letters(world, world.carol, game.id, 2)
    stopped = await run(world, world.carol, "unfollow")
    assert stopped.ephemeral
    await run(world, world.alice, "resign")
    await run(world, world.carol, "help")
    assert len(letters(world, world.carol, game.id)) == 2  # nothing after the unfollow
    again = await run(world, world.carol, "unfollow", {"game": game.id})
    error = errors.NotFollowingError("", game_id=game.id)
    assert again.ephemeral and again.content == describe_error(error, world.carol.locale)


async def test_players_and_those_who_may_not_see_the_game_are_refused(
    world: World, bot: GameBot, secret: FakeChannel
) -> None:
    await start(world, "ponte", channel=secret)
    game = await bot.service.queries.game_in(secret.id)
    refused = await run(world, world.carol, "follow", {"game": game.id})
    missing = errors.GameNotFoundError("", game_id=game.id)
    assert refused.ephemeral
    assert refused.content == describe_error(missing, world.carol.locale)
    own = await run(world, world.alice, "follow", {"game": game.id})
    assert own.ephemeral
    assert own.content == describe_error(errors.FollowOwnGameError("", game_id=game.id), "en")


@pytest.mark.parametrize("how", ["channel closed", "left the server"])
async def test_a_follower_who_may_no_longer_see_the_game_is_not_told(
    world: World, bot: GameBot, how: str
) -> None:
    await start(world, "ponte")
    game = await bot.service.queries.game_in(world.channel.id)
    await run(world, world.carol, "follow", {"every_move": True})
    if how == "channel closed":
        await world.fake.set_overwrite(world.channel, world.carol, deny=VIEW_CHANNEL)
    else:
        world.fake.remove_member(world.guild, world.carol)
    await run(world, world.alice, "move", {"move": "c3 d5"})
    await run(world, world.bob, "resign")
    await due_round(bot)
    assert await owed(bot.service, "follow_dm") == []  # settled, unsent
    assert letters(world, world.carol, game.id) == []
    dm = world.fake.dm_channel(world.carol)
    assert world.fake.messages_in(dm) == []  # nothing else told of the game either
    assert not await bot.service.follows.is_following(world.carol.id, game.id)
