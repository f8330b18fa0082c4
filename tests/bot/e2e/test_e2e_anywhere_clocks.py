"""Clocks and old boards of reply-only games (issue 28, points 3 and 4) through the real bot and
the fake Discord: in a group DM the bot only answers interactions, so reminders and a loss on
time go by direct message, nothing is posted to the group, and the loss is shown at the next
press or command of the game, once per player; a board that is no longer the latest answers
privately and loses its buttons."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord.app import GameBot
from bot.i18n import text, timestamp
from bot.service import GameView, Reach
from bot.service.context import POST_GRACE
from testing.e2ekit import Anywhere, anywhere, due_round, everywhere, run, running
from testing.fakediscord import FakeDiscord, FakeMessage, FakeUser

PNG = b"\x89PNG\r\n\x1a\n"


Group = Anywhere


def direct_messages(fake: FakeDiscord) -> set[str]:
    """A direct message to a player who closed them is refused (403, 50007): the one refusal
    expected here; any other means the bot called a route it may not."""
    users = [user for user in fake.world.users.values() if not user.bot]
    return {f"/channels/{fake.dm_channel(user).id}/messages" for user in users}


@pytest.fixture
async def places(tmp_path: Path) -> AsyncIterator[Group]:
    async with anywhere(tmp_path / "bot.sqlite3", refused_posts=direct_messages) as world:
        yield world


@pytest.fixture
async def bot(places: Group) -> AsyncIterator[GameBot]:
    async with running(places) as client:
        await everywhere(places, client)
        yield client


async def start(world: Group, options: dict | None = None) -> FakeMessage:
    """alice challenges bob in the group DM (alice first, an hour a move); bob presses Accept;
    the start's board, answering his press."""
    challenge = await run(
        world,
        world.alice,
        "challenge",
        {"game": "ponte", "opponent": world.bob, "first": "me", "time": 3600, **(options or {})},
        channel=world.group,
    )
    accept_id = challenge.message.custom_ids()[0]
    handle = await world.fake.press_button(world.bob, challenge.message, accept_id)
    await handle
    (_, started) = await handle.wait_for_messages(2)
    return started


def make_move_id(message: FakeMessage) -> str:
    return next(c for c in message.custom_ids() if c.startswith("makemove:"))


async def dm_to(world: Group, user: FakeUser, since: int) -> FakeMessage:
    return await world.fake.wait_for_message(world.fake.dm_channel(user), since=since)


async def rounds(world: Group, bot: GameBot) -> None:
    """The scheduler's round at this time (what fell due), and one after the grace the outbox
    gives a post before it sends it itself (the direct messages go then)."""
    await due_round(bot)
    world.clock.advance(seconds=POST_GRACE + 1)
    await due_round(bot)


async def lose_alice_on_time(world: Group, bot: GameBot) -> GameView:
    """An hour passes with alice to move: a reminder by DM at half time, then the loss."""
    playing = await bot.service.queries.game_in(world.group.id)
    mark = world.fake.mark()
    world.clock.advance(minutes=30)
    await rounds(world, bot)
    reminder = await dm_to(world, world.alice, mark)
    assert reminder.content.startswith("⏰ Your move is waiting in 1 game:\n")
    assert world.fake.messages_in(world.fake.dm_channel(world.bob), since=mark) == []
    world.mark = world.fake.mark()  # the letters of the loss come after it
    world.clock.advance(minutes=30)
    await rounds(world, bot)
    game = await bot.service.queries.game(playing.id)
    assert game.ending is not None and game.ending.termination == "timeout"
    assert game.reach is Reach.REPLY and game.winner_id == world.bob.id
    return game


def unseen_loss(world: Group, game: GameView, locale: str) -> str:
    """The loss on time as shown at a player's first press since (alice lost, bob won)."""
    return text(
        locale,
        "result.timeout_unseen",
        when=timestamp(game.finished_at or 0),
        loser=f"<@{world.alice.id}>",
        winner=f"<@{world.bob.id}>",
    )


async def test_a_loss_on_time_goes_by_dm_and_shows_at_the_next_press(
    places: Group, bot: GameBot
) -> None:
    world = places
    board = await start(world)
    game = await lose_alice_on_time(world, bot)
    for user in (world.alice, world.bob):  # both players hear it by direct message
        letter = await dm_to(world, user, world.mark)
        assert f"<@{world.alice.id}>" in letter.content and letter.pinged == []
    assert world.fake.requests_to(f"POST /channels/{world.group.id}/messages") == []
    # bob presses the (old) board's Make move: the loss, publicly in the group, and no modal.
    pressed = await world.fake.press_button(world.bob, board, make_move_id(board))
    assert (await pressed).modal is None
    edited, shown = await pressed.wait_for_messages(2)
    assert edited is board and board.components == []  # the board is over: its button goes
    assert not shown.ephemeral and shown.content == unseen_loss(world, game, "de")
    assert shown.pinged == [] and shown.attachments[0].data.startswith(PNG)
    assert await bot.service.unseen.unseen_time_loss(world.bob.id, game_id=game.id) is None  # once
    # alice's first command in the group shows it to her, once, privately (bob's press showed
    # it to the group); then /board as ever.
    seen = await run(world, world.alice, "board", channel=world.group)
    assert seen.ephemeral and seen.content == unseen_loss(world, game, "en-US")
    assert seen.attachments[0].data.startswith(PNG)
    board_now = await run(world, world.alice, "board", channel=world.group)
    assert board_now.ephemeral and board_now.attachments[0].data.startswith(PNG)
    assert world.fake.requests_to(f"POST /channels/{world.group.id}/messages") == []


async def test_the_draw_button_after_a_loss_on_time_shows_the_loss_and_draws_nothing(
    places: Group, bot: GameBot
) -> None:
    world = places
    await start(world)
    offer = await run(world, world.alice, "draw", channel=world.group)
    accept = next(c for c in offer.message.custom_ids() if c.startswith("draw:accept"))
    game = await lose_alice_on_time(world, bot)
    pressed = await world.fake.press_button(world.bob, offer.message, accept)
    await pressed
    edited, shown = await pressed.wait_for_messages(2)
    assert edited is offer.message and offer.message.components == []
    assert not shown.ephemeral and shown.content == unseen_loss(world, game, "de")
    game = await bot.service.queries.latest_game_in(world.group.id)
    assert game.ending is not None and game.ending.termination == "timeout"  # no draw


async def test_a_match_goes_on_at_the_first_press_after_a_loss_on_time(
    places: Group, bot: GameBot
) -> None:
    world = places
    board = await start(world, {"best_of": 3})
    first = await lose_alice_on_time(world, bot)
    pressed = await world.fake.press_button(world.bob, board, make_move_id(board))
    await pressed
    _, shown, replay, following = await pressed.wait_for_messages(4)
    assert shown.attachments[0].data.startswith(PNG) and replay.attachments[0].data[:3] == b"GIF"
    assert shown.content.startswith(unseen_loss(world, first, "de") + "\n")
    assert following.attachments[0].data.startswith(PNG) and make_move_id(following)
    second = await bot.service.queries.game_in(world.group.id)
    assert second.match is not None and second.match.game_number == 2
    assert f"makemove:{second.id}:" in make_move_id(following)
    # alice is shown the loss privately: the group saw it, and the next game, already.
    mark = world.fake.mark()
    seen = await run(world, world.alice, "board", channel=world.group)
    assert seen.ephemeral and seen.content.startswith(unseen_loss(world, first, "en-US"))
    assert world.fake.messages_in(world.group, since=mark) == []


async def test_closed_dms_are_noted_once_without_retries(places: Group, bot: GameBot) -> None:
    world = places
    world.bob.dms_open = False
    await start(world)
    await lose_alice_on_time(world, bot)
    await dm_to(world, world.alice, world.mark)
    for _ in range(3):  # later rounds, past any retry delay: bob is not written to again
        world.clock.advance(minutes=10)
        await due_round(bot)
    bob_dm = f"POST /channels/{world.fake.dm_channel(world.bob).id}/messages"
    tried = world.fake.requests_to(bob_dm)
    assert len(tried) == 1 and tried[0].status == 403


async def test_an_outdated_board_in_a_group_dm_answers_privately(
    places: Group, bot: GameBot
) -> None:
    world = places
    board = await start(world)
    moved = await run(world, world.alice, "move", {"move": "c3 e5"}, channel=world.group)
    assert make_move_id(moved.message)
    pressed = await world.fake.press_button(world.bob, board, make_move_id(board))
    assert (await pressed).modal is None
    edited, note = await pressed.wait_for_messages(2)
    assert edited is board and board.components == []
    assert note.ephemeral and note.content.startswith(text("de", "makemove.outdated"))
    now = await bot.service.queries.game_in(world.group.id)
    assert bot.scribe.texts.status_text(now, "de") in note.content
    assert world.fake.requests_to(f"POST /channels/{world.group.id}/messages") == []


async def test_a_move_submitted_after_the_clock_ran_out_shows_the_loss(
    places: Group, bot: GameBot
) -> None:
    world = places
    board = await start(world)
    opened = await world.fake.press_button(world.alice, board, make_move_id(board))
    assert (await opened).modal is not None
    game = await lose_alice_on_time(world, bot)
    late = await world.fake.submit_modal(opened, {"move": "f6 f7"})
    shown = await late
    assert not shown.ephemeral and shown.content == unseen_loss(world, game, "en-US")
    assert (await bot.service.queries.game(game.id)).game.moves == ()  # nothing played
    refused = await run(world, world.alice, "move", {"move": "f6 f7"}, channel=world.group)
    assert refused.ephemeral  # shown once: now the game is simply over
