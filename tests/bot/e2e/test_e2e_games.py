"""Whole games through the real bot and the fake Discord: challenge, Accept, every move with its
image, the result with the replay; errors privately in the caller's language; the scheduler."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta

import discord

from bot.discord.app import GameBot
from bot.discord.features import declared_commands
from bot.i18n import describe_error, rule_text, text
from bot.service import GameView, errors
from bot.service.context import POST_GRACE
from testing.e2ekit import World, due_round, run, running
from testing.fakediscord import FakeChannel, InteractionResult
from testing.servicekit import random_move, start_game

PNG = b"\x89PNG\r\n\x1a\n"
GIF = b"GIF89a"


async def start(
    world: World, kind: str, options: dict | None = None, channel: FakeChannel | None = None
) -> InteractionResult:
    """alice challenges bob (alice moves first); bob presses Accept; the board is posted."""
    where = channel or world.channel
    challenge = await run(
        world,
        world.alice,
        "challenge",
        {"game": kind, "opponent": world.bob, "first": "me", **(options or {})},
        channel=where,
    )
    assert not challenge.ephemeral
    assert challenge.message.pinged == [world.bob]
    accept_id, decline_id, block_id = challenge.message.custom_ids()
    assert accept_id.startswith("challenge:accept:") and decline_id.startswith("challenge:decline")
    assert block_id.startswith("challenge:block:")  # decline and block
    mark = world.fake.mark()
    pressed = await (await world.fake.press_button(world.bob, challenge.message, accept_id))
    assert challenge.message.components == []  # the buttons are gone once accepted
    game_channel = where
    if options and options.get("thread"):
        game_channel = await world.fake.wait_for_thread(where)
    started = await world.fake.wait_for_message(game_channel, since=mark)
    assert started.pinged == [world.alice]
    assert started.attachments[0].data.startswith(PNG)
    return pressed


async def play_game_to_the_end(world: World, bot: GameBot, rng: random.Random) -> list:
    """Random legal moves (a swap at the pie rule) until the end; every post is checked."""
    posts = []
    for _ in range(300):
        view = await bot.service.queries.game_in(world.channel.id)
        mover = world.alice if view.to_move_id == world.alice.id else world.bob
        move = "swap" if view.revision == 1 and view.kind.key == "ponte" else random_move(view, rng)
        result = await run(world, mover, "move", {"move": move})
        assert not result.ephemeral, result.content
        assert result.attachments and result.attachments[0].data.startswith(PNG)
        posts.append(result)
        after = await bot.service.queries.latest_game_in(world.channel.id)
        if not after.is_active:  # the last move notifies the other player, whoever won
            other = world.bob if mover is world.alice else world.alice
            assert result.message.pinged == [other]
            return posts
        assert [user.id for user in result.message.pinged] == [after.to_move_id]
    raise AssertionError("the game did not end")


async def test_commands_are_registered_in_four_languages(world: World, bot: GameBot) -> None:
    synced = world.fake.commands(world.guild)
    commands = {c["name"]: c for c in synced if c["type"] == 1}
    declared = {str(command.name) for command in declared_commands()}
    assert set(commands) == declared and len(declared) == 26
    # Apps → Challenge on a member, a user command: a name in each language, no description.
    [menu] = [c for c in synced if c["type"] == 2]
    assert menu["name_localizations"] == {"de": "Herausfordern", "fr": "Défier", "nl": "Uitdagen"}
    assert menu["description"] == "" and menu["contexts"] is None
    for command in commands.values():
        assert set(command["name_localizations"]) >= {"de", "fr", "nl"}, command["name"]
        assert set(command["description_localizations"]) >= {"de", "fr", "nl"}
    assert commands["move"]["name_localizations"]["de"] != "move"
    # A development server's commands say nothing of contexts: Discord takes them globally only.
    assert all(command["contexts"] is None for command in commands.values())


async def test_a_whole_ponte_game_with_swap_ends_with_the_result_and_replay(
    world: World, bot: GameBot
) -> None:
    await start(world, "ponte", {"variant": "classic"})
    mark = world.fake.mark()
    posts = await play_game_to_the_end(world, bot, random.Random(2))
    assert "swap" in posts[1].content
    assert posts[-1].attachments[0].data.startswith(PNG)
    replay = await world.fake.wait_for_message(
        world.channel,
        since=mark,
        check=lambda m: any(a.data[:6] == GIF for a in m.attachments),
        timeout=30,  # a hang guard: a long game's replay takes seconds to draw on a busy machine
    )
    assert replay.attachments[0].filename.endswith(".gif")
    game = await bot.service.queries.latest_game_in(world.channel.id)
    ending = game.ending
    assert ending is not None and ending.termination == "finished"  # by passes (P16/P17)
    assert str(game.game.moves[-1]) == "pass"


async def test_a_whole_verbindung_game_with_seeded_dice(world: World, bot: GameBot) -> None:
    await start(world, "verbindung")
    posts = await play_game_to_the_end(world, bot, random.Random(5))
    game = await bot.service.queries.latest_game_in(world.channel.id)
    assert game.ending is not None
    rolls = [str(m) for m in game.game.moves if str(m).startswith("roll")]
    assert all(roll.split()[1] in posts[i].content for i, roll in enumerate(rolls[1 : len(posts)]))


async def test_errors_go_privately_to_the_caller_in_their_language(
    world: World, bot: GameBot
) -> None:
    elsewhere = world.fake.add_text_channel(world.guild, "elsewhere")
    none_here = await run(world, world.carol, "move", {"move": "a1 c1"}, channel=elsewhere)
    assert none_here.ephemeral and none_here.content == text("fr", "error.no_game_here")
    await start(world, "ponte")
    players = (world.alice.id, world.bob.id)
    expected = {
        (world.bob, "a1 c1"): errors.NotYourTurnError("", to_move_id=world.alice.id),
        (world.carol, "a1 c1"): errors.NotAPlayerError("", players=players),
    }
    for (user, move), error in expected.items():
        answer = await run(world, user, "move", {"move": move})
        assert answer.ephemeral
        assert answer.content == describe_error(error, user.locale), user.name
        assert answer.content != describe_error(error, "en")
    garbled = await run(world, world.alice, "move", {"move": "a1 zz9"})
    assert garbled.ephemeral and garbled.content.startswith(text("en", "error.invalid_move"))
    await run(world, world.alice, "move", {"move": "c3 e5"})
    await run(world, world.bob, "move", {"move": "h8 j10"})
    taken = await run(world, world.alice, "move", {"move": "c3 a1"})  # c3 holds a stone
    # The small print speaks of the refusal (issue 52, point 11), not of P5's turn shapes.
    assert taken.ephemeral and text("en", "rule_reason_note.taken") in taken.content
    assert rule_text("P5", "en") not in taken.content
    await run(world, world.alice, "resign")
    over = await run(world, world.bob, "move", {"move": "a1 c1"})
    assert over.ephemeral and over.content == text("de", "error.game_over")
    posted = [m for m in world.fake.messages_in(world.channel) if not m.ephemeral]
    assert all("zz9" not in m.content for m in posted)


async def test_the_scheduler_reminds_and_then_the_clock_decides(world: World, bot: GameBot) -> None:
    await start(world, "ponte", {"time": 3600})
    mark = world.fake.mark()
    world.clock.advance(minutes=30)
    bot.scheduler.wake()
    reminder = await world.fake.wait_for_message(world.channel, since=mark)
    assert reminder.pinged == [world.alice]
    mark = world.fake.mark()
    world.clock.advance(minutes=31)
    bot.scheduler.wake()
    loss = await world.fake.wait_for_message(
        world.channel, since=mark, check=lambda m: m.attachments
    )
    assert [a.data[:6] for a in loss.attachments] == [PNG[:6], GIF]
    game = await bot.service.queries.latest_game_in(world.channel.id)
    assert game.ending is not None and game.ending.termination == "timeout"
    assert game.winner_id == world.bob.id


async def test_a_failed_post_keeps_the_move_and_says_so(world: World, bot: GameBot) -> None:
    await start(world, "ponte")
    world.strict = False  # the refused answer leaves that interaction unacknowledged
    world.fake.inject("POST /interactions/*/*/callback", 429, via=False)
    mark = world.fake.mark()
    handle = await world.fake.send_slash_command(
        world.alice, world.channel, "move", {"move": "a1 c1"}
    )
    notice = await world.fake.wait_for_message(world.channel, since=mark)
    assert text("en", "error.post_failed") in notice.content
    assert notice.pinged == [world.bob]
    assert notice.attachments[0].data.startswith(PNG)  # the board, not "use /board"
    game = await bot.service.queries.game_in(world.channel.id)
    assert game.revision == 1  # recorded although Discord refused the answer
    assert handle.acknowledged_at is None
    world.clock.advance(minutes=1)  # past the grace period of the outbox
    await due_round(bot)
    assert [m for m in world.fake.messages_in(world.channel, since=mark)] == [notice]  # once
    world.fake.inject("POST /interactions/*/*/callback", 500)
    retried = await run(world, world.bob, "move", {"move": "f6 h8"})
    assert retried.attachments  # discord.py retried the 500 itself
    board = await run(world, world.alice, "board")
    assert board.ephemeral and board.attachments[0].data.startswith(PNG)


async def test_a_game_in_its_own_thread(world: World, bot: GameBot) -> None:
    await start(world, "verbindung", {"thread": True})
    thread = await world.fake.wait_for_thread(world.channel)
    view = await bot.service.queries.game_in(thread.id)
    assert view.parent_channel_id == world.channel.id
    second = await run(world, world.carol, "challenge", {"game": "ponte", "opponent": world.alice})
    assert not second.ephemeral  # the channel itself is still free


async def test_draw_offer_accepted_by_button(world: World, bot: GameBot) -> None:
    await start(world, "ponte")
    offer = await run(world, world.alice, "draw")
    assert offer.message.pinged == [world.bob]
    accept_id = offer.message.custom_ids()[0]
    mark = world.fake.mark()
    await (await world.fake.press_button(world.bob, offer.message, accept_id))
    result = await world.fake.wait_for_message(
        world.channel, since=mark, check=lambda m: m.attachments
    )
    assert result.attachments
    game = await bot.service.queries.latest_game_in(world.channel.id)
    assert game.ending is not None and game.ending.result == "draw"


async def test_games_rules_export_and_help_answer_privately(world: World, bot: GameBot) -> None:
    await start(world, "ponte")
    await run(world, world.alice, "move", {"move": "a1 c1"})
    games = await run(world, world.bob, "games")
    assert games.ephemeral and f"<#{world.channel.id}>" in games.content
    rules = await run(world, world.carol, "rules", {"game": "verbindung"})
    assert rules.ephemeral and rules.content == text("fr", "rules.verbindung")  # no RULES_URL
    export = await run(world, world.alice, "export")
    (record,) = export.attachments
    assert record.filename.endswith(".txt") and b"a1 c1" in record.data
    helped = await run(world, world.bob, "help")
    assert helped.ephemeral and helped.content == text("de", "help")
    assert "/lernen" in helped.content and "/rätsel" in helped.content  # how to learn (issue 48)


async def test_autocomplete_offers_legal_moves_to_the_player_to_move(
    world: World, bot: GameBot
) -> None:
    await start(world, "ponte")
    handle = await world.fake.send_autocomplete(
        world.alice, world.channel, "move", {"move": "c3"}, focused="move"
    )
    choices = (await handle).choices
    assert 0 < len(choices) <= 25 and all("c3" in c["value"] for c in choices)
    other = await world.fake.send_autocomplete(
        world.bob, world.channel, "move", {"move": ""}, focused="move"
    )
    assert list((await other).choices) == []


async def test_verbindung_choices_show_the_roll(world: World, bot: GameBot) -> None:
    await start(world, "verbindung")
    game = (await bot.service.queries.game_in(world.channel.id)).game
    handle = await world.fake.send_autocomplete(
        world.alice, world.channel, "move", {"move": ""}, focused="move"
    )
    choices = (await handle).choices
    assert choices
    for choice in choices:
        assert choice["name"].startswith(choice["value"])
        assert all(str(face) in choice["name"] for face in game.roll)
        assert game.is_legal(game.parse_move(choice["value"]))


async def test_an_expired_thread_challenge_opens_no_thread(world: World, bot: GameBot) -> None:
    challenge = await run(
        world, world.alice, "challenge", {"game": "ponte", "opponent": world.bob, "thread": True}
    )
    world.clock.advance(days=3)
    accept_id = challenge.message.custom_ids()[0]
    answer = await (await world.fake.press_button(world.bob, challenge.message, accept_id))
    assert answer.ephemeral
    assert answer.content == describe_error(errors.ChallengeClosedError("", status="expired"), "de")
    assert world.guild.threads == []


async def test_an_unreadable_move_shows_the_notation_of_the_game(
    world: World, bot: GameBot
) -> None:
    await start(world, "verbindung")
    answer = await run(world, world.alice, "move", {"move": "blue-bridge z9"})
    assert answer.ephemeral
    assert text("en", "notation.verbindung") in answer.content


async def test_a_slow_board_follows_the_answer_which_still_pings(
    world: World, bot: GameBot, monkeypatch
) -> None:
    from bot.discord.posting import answering

    await start(world, "ponte")
    monkeypatch.setattr(answering, "BOARD_WAIT", 0.0)  # as if rendering took too long
    answer = await run(world, world.alice, "move", {"move": "a1 c1"})
    assert answer.message.pinged == [world.bob]
    await world.fake.world.wait_until(
        lambda: answer.message.attachments, what="the board added by an edit"
    )
    assert answer.message.attachments[0].data.startswith(PNG)


async def test_a_move_answered_before_its_board_is_settled_at_once(
    world: World, bot: GameBot, monkeypatch
) -> None:
    """The outbox must not post a move again while its slow board is still being drawn: the
    answer is settled as soon as it is sent, not after the board's edit."""
    from bot.discord.posting import answering

    await start(world, "ponte")
    monkeypatch.setattr(answering, "BOARD_WAIT", 0.0)
    drawn = asyncio.Event()
    real_board = bot.scribe.board

    async def held_board(view: GameView, locale: str) -> discord.File:
        await drawn.wait()
        return await real_board(view, locale)

    monkeypatch.setattr(bot.scribe, "board", held_board)
    settled: list[int | None] = []
    real_delivered = bot.service.outbox.delivered

    async def delivered(
        post_id: int, channel_id: int | None = None, message_id: int | None = None
    ) -> bool:
        done = await real_delivered(post_id, channel_id, message_id)
        settled.append(message_id)
        world.fake.world.changed()  # news for the wait below, which the fake alone would not wake
        return done

    monkeypatch.setattr(bot.service.outbox, "delivered", delivered)
    answer = await run(world, world.alice, "move", {"move": "a1 c1"})
    try:
        await world.fake.world.wait_until(
            lambda: answer.message.id in settled, what="the move settled"
        )
        assert not answer.message.attachments  # the board is still being drawn
        later = world.clock.now + timedelta(seconds=POST_GRACE + 1)
        assert await bot.service.outbox.claim_due(later) == []  # nothing for the outbox to repost
    finally:
        drawn.set()  # a failure above must not leave the bot's answer waiting at shutdown
    await world.fake.world.wait_until(
        lambda: answer.message.attachments, what="the board added by an edit"
    )


async def test_games_lists_the_finished_games_of_this_server_only(
    world: World, bot: GameBot
) -> None:
    finished = {}
    for offset, guild_id in enumerate((world.guild.id, world.guild.id + 1)):
        channel_id = world.channel.id + 1000 * offset
        started = await start_game(
            bot.service,
            channel_id=channel_id,
            challenger=world.alice.id,
            opponent=world.bob.id,
            guild_id=guild_id,
        )
        await bot.service.moves.resign(channel_id, world.bob.id)
        finished[guild_id] = started.view.id
    listed = await run(world, world.alice, "games")
    assert f"#{finished[world.guild.id]} " in listed.content
    assert f"#{finished[world.guild.id + 1]} " not in listed.content  # /board could not show it


async def test_rules_link_each_games_section_of_the_published_rules(world: World) -> None:
    world.rules_url = "https://example.org/ponte-verbindung-bot/docs/rules.md"
    async with running(world):
        rules = await run(world, world.carol, "rules", {"game": "verbindung"})
    summary, link = rules.content.rsplit("\n", 1)
    assert rules.ephemeral and summary == text("fr", "rules.verbindung")
    assert link == text("fr", "rules.all", url=f"{world.rules_url}#verbindung-gesucht")


async def test_a_challenge_past_its_time_blocks_no_new_one(world: World, bot: GameBot) -> None:
    options = {"game": "ponte", "opponent": world.bob}
    old = await run(world, world.alice, "challenge", options)
    world.clock.advance(days=3)  # past its time; the scheduler has not looked yet
    again = await run(world, world.alice, "challenge", options)
    assert not again.ephemeral, again.content
    assert again.message.pinged == [world.bob] and len(again.message.custom_ids()) == 3
    await due_round(bot)  # the old one's message says it expired, without its buttons
    assert old.message.components == [] and "expired" in old.message.content
    assert len(again.message.custom_ids()) == 3  # the new one keeps its buttons
