"""No harassment through the bot (issue 27, points 1 to 4), as the players see it through the real
bot and the fake Discord: ping loops of challenges, Decline and block, /block and /unblock, holiday
loops, a fourth game against the computer, a rating gamed by a second account."""

from __future__ import annotations

from test_e2e_games import start as start_game

from bot.discord.app import GameBot
from bot.i18n import mention, text
from bot.service.context import POST_GRACE
from bot.service.limits import COOLDOWN
from testing.e2ekit import World, due_round, run
from testing.fakediscord import FakeMessage, FakeUser, InteractionResult
from testing.servicekit import play_moves


def pings_of(world: World, user: FakeUser, since: int = 0) -> int:
    """How many messages since `since` notified `user`."""
    return sum(
        user in message.pinged for message in world.fake.messages_in(world.channel, since=since)
    )


async def challenge(world: World, by: FakeUser, to: FakeUser) -> InteractionResult:
    return await run(world, by, "challenge", {"game": "verbindung", "opponent": to})


async def press(
    world: World, user: FakeUser, message: FakeMessage, action: str, messages: int = 1
) -> InteractionResult:
    """Press a challenge's button; the answer once it has `messages` messages (the response
    and its followups)."""
    [custom_id] = [c for c in message.custom_ids() if c.startswith(f"challenge:{action}:")]
    handle = await world.fake.press_button(user, message, custom_id)
    await handle.wait_for_messages(messages)
    return await handle


async def test_a_withdrawal_pings_nobody_and_a_second_one_holds_the_next_challenge(
    world: World, bot: GameBot
) -> None:
    """The issue's loop: challenge and withdraw, six times, pinged bob twelve times."""
    refusals = []
    for _ in range(6):
        made = await challenge(world, world.alice, world.bob)
        if made.ephemeral:
            refusals.append(made.content)
            continue
        mark = world.fake.mark()
        await press(world, world.alice, made.message, "decline")  # her Decline withdraws it
        withdrawn = text(
            "en",
            "challenge.cancelled",
            challenger=mention(world.alice.id),
            opponent=mention(world.bob.id),
        )
        assert made.message.content == withdrawn and made.message.components == []
        assert pings_of(world, world.bob, mark) == 0  # an edit, naming nobody to notify
        assert world.fake.messages_in(world.channel, since=mark) == []
    assert pings_of(world, world.bob) == 2  # the first two challenges, a mistyped option fixed
    assert await bot.service.challenges.pending_challenges(world.bob.id) == []
    assert len(refusals) == 4
    retry_at = f"<t:{int(world.clock.now.timestamp()) + COOLDOWN}:R>"  # "in an hour"
    held = text(
        "en", "error.challenge_cooldown", opponent_id=mention(world.bob.id), retry_at=retry_at
    )
    assert refusals == [held] * 4


async def test_decline_and_block_looks_like_a_decline_to_everyone_but_the_one_who_blocked(
    world: World, bot: GameBot
) -> None:
    made = await challenge(world, world.alice, world.bob)
    assert [c.split(":")[1] for c in made.message.custom_ids()] == ["accept", "decline", "block"]
    stranger = await press(world, world.carol, made.message, "block")
    assert stranger.ephemeral and await bot.service.blocks.blocked(world.carol.id) == []
    mark = world.fake.mark()
    # The press's answers: the challenge without its buttons, and the private word on the
    # block; the challenger is told in a post of the channel, owed as every post is.
    blocked = await press(world, world.bob, made.message, "block", messages=2)
    assert made.message.components == []
    [public] = [m for m in world.fake.messages_in(world.channel, since=mark) if not m.ephemeral]
    declined = text(
        "en",
        "challenge.declined",
        opponent=mention(world.bob.id),
        challenger=mention(world.alice.id),
    )
    assert public.content == declined and public.pinged == [world.alice]  # as a plain decline
    [private] = [m for m in blocked.messages if m.ephemeral]
    assert private.content == text("de", "block.blocked", player=mention(world.alice.id))
    again = await challenge(world, world.alice, world.bob)
    assert again.ephemeral
    assert again.content == text(
        "en", "error.not_accepting_challenges", opponent_id=mention(world.bob.id)
    )
    assert "block" not in again.content.lower()
    assert pings_of(world, world.bob) == 1  # the first challenge only


async def test_block_and_unblock_by_command(world: World, bot: GameBot) -> None:
    blocked = await run(world, world.bob, "block", {"player": world.alice})
    assert blocked.ephemeral
    assert blocked.content == text("de", "block.blocked", player=mention(world.alice.id))
    twice = await run(world, world.bob, "block", {"player": world.alice})
    assert twice.content == text("de", "error.already_blocked", user_id=mention(world.alice.id))
    refused = await challenge(world, world.alice, world.bob)
    assert refused.ephemeral and pings_of(world, world.bob) == 0
    himself = await run(world, world.bob, "block", {"player": world.bob})
    assert himself.ephemeral and himself.content == text("de", "error.self_block")
    unblocked = await run(world, world.bob, "unblock", {"player": world.alice})
    assert unblocked.ephemeral
    assert unblocked.content == text("de", "block.unblocked", player=mention(world.alice.id))
    never = await run(world, world.bob, "unblock", {"player": world.carol})
    assert never.content == text("de", "error.not_blocked", user_id=mention(world.carol.id))
    welcome = await challenge(world, world.alice, world.bob)
    assert not welcome.ephemeral and welcome.message.pinged == [world.bob]


async def test_a_blocked_players_rematch_is_refused_the_same_way(
    world: World, bot: GameBot
) -> None:
    made = await challenge(world, world.alice, world.bob)
    await press(world, world.bob, made.message, "accept")
    last = await run(world, world.bob, "resign")
    [rematch] = [c for c in last.message.custom_ids() if c.startswith("rematch:")]
    await run(world, world.bob, "block", {"player": world.alice})
    mark = world.fake.mark()
    asked = await (await world.fake.press_button(world.alice, last.message, rematch))
    assert asked.ephemeral
    assert asked.content == text(
        "en", "error.not_accepting_challenges", opponent_id=mention(world.bob.id)
    )
    assert pings_of(world, world.bob, mark) == 0
    assert await bot.service.challenges.pending_challenges(world.bob.id) == []


async def test_a_holiday_loop_tells_each_opponent_once_a_day_and_costs_a_day_a_cycle(
    world: World, bot: GameBot
) -> None:
    """The issue's loop: four cycles of /vacation days:7 and end:True with two games gave 16
    pinging notices and still left 29 of 30 days."""
    await start_game(world, "ponte")
    await start_game(world, "verbindung", {"thread": True})
    thread = await world.fake.wait_for_thread(world.channel)
    mark = world.fake.mark()
    for _ in range(4):
        await run(world, world.alice, "vacation", {"days": 7})
        world.clock.advance(minutes=1)
        back = await run(world, world.alice, "vacation", {"end": True})
        world.clock.advance(minutes=1)
        world.clock.advance(seconds=POST_GRACE + 1)
        await due_round(bot)  # every notice owed is out
    assert back.content == "👋 Welcome back: your clocks run again. 26 holiday days left this year."
    told = [
        message
        for channel in (world.channel, thread)
        for message in world.fake.messages_in(channel, since=mark)
        if world.bob in message.pinged
    ]
    away = text("en", "vacation.away", player=mention(world.alice.id), opponent="", until="")
    assert len(told) == 2 and all(m.content.startswith(away[:20]) for m in told)


def threads_of(world: World) -> list:
    return [c for c in world.fake.world.channels.values() if c.parent_id == world.channel.id]


async def test_a_fourth_game_against_the_computer_is_refused_before_its_thread_is_made(
    world: World, bot: GameBot
) -> None:
    """The issue's eight threads of hard games against the bot: three per player and server."""
    options = {"game": "verbindung", "opponent": world.fake.bot_user, "thread": True}
    for _ in range(3):
        started = await run(world, world.alice, "challenge", options)
        assert not started.ephemeral
    assert len(threads_of(world)) == 3
    refused = await run(world, world.alice, "challenge", options)
    assert refused.ephemeral
    assert refused.content.startswith("You have 3 games against me on this server already:")
    assert len(threads_of(world)) == 3  # no thread was made for it
    here = await run(world, world.alice, "challenge", {**options, "thread": False})
    assert here.content == refused.content  # nor a game in the channel
    other = await run(world, world.bob, "challenge", {**options, "thread": False})
    assert not other.ephemeral  # bob plays the computer all the same


async def test_an_alt_resigning_at_once_gives_no_rating_and_stats_count_the_opponents(
    world: World, bot: GameBot
) -> None:
    """The issue's alt: a second account resigning at once, three times, took a player from
    1500 to 1980, flagged nowhere."""
    alt = world.carol
    for _ in range(3):
        made = await challenge(world, world.alice, alt)
        await press(world, alt, made.message, "accept")
        await run(world, alt, "resign")
    board = await run(world, world.alice, "leaderboard", {"game": "verbindung"})
    assert board.content == text("en", "error.no_rated_games", game="Verbindung gesucht")
    stats = await run(world, world.alice, "stats")
    assert "rating" not in stats.content  # no rating: only her results against people
    assert "Verbindung gesucht: 3 won, 0 lost, 0 drawn against people" in stats.content
    made = await challenge(world, world.alice, world.bob)
    await press(world, world.bob, made.message, "accept")
    await play_moves(bot.service, world.channel.id)  # both move: rated
    await run(world, world.bob, "resign")
    stats = await run(world, world.alice, "stats")
    assert "from 1 rated result against 1 opponent\n" in stats.content  # not "1 rated results"
