"""Boards where the bot only answers (issue 46, point 10) through the real bot and the fake
Discord: in a group DM a friend has no slash commands, so the start and every hint point to
Make move and ⋯ More; an older board loses its buttons when the next one is posted, while its
command's token still works; ⋯ More on an older board says where the game stands, as Make move
does; the history buttons and Rematch show an unseen loss on time first, and a loss counts as
seen only once Discord accepted the answer that shows it."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord.app import GameBot
from bot.discord.posting import courier
from bot.i18n import LANGUAGES, mention, text, timestamp
from bot.service import GameView, Reach
from bot.service.context import POST_GRACE
from testing.e2ekit import Anywhere, anywhere, due_round, everywhere, run, running
from testing.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

PNG = b"\x89PNG\r\n\x1a\n"
TOKEN_SECONDS = 15 * 60
"""How long an interaction's token works for follow-ups and edits."""


def direct_messages(fake: FakeDiscord) -> set[str]:
    """The letters of a loss on time to players who closed their DMs may be refused."""
    users = [user for user in fake.world.users.values() if not user.bot]
    return {f"/channels/{fake.dm_channel(user).id}/messages" for user in users}


@pytest.fixture
async def places(tmp_path: Path) -> AsyncIterator[Anywhere]:
    async with anywhere(tmp_path / "bot.sqlite3", refused_posts=direct_messages) as world:
        yield world


@pytest.fixture
async def bot(places: Anywhere) -> AsyncIterator[GameBot]:
    async with running(places) as client:
        await everywhere(places, client)
        yield client


def custom_id(message: FakeMessage, prefix: str) -> str:
    found = [cid for cid in message.custom_ids() if cid.startswith(prefix)]
    assert found, message.custom_ids()
    return found[0]


def slash_commands(content: str, *names: str) -> list[str]:
    """The commands `names` (in any language) that `content` tells a player to type."""
    told = []
    for language in LANGUAGES:
        for name in names:
            shown = text(language, f"command.{name}.name")
            if re.search(rf"(?<![\w/])/{re.escape(shown)}(?!\w)", content):
                told.append(shown)
    return told


async def started(world: Anywhere, channel: FakeChannel, kind: str = "ponte") -> FakeMessage:
    """alice challenges bob in `channel` (alice first, an hour a move); bob accepts; the start's
    board (in a group DM the answer to his press, in a server's channel a post)."""
    options = {"game": kind, "opponent": world.bob, "first": "me", "time": 3600}
    challenge = await run(world, world.alice, "challenge", options, channel=channel)
    mark = world.fake.mark()
    accept = custom_id(challenge.message, "challenge:accept:")
    handle = await world.fake.press_button(world.bob, challenge.message, accept)
    await handle
    if channel is world.group:
        return (await handle.wait_for_messages(2))[1]
    return await world.fake.wait_for_message(channel, since=mark)


async def make_move(world: Anywhere, user: FakeUser, board: FakeMessage, move: str) -> FakeMessage:
    """`user` plays `move` by Make move on `board`; the new board answering it."""
    opened = await world.fake.press_button(user, board, custom_id(board, "makemove:"))
    assert (await opened).modal is not None
    answer = await (await world.fake.submit_modal(opened, {"move": move}))
    assert not answer.ephemeral, answer.content
    return answer.message


async def lose_on_time(world: Anywhere, bot: GameBot, channel: FakeChannel) -> GameView:
    """An hour passes with the same player to move: the game is lost on time (the reminders
    and the letters of the loss go by DM)."""
    for _ in range(2):
        world.clock.advance(minutes=30)
        await due_round(bot)
        world.clock.advance(seconds=POST_GRACE + 1)
        await due_round(bot)
    game = await bot.service.queries.latest_game_in(channel.id)
    assert game.ending is not None and game.ending.termination == "timeout"
    return game


def unseen_loss(game: GameView, locale: str) -> str:
    loser = game.opponent_of(game.winner_id or 0)
    return text(
        locale,
        "result.timeout_unseen",
        when=timestamp(game.finished_at or 0),
        loser=mention(loser),
        winner=mention(game.winner_id or 0),
    )


# Words -----------------------------------------------------------------------------------------


async def test_the_start_in_a_group_dm_points_to_the_buttons(
    places: Anywhere, bot: GameBot
) -> None:
    world = places
    for kind in ("ponte", "verbindung"):
        board = await started(world, world.group, kind)
        assert (await bot.service.queries.game_in(world.group.id)).reach is Reach.REPLY
        # bob's press answered it: the words are in his language.
        assert slash_commands(board.content, "move", "resign") == [], board.content
        assert text("de", "button.make_move") in board.content, board.content
        assert text("de", "button.game_menu") in board.content, board.content
        await run(world, world.alice, "resign", channel=world.group)
    # Where the bot is, the start still names the command (everyone there has it).
    in_server = await started(world, world.channel)
    assert slash_commands(in_server.content, "move") == ["move"]


async def test_the_computer_s_refusals_in_a_group_dm_point_to_more(
    places: Anywhere, bot: GameBot
) -> None:
    world = places
    options = {"game": "ponte", "variant": "classic", "opponent": world.fake.bot_user}
    options |= {"level": "normal", "first": "me"}
    await run(world, world.alice, "challenge", options, channel=world.group)
    refused = await run(world, world.alice, "draw", channel=world.group)
    assert not refused.ephemeral and slash_commands(refused.content, "resign") == []
    assert text("en", "button.game_menu") in refused.content
    handle = await world.fake.send_slash_command(
        world.alice, world.group, "move", {"move": "a1 j10"}
    )
    await handle.wait_for_messages(2)  # the move, and the computer's answer
    asked = await world.fake.send_slash_command(world.alice, world.group, "takeback", {})
    (answer,) = await asked.wait_for_messages(1)
    assert slash_commands(answer.content, "resign") == [], answer.content
    assert text("en", "button.game_menu") in answer.content


# Older boards ----------------------------------------------------------------------------------


async def test_an_older_board_loses_its_buttons_when_the_next_is_posted(
    places: Anywhere, bot: GameBot
) -> None:
    world = places
    first = await started(world, world.group)
    second = (await run(world, world.alice, "move", {"move": "c3 e5"}, channel=world.group)).message
    await bot.deliverer.idle()
    assert first.components == [] and second.components != []
    third = await make_move(world, world.bob, second, "h8 j10")
    await bot.deliverer.idle()
    assert second.components == [] and third.components != []
    # Resigned by the menu: the last board is over too, and the final post has Rematch.
    opened = await world.fake.press_button(world.alice, third, custom_id(third, "gamemenu:"))
    menu = (await opened).message
    resign = custom_id(menu, "gameact:resign:")
    final = (await (await world.fake.press_button(world.alice, menu, resign))).message
    await bot.deliverer.idle()
    assert third.components == [] and custom_id(final, "rematch:")
    # Each edit went through the token of the command its board answered: the bot may not
    # edit in a group DM (the fixture fails on any refused call).
    edits = world.fake.requests_to("PATCH /webhooks/*/*/messages/*")
    assert len(edits) >= 3
    assert world.fake.requests_to(f"PATCH /channels/{world.group.id}/messages/*") == []


async def test_an_older_board_past_its_token_keeps_its_buttons_and_says_it_is_outdated(
    places: Anywhere, bot: GameBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = places
    first = await started(world, world.group)
    lapsed = courier._now() + TOKEN_SECONDS + 60
    monkeypatch.setattr(courier, "_now", lambda: lapsed)  # the start's token no longer works
    await run(world, world.alice, "move", {"move": "c3 e5"}, channel=world.group)
    await bot.deliverer.idle()
    assert first.components != []  # nothing could take them off (and nothing was tried)
    # ⋯ More on it does what Make move does there: where the game stands, privately.
    pressed = await world.fake.press_button(world.bob, first, custom_id(first, "gamemenu:"))
    await pressed
    edited, note = await pressed.wait_for_messages(2)
    assert edited is first and first.components == []
    assert note.ephemeral and note.content.startswith(text("de", "makemove.outdated"))
    now = await bot.service.queries.game_in(world.group.id)
    assert bot.scribe.texts.status_text(now, "de") in note.content


async def test_more_on_an_older_board_in_a_server_says_where_the_game_stands(
    places: Anywhere, bot: GameBot
) -> None:
    world = places
    first = await started(world, world.channel)
    await run(world, world.alice, "move", {"move": "c3 e5"})
    pressed = await world.fake.press_button(world.bob, first, custom_id(first, "gamemenu:"))
    await pressed
    edited, note = await pressed.wait_for_messages(2)
    assert edited is first and first.components == []
    assert note.ephemeral and note.content.startswith(text("de", "makemove.outdated"))
    assert "gameact:" not in " ".join(note.custom_ids())  # no menu: nothing to act on there


# An unseen loss on time first ------------------------------------------------------------------


async def test_history_buttons_show_an_unseen_loss_first(places: Anywhere, bot: GameBot) -> None:
    world = places
    await started(world, world.group)
    await run(world, world.alice, "move", {"move": "c3 e5"}, channel=world.group)
    shown = await run(world, world.alice, "board", {"visibility": "public"}, channel=world.group)
    game = await lose_on_time(world, bot, world.group)  # bob's time ran out
    back = custom_id(shown.message, "history:")
    loss = await (await world.fake.press_button(world.bob, shown.message, back))
    assert not loss.ephemeral and loss.content == unseen_loss(game, "de")
    # Shown once, and the history still works: bob's next press steps through the game.
    stepped = await (await world.fake.press_button(world.bob, shown.message, back))
    assert stepped.ephemeral and stepped.content.startswith("**")
    assert stepped.attachments[0].data.startswith(PNG)


async def test_rematch_shows_an_unseen_loss_first(places: Anywhere, bot: GameBot) -> None:
    world = places
    await started(world, world.group)
    resigned = (await run(world, world.alice, "resign", channel=world.group)).message
    rematch = custom_id(resigned, "rematch:")
    asked = (await (await world.fake.press_button(world.alice, resigned, rematch))).message
    accept = custom_id(asked, "challenge:accept:")
    await (await world.fake.press_button(world.bob, asked, accept))
    second = await bot.service.queries.game_in(world.group.id)
    lost = await lose_on_time(world, bot, world.group)
    assert lost.id == second.id
    winner = world.alice if lost.winner_id == world.alice.id else world.bob
    locale = "en" if winner is world.alice else "de"
    loss = await (await world.fake.press_button(winner, resigned, rematch))
    assert not loss.ephemeral and loss.content == unseen_loss(lost, locale)
    assert await bot.service.challenges.pending_challenges(winner.id) == []  # none made
    # The Rematch still works: the next press asks for it.
    asked_again = await (await world.fake.press_button(winner, resigned, rematch))
    assert not asked_again.ephemeral and custom_id(asked_again.message, "challenge:accept:")


async def test_a_loss_on_time_counts_as_seen_only_once_its_answer_was_accepted(
    places: Anywhere, bot: GameBot
) -> None:
    world = places
    board = await started(world, world.group)
    game = await lose_on_time(world, bot, world.group)
    world.strict = False  # the refused answers leave that press unacknowledged
    refused = "POST /interactions/*/*/callback"  # as Discord answers a token it no longer knows
    world.fake.inject(refused, 404, count=2, code=10062, message="Unknown interaction")
    failed = await world.fake.press_button(world.bob, board, custom_id(board, "makemove:"))
    await world.fake.world.wait_until(
        lambda: len(failed_calls(world)) == 2, what="both answers refused"
    )
    assert failed.acknowledged_at is None
    again = await world.fake.press_button(world.bob, board, custom_id(board, "makemove:"))
    await again
    _, shown = await again.wait_for_messages(2)
    assert not shown.ephemeral and shown.content == unseen_loss(game, "de")


def failed_calls(world: Anywhere) -> list:
    return [r for r in world.fake.requests_to("POST /interactions/*/*/callback") if r.status == 404]
