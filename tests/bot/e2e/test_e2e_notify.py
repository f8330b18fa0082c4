"""Every ending and every answer to a challenge notifies the players who did not cause it, once,
by a new message (Discord notifies no mention in an edit) (issue 13, point 2)."""

from __future__ import annotations

import random

from test_e2e_computer import challenge_bot
from test_e2e_games import start

from bot.discord.app import GameBot
from testing.e2ekit import World, run
from testing.fakediscord import FakeMessage
from testing.servicekit import random_move

GIF = b"GIF89a"


def notified(world: World, since: int) -> list[tuple[str, list[str]]]:
    """Each new public message since `since` with the names it notified."""
    return [
        (message.content, [user.name for user in message.pinged])
        for message in world.fake.messages_in(world.channel, since=since)
        if not message.ephemeral
    ]


def pings_of(world: World, since: int) -> list[str]:
    return [name for _, names in notified(world, since) for name in names]


async def test_a_resignation_notifies_the_winner_once(world: World, bot: GameBot) -> None:
    await start(world, "ponte")
    mark = world.fake.mark()
    answer = await run(world, world.alice, "resign")
    assert answer.message.pinged == [world.bob]
    await world.fake.wait_for_message(
        world.channel, since=mark, check=lambda m: any(a.data[:6] == GIF for a in m.attachments)
    )
    assert pings_of(world, mark) == ["bob"]  # the replay that follows notifies nobody


async def test_a_decline_notifies_the_challenger_and_a_withdrawal_nobody(
    world: World, bot: GameBot
) -> None:
    challenge = await run(
        world, world.alice, "challenge", {"game": "verbindung", "opponent": world.bob}
    )
    mark = world.fake.mark()
    decline_id = challenge.message.custom_ids()[1]
    await (await world.fake.press_button(world.bob, challenge.message, decline_id))
    assert challenge.message.components == []  # the buttons go by an edit...
    closed: FakeMessage = await world.fake.wait_for_message(world.channel, since=mark)
    assert closed.pinged == [world.alice]  # ...and a new message tells the challenger
    assert pings_of(world, mark) == ["alice"]
    # A withdrawal is told by the challenge itself, edited: a withdrawal must not ping
    # (issue 27: challenging and withdrawing made a ping loop).
    challenge = await run(
        world, world.alice, "challenge", {"game": "verbindung", "opponent": world.bob}
    )
    mark = world.fake.mark()
    await (await world.fake.press_button(world.alice, challenge.message, decline_id_of(challenge)))
    assert challenge.message.components == [] and "withdrew" in challenge.message.content
    assert pings_of(world, mark) == [] and world.fake.messages_in(world.channel, since=mark) == []


def decline_id_of(challenge) -> str:
    return challenge.message.custom_ids()[1]


async def test_an_agreed_draw_notifies_the_one_who_offered_it(world: World, bot: GameBot) -> None:
    await start(world, "ponte")
    await run(world, world.alice, "draw")
    mark = world.fake.mark()
    accepted = await run(world, world.bob, "draw")
    assert accepted.message.pinged == [world.alice]
    await world.fake.wait_for_message(
        world.channel, since=mark, check=lambda m: any(a.data[:6] == GIF for a in m.attachments)
    )
    assert pings_of(world, mark) == ["alice"]
    assert (await bot.service.queries.latest_game_in(world.channel.id)).ending is not None


async def test_a_loss_on_time_notifies_both_players(world: World, bot: GameBot) -> None:
    await start(world, "ponte", {"time": 3600})
    world.clock.advance(minutes=61)
    mark = world.fake.mark()
    bot.scheduler.wake()
    loss = await world.fake.wait_for_message(
        world.channel, since=mark, check=lambda m: bool(m.attachments)
    )
    assert sorted(user.name for user in loss.pinged) == ["alice", "bob"]


async def test_the_computers_winning_move_notifies_its_opponent(world: World, bot: GameBot) -> None:
    await challenge_bot(world, {"game": "verbindung", "first": "me"})
    rng = random.Random(3)
    for _ in range(200):
        view = await bot.service.queries.latest_game_in(world.channel.id)
        if not view.is_active:
            break
        if view.to_move_id != world.alice.id:
            await world.fake.wait_for_message(
                world.channel, since=world.fake.mark(), check=lambda m: m.author.bot
            )
            continue
        mark = world.fake.mark()
        await run(world, world.alice, "move", {"move": random_move(view, rng)})
    view = await bot.service.queries.latest_game_in(world.channel.id)
    assert view.ending is not None and view.winner_id == world.fake.bot_user.id  # this seed
    last = [m for m in world.fake.messages_in(world.channel, since=mark) if m.attachments][-1]
    assert last.author.id == world.fake.bot_user.id and last.pinged == [world.alice]
