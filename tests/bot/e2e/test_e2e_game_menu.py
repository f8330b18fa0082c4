"""The game menu (issue 28, point 3): every active game's board carries ⋯ More beside Make move;
it opens, privately to a player, Offer draw, Resign and Take back, which do what /draw, /resign
and /takeback do; so a friend who did not install the app (no slash commands in a group DM)
offers draws, resigns and asks takebacks by button too."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord.app import GameBot
from bot.i18n import describe_error, mention, text
from bot.service import Reach, errors
from testing.e2ekit import World, everywhere, run, running
from testing.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from testing.servicekit import FakeClock, random_move


class Group(World):
    """The e2e world with a group DM of alice, bob and carol; only alice installed the app."""

    group: FakeChannel


@pytest.fixture
async def places(tmp_path: Path) -> AsyncIterator[Group]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Spieleabend", locale="en-US")
        alice, bob = fake.add_user("alice"), fake.add_user("bob", locale="de")
        carol = fake.add_user("carol", locale="fr")
        world = Group(
            fake, guild, guild.text_channel, alice, bob, carol, tmp_path / "b.db", FakeClock()
        )
        world.group = fake.add_group_dm(alice, bob, carol, name="trio")
        fake.install_for_user(alice)  # bob and carol did not install the app
        yield world
        await fake.check_acknowledgements()
        fake.assert_no_unknown_routes()


@pytest.fixture
async def bot(places: Group) -> AsyncIterator[GameBot]:
    async with running(places) as client:
        await everywhere(places, client)
        yield client


async def start(world: Group, channel: FakeChannel) -> FakeMessage:
    """alice challenges bob in `channel` (alice first); bob accepts; the start's board."""
    options = {"game": "ponte", "opponent": world.bob, "first": "me", "variant": "classic"}
    challenge = await run(world, world.alice, "challenge", options, channel=channel)
    mark = world.fake.mark()
    accept = _first(challenge.message, "challenge:accept:")
    handle = await world.fake.press_button(world.bob, challenge.message, accept)
    await handle
    if channel is world.group:
        return (await handle.wait_for_messages(2))[1]
    return await world.fake.wait_for_message(channel, since=mark)


def _first(message: FakeMessage, prefix: str) -> str:
    found = [cid for cid in message.custom_ids() if cid.startswith(prefix)]
    assert found, message.custom_ids()
    return found[0]


async def menu(world: Group, user: FakeUser, board: FakeMessage) -> FakeMessage:
    """`user` presses ⋯ More on `board`; the private menu."""
    answer = await (await world.fake.press_button(user, board, _first(board, "gamemenu:")))
    assert answer.ephemeral, answer.content
    return answer.message


async def act(world: Group, user: FakeUser, board: FakeMessage, action: str):
    """`user` opens the menu on `board` and presses `action` in it; the action's answer."""
    opened = await menu(world, user, board)
    return await world.fake.press_button(user, opened, _first(opened, f"gameact:{action}:"))


async def test_every_active_board_has_more_beside_make_move(places: Group, bot: GameBot) -> None:
    world = places
    board = await start(world, world.group)
    game = await bot.service.queries.game_in(world.group.id)
    made, more = f"makemove:{game.id}:0", f"gamemenu:{game.id}:0"
    assert board.custom_ids() == [made, more, f"follow:{game.id}"]
    opened = await menu(world, world.bob, board)
    assert opened.custom_ids() == [f"gameact:{a}:{game.id}" for a in ("draw", "resign", "takeback")]
    assert text("de", "gamemenu.prompt", game_id=game.id) in opened.content


async def test_the_friend_resigns_by_button_in_a_group_dm(places: Group, bot: GameBot) -> None:
    world = places
    board = await start(world, world.group)
    game = await bot.service.queries.game_in(world.group.id)
    assert game.reach is Reach.REPLY
    resigned = await (await act(world, world.bob, board, "resign"))
    assert not resigned.ephemeral and resigned.message.pinged == [world.alice]
    after = await bot.service.queries.latest_game_in(world.group.id)
    assert not after.is_active and after.ending is not None
    # The board the menu was opened on is over: the result's post took its buttons off.
    await bot.deliverer.idle()
    assert board.components == []


async def test_the_friend_offers_a_draw_and_the_installer_accepts(
    places: Group, bot: GameBot
) -> None:
    world = places
    board = await start(world, world.group)
    offer = await (await act(world, world.bob, board, "draw"))
    assert not offer.ephemeral and offer.message.pinged == [world.alice]
    accept = _first(offer.message, "draw:accept:")
    await (await world.fake.press_button(world.alice, offer.message, accept))
    after = await bot.service.queries.latest_game_in(world.group.id)
    assert not after.is_active and after.ending is not None and after.ending.winner is None


async def test_the_friend_takes_back_a_move_by_button(places: Group, bot: GameBot) -> None:
    world = places
    await start(world, world.group)
    rng = random.Random(3)
    view = await bot.service.queries.game_in(world.group.id)
    move = random_move(view, rng)
    board = (await run(world, world.alice, "move", {"move": move}, channel=world.group)).message
    # bob moves by Make move on the answer to alice's move, then asks to take it back.
    opened = await world.fake.press_button(world.bob, board, _first(board, "makemove:"))
    assert (await opened).modal is not None
    view = await bot.service.queries.game_in(world.group.id)
    moved = await (await world.fake.submit_modal(opened, {"move": random_move(view, rng)}))
    before = await bot.service.queries.game_in(world.group.id)
    assert before.to_move_id == world.alice.id
    asked = await (await act(world, world.bob, moved.message, "takeback"))
    assert not asked.ephemeral and asked.message.pinged == [world.alice]
    allow = _first(asked.message, "takeback:accept:")
    allowed = world.fake.press_button(world.alice, asked.message, allow)
    handle = await allowed
    await handle
    _, back = await handle.wait_for_messages(2)  # the request loses its buttons; the board
    after = await bot.service.queries.game_in(world.group.id)
    assert after.to_move_id == world.bob.id and after.revision > before.revision
    # The position given back is bob's turn again: its board carries Make move for him (he has
    # no /move), and he plays from it.
    assert back.pinged == [world.bob]
    assert back.custom_ids() == [
        f"makemove:{after.id}:{after.revision}",
        f"gamemenu:{after.id}:{after.revision}",
        f"follow:{after.id}",
    ]
    opened = await world.fake.press_button(world.bob, back, _first(back, "makemove:"))
    assert (await opened).modal is not None


async def test_a_non_player_is_refused_privately(places: Group, bot: GameBot) -> None:
    world = places
    board = await start(world, world.group)
    game = await bot.service.queries.game_in(world.group.id)
    refused = await (await world.fake.press_button(world.carol, board, f"gamemenu:{game.id}:0"))
    assert refused.ephemeral and refused.message.components == []
    error = errors.NotAPlayerError("", players=tuple(game.players.values()))
    assert refused.content == describe_error(error, "fr")
    assert (await bot.service.queries.game_in(world.group.id)).is_active


async def test_the_menu_works_in_a_server_with_the_bot(places: Group, bot: GameBot) -> None:
    world = places
    board = await start(world, world.channel)
    game = await bot.service.queries.game_in(world.channel.id)
    assert game.reach is not Reach.REPLY
    resigned = await (await act(world, world.alice, board, "resign"))
    assert not resigned.ephemeral and resigned.message.pinged == [world.bob]
    assert not (await bot.service.queries.latest_game_in(world.channel.id)).is_active


async def test_an_action_after_the_game_ended_does_nothing(places: Group, bot: GameBot) -> None:
    world = places
    board = await start(world, world.channel)
    opened = await menu(world, world.bob, board)
    await run(world, world.alice, "resign")  # the game ends while bob's menu is open
    ended = await bot.service.queries.latest_game_in(world.channel.id)
    late = await world.fake.press_button(world.bob, opened, _first(opened, "gameact:draw:"))
    answer = await late
    assert answer.ephemeral and answer.content.startswith(text("de", "gamemenu.over"))
    assert bot.scribe.texts.status_text(ended, "de") in answer.content
    assert (await bot.service.queries.latest_game_in(world.channel.id)).ending == ended.ending


async def test_the_computer_refuses_a_draw_offered_by_menu_publicly(
    places: Group, bot: GameBot
) -> None:
    world = places
    options = {"game": "ponte", "opponent": world.fake.bot_user, "level": "easy", "first": "me"}
    started = await run(world, world.alice, "challenge", options)
    refused = await (await act(world, world.alice, started.message, "draw"))
    computer = mention(world.fake.bot_user.id)
    assert not refused.ephemeral  # as /draw answers: everyone sees the refusal
    assert refused.content == text("en-US", "draw.computer_refuses", player=computer)
    assert (await bot.service.queries.game_in(world.channel.id)).is_active


async def test_the_friend_accepts_an_offer_by_the_menu(places: Group, bot: GameBot) -> None:
    world = places
    board = await start(world, world.group)
    offer = await run(world, world.alice, "draw", channel=world.group)
    assert offer.message.pinged == [world.bob]
    agreed = await act(world, world.bob, board, "draw")  # Offer draw accepts hers, as /draw
    result = await agreed
    assert not result.ephemeral and result.message.pinged == [world.alice]
    assert result.attachments[0].data.startswith(b"\x89PNG")
    after = await bot.service.queries.latest_game_in(world.group.id)
    assert after.ending is not None and after.ending.winner is None


async def test_the_computer_takes_back_at_once_by_menu(places: Group, bot: GameBot) -> None:
    world = places
    options = {"game": "ponte", "opponent": world.fake.bot_user, "level": "easy", "first": "me"}
    options["variant"] = "classic"
    await run(world, world.alice, "challenge", options)
    mark = world.fake.mark()
    await run(world, world.alice, "move", {"move": "a1 j10"})
    answer = await world.fake.wait_for_message(
        world.channel, since=mark, check=lambda m: m.pinged == [world.alice]
    )
    back = await (await act(world, world.alice, answer, "takeback"))
    assert not back.ephemeral and back.attachments[0].data.startswith(b"\x89PNG")
    game = await bot.service.queries.game_in(world.channel.id)
    assert list(game.game.moves) == [] and game.to_move_id == world.alice.id
    mine = f"makemove:{game.id}:{game.revision}"
    more = f"gamemenu:{game.id}:{game.revision}"
    assert back.message.custom_ids() == [mine, more, f"follow:{game.id}"]
