"""Playing against the bot itself, through the real bot and the fake Discord: the game starts at
once, the computer's moves are posted like a person's, the pie rule both ways, refusals, a
restart in the middle of its turn, and other players who never wait for its thinking."""

from __future__ import annotations

from bot.computer.thinking import think
from bot.discord.app import GameBot
from bot.i18n import describe_error, mention, text
from bot.service.errors import LevelNeedsComputerError, OpponentIsBotError
from testing import workers
from testing.e2ekit import World, run, running
from testing.fakediscord import FakeChannel, FakeMessage, InProcessBot, InteractionResult
from testing.servicekit import start_computer_game, until
from testing.workers import computer_tasks

PNG = b"\x89PNG\r\n\x1a\n"


async def challenge_bot(
    world: World, options: dict, channel: FakeChannel | None = None
) -> InteractionResult:
    """alice challenges the bot itself (level easy unless said otherwise)."""
    options = {"opponent": world.fake.bot_user, "level": "easy", **options}
    return await run(world, world.alice, "challenge", options, channel=channel)


async def computer_move(world: World, channel: FakeChannel, since: int = 0) -> FakeMessage:
    """The computer's next move as posted: the only message that pings alice unasked."""
    return await world.fake.wait_for_message(
        channel, since=since, check=lambda m: m.pinged == [world.alice]
    )


def computer(world: World) -> str:
    return mention(world.fake.bot_user.id)


async def test_the_bot_starts_at_once_and_answers_every_move(world: World, bot: GameBot) -> None:
    started = await challenge_bot(world, {"game": "ponte", "variant": "classic", "first": "me"})
    assert not started.ephemeral
    kinds = [cid.split(":")[0] for cid in started.message.custom_ids()]
    assert kinds == ["makemove", "gamemenu", "follow"]  # no Accept; ⋯ More beside Make move
    assert started.message.pinged == [world.alice]
    assert started.attachments[0].data.startswith(PNG)
    level = text("en", "game.computer_level", player=computer(world), level="Easy")
    assert level in started.content
    mark = world.fake.mark()
    # Two corners: an opening the computer's model rates below even for white, so it plays on.
    moved = await run(world, world.alice, "move", {"move": "a1 j10"})
    assert moved.message.pinged == []  # nobody to ping: the computer is next
    # No Make move (nobody to press it); ⋯ More stays: alice may ask to take her move back.
    assert [cid.split(":")[0] for cid in moved.message.custom_ids()] == ["gamemenu", "follow"]
    assert text("en", "move.computer_thinking", player=computer(world)) in moved.content
    answer = await computer_move(world, world.channel, since=mark)
    assert answer.content.startswith(f"{computer(world)} ")
    assert answer.attachments[0].data.startswith(PNG)
    game = await bot.service.queries.game_in(world.channel.id)
    assert game.revision == 2 and game.to_move_id == world.alice.id
    # The computer's move: alice's turn, Make move and ⋯ More (and Follow, for watchers).
    made, menu = f"makemove:{game.id}:2", f"gamemenu:{game.id}:2"
    assert answer.custom_ids() == [made, menu, f"follow:{game.id}"]
    assert game.computer_level == "easy"


async def test_the_computer_begins_a_verbindung_game_in_its_own_thread(
    world: World, bot: GameBot
) -> None:
    answer = await challenge_bot(world, {"game": "verbindung", "first": "opponent", "thread": True})
    thread = await world.fake.wait_for_thread(world.channel)
    assert f"<#{thread.id}>" in answer.content
    opening = await computer_move(world, thread)
    started = world.fake.messages_in(thread)[0]
    assert text("en", "game.computer_first", player=computer(world)) in started.content
    assert started.pinged == []
    assert opening.attachments[0].data.startswith(PNG)
    assert "🎲" in opening.content  # alice's roll, drawn for her after the computer's turn
    game = await bot.service.queries.game_in(thread.id)
    assert game.to_move_id == world.alice.id and game.parent_channel_id == world.channel.id
    assert game.players == {"red": world.fake.bot_user.id, "black": world.alice.id}


async def test_when_the_player_swaps_the_computer_plays_red_at_once(
    world: World, bot: GameBot
) -> None:
    await challenge_bot(world, {"game": "ponte", "first": "opponent"})
    await computer_move(world, world.channel)
    mark = world.fake.mark()
    swapped = await run(world, world.alice, "move", {"move": "swap"})
    swap_text = text("en", "move.swapped", player=world.alice.mention, other=computer(world))
    assert swap_text in swapped.content
    await computer_move(world, world.channel, since=mark)
    game = await bot.service.queries.game_in(world.channel.id)
    assert game.players == {"white": world.alice.id, "red": world.fake.bot_user.id}
    assert game.revision == 3 and game.to_move_id == world.alice.id


async def test_when_the_computer_swaps_it_takes_over_white(world: World) -> None:
    world.worker = workers.swaps
    async with running(world) as bot:
        await challenge_bot(world, {"game": "ponte", "first": "me"})
        mark = world.fake.mark()
        await run(world, world.alice, "move", {"move": "f6 h8"})
        swapped = await computer_move(world, world.channel, since=mark)
        swap_text = text("en", "move.swapped", player=computer(world))
        assert swapped.content.startswith(swap_text)  # said in words, not as `swap`
        assert text("en", "move.swap_hint") not in swapped.content
        game = await bot.service.queries.game_in(world.channel.id)
        assert game.players == {"white": world.fake.bot_user.id, "red": world.alice.id}
        reply = await run(world, world.alice, "move", {"move": "c3 e5"})  # red stones now
        assert not reply.ephemeral and reply.message.pinged == []


async def test_levels_are_for_the_bot_other_bots_are_refused_and_it_plays_on(
    world: World, bot: GameBot
) -> None:
    human = await run(
        world, world.alice, "challenge", {"game": "ponte", "opponent": world.bob, "level": "hard"}
    )
    assert human.ephemeral
    assert human.content == describe_error(LevelNeedsComputerError(""), "en")
    other_bot = world.fake.add_user("otherbot")
    other_bot.bot = True
    refused = await run(world, world.alice, "challenge", {"game": "ponte", "opponent": other_bot})
    assert refused.ephemeral and refused.content == describe_error(OpponentIsBotError(""), "en")
    await challenge_bot(world, {"game": "ponte", "first": "me"})
    draw = await run(world, world.alice, "draw")
    assert draw.content == text("en", "draw.computer_refuses", player=computer(world))
    assert draw.message.components == []
    busy = await challenge_bot(world, {"game": "verbindung"})
    assert busy.ephemeral and "thread" in busy.content  # one game per channel, as always


async def test_a_restart_during_the_computer_turn_resumes_it(world: World) -> None:
    world.worker, world.think_seconds = workers.hangs, 30.0  # it will not answer before the stop
    async with running(world) as first:
        await challenge_bot(world, {"game": "ponte", "first": "opponent"})
        game = await first.service.queries.game_in(world.channel.id)
        await until(world.search.events, lambda: world.search.is_thinking(game.id))
        listed = await run(world, world.alice, "games")
        assert text("en", "games.computer_turn", player=computer(world)) in listed.content
    world.worker, world.think_seconds = think, 0.2
    mark = world.fake.mark()
    async with running(world) as second:
        opening = await computer_move(world, world.channel, since=mark)
        assert opening.attachments[0].data.startswith(PNG)
        after = await second.service.queries.game_in(world.channel.id)
        assert after.revision == 1 and after.to_move_id == world.alice.id


async def test_other_players_do_not_wait_while_the_computer_thinks(world: World) -> None:
    elsewhere = world.fake.add_text_channel(world.guild, "elsewhere")
    world.worker, world.think_seconds = workers.slow, 1.5
    async with running(world) as bot:
        await challenge_bot(world, {"game": "ponte", "first": "opponent"})
        game = await bot.service.queries.game_in(world.channel.id)
        await until(world.search.events, lambda: world.search.is_thinking(game.id))
        challenge = await run(
            world,
            world.bob,
            "challenge",
            {"game": "ponte", "opponent": world.carol, "first": "me"},
            channel=elsewhere,
        )
        accept_id = challenge.message.custom_ids()[0]
        await (await world.fake.press_button(world.carol, challenge.message, accept_id))
        moved = await run(world, world.bob, "move", {"move": "c3 e5"}, channel=elsewhere)
        games = await run(world, world.carol, "games", channel=elsewhere)
        # All of it was answered while the search ran: the event loop never waited for it
        # (the fake checks every answer against Discord's 3 seconds).
        assert world.search.is_thinking(game.id)
        assert not challenge.ephemeral and not moved.ephemeral and games.ephemeral
        await computer_move(world, world.channel)


async def test_the_bot_sets_the_computer_to_work_only_at_its_start(world: World) -> None:
    async with world.open_bot() as bot:
        await start_computer_game(
            bot.service, player=world.alice.id, channel_id=world.channel.id, player_first=False
        )
        assert computer_tasks() == []  # built, not started: nothing heard the new game
        runner = InProcessBot(world.fake, lambda: bot)
        await runner.start()
        try:
            opening = await computer_move(world, world.channel)  # taken on at the start
            assert opening.attachments[0].data.startswith(PNG)
        finally:
            await runner.stop()
        assert computer_tasks() == []  # and stopped at the close


async def test_challenges_level_is_offered_by_strength_in_the_game_chosen(
    world: World, bot: GameBot
) -> None:
    """`/challenge`'s level names each level with its rating in the game chosen, strongest
    first (issue 55, point 4); a typed part of a name narrows them; a level offered is played."""
    for game in ("ponte", "verbindung"):
        options = {"game": game, "opponent": world.fake.bot_user, "level": ""}
        handle = await world.fake.send_autocomplete(
            world.carol, world.channel, "challenge", options, focused="level"
        )
        choices = (await handle).choices
        ratings = bot.service.registry.kind(game).LEVEL_RATINGS
        assert [c["value"] for c in choices] == sorted(ratings, key=lambda v: -ratings[v])
        hard = text("fr", "choice.level.hard")  # carol reads French
        assert choices[0]["name"] == text(
            "fr", "choice.level_rated", level=hard, rating=ratings["hard"]
        )
    typed = {"game": "ponte", "opponent": world.fake.bot_user, "level": "nor"}
    handle = await world.fake.send_autocomplete(
        world.alice, world.channel, "challenge", typed, focused="level"
    )
    assert [c["value"] for c in (await handle).choices] == ["normal"]
    started = await challenge_bot(world, {"game": "ponte", "level": "hard"})
    assert not started.ephemeral
    assert (await bot.service.queries.game_in(world.channel.id)).computer_level == "hard"
