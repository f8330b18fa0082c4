"""A whole best of three and rematches, through the real bot and the fake Discord (issue 14): each
next game starts by itself with the score and a ping of its first player, every message and board
of a match game shows the score, and the last post carries a Rematch button that keeps working
after a restart and refuses twice or a stranger privately."""

from __future__ import annotations

import io

from PIL import Image

from bot.discord.app import GameBot
from bot.i18n import text
from testing.e2ekit import World, run, running
from testing.fakediscord import FakeMessage


def rematch_ids(message: FakeMessage) -> list[str]:
    return [custom for custom in message.custom_ids() if custom.startswith("rematch:")]


async def start_match(world: World) -> None:
    """alice challenges bob to a best of three of Verbindung gesucht (alice begins); bob
    accepts; the first game's start shows the match."""
    challenge = await run(
        world,
        world.alice,
        "challenge",
        {"game": "verbindung", "opponent": world.bob, "first": "me", "best_of": 3},
    )
    assert text("en", "challenge.best_of") in challenge.content
    mark = world.fake.mark()
    accept_id = challenge.message.custom_ids()[0]
    await (await world.fake.press_button(world.bob, challenge.message, accept_id))
    started = await world.fake.wait_for_message(world.channel, since=mark)
    assert "Game 1 of 3" in started.content and started.pinged == [world.alice]


async def next_start(world: World, since: int) -> FakeMessage:
    """The start post of the match's next game, posted after the end of the last one."""
    return await world.fake.wait_for_message(
        world.channel, since=since, check=lambda m: "begins" in m.content
    )


async def test_a_whole_best_of_three_with_a_drawn_game(world: World, bot: GameBot) -> None:
    await start_match(world)
    view = await bot.service.queries.game_in(world.channel.id)
    captioned = Image.open(io.BytesIO((await bot.scribe.board(view, "en")).fp.read()))
    plain = Image.open(io.BytesIO(view.kind.png(view.game, {})))
    assert captioned.height > plain.height and captioned.width == plain.width  # the score band

    # Game 1: bob resigns it; the end notifies alice, no Rematch yet, game 2 starts (bob begins).
    mark = world.fake.mark()
    ended = await run(world, world.bob, "resign")
    assert ended.message.pinged == [world.alice]
    assert "Game 2 starts below" in ended.content and rematch_ids(ended.message) == []
    second = await next_start(world, mark)
    assert "Game 2 of 3" in second.content and "1 \u2013 0" in second.content
    assert second.pinged == [world.bob]
    assert (await bot.service.queries.game_in(world.channel.id)).to_move_id == world.bob.id

    # Every message of a match game shows the score: the board, a move's answer.
    shown = await run(world, world.alice, "board")
    assert "Game 2 of 3" in shown.content

    # Game 2 is drawn by agreement and replayed as game 3 (alice begins).
    await run(world, world.bob, "draw")
    mark = world.fake.mark()
    drawn = await run(world, world.alice, "draw")
    assert drawn.message.pinged == [world.bob] and "Game 3 starts below" in drawn.content
    third = await next_start(world, mark)
    assert "Game 3 of 3" in third.content and third.pinged == [world.alice]

    # Game 3: alice resigns it; game 4 is a replay beyond three (bob begins).
    mark = world.fake.mark()
    await run(world, world.alice, "resign")
    fourth = await next_start(world, mark)
    assert "Game 4" in fourth.content and "at most 5" in fourth.content
    assert fourth.pinged == [world.bob]

    # Game 4: bob gives up the whole match; alice takes it 2 to 1, and the Rematch button shows.
    mark = world.fake.mark()
    last = await run(world, world.bob, "resign", {"match": True})
    assert "gave up the match" in last.content and last.message.pinged == [world.alice]
    assert rematch_ids(last.message)
    assert not [
        m for m in world.fake.messages_in(world.channel, since=mark) if "begins" in m.content
    ]
    async with bot.service.connection.read() as db:
        [rated] = await db.fetch_all("SELECT match_id, winner_id FROM rated_results")
    assert rated == {"match_id": 1, "winner_id": world.alice.id}


async def test_a_rematch_challenges_the_other_with_the_colours_exchanged_even_after_a_restart(
    world: World,
) -> None:
    async with running(world):
        challenge = await run(
            world, world.alice, "challenge", {"game": "ponte", "opponent": world.bob, "first": "me"}
        )
        await (
            await world.fake.press_button(
                world.bob, challenge.message, challenge.message.custom_ids()[0]
            )
        )
        last = await run(world, world.alice, "resign")
        [rematch] = rematch_ids(last.message)
        # Stopped at once: the stop lets the answer's replay go out first (`test_e2e_stop`),
        # else the next bot would post it, after the mark below.
    async with running(world) as bot:  # the button keeps working after a restart
        stranger = await (await world.fake.press_button(world.carol, last.message, rematch))
        assert stranger.ephemeral
        assert stranger.content.startswith(text("fr", "error.not_a_player", players="")[:20])
        mark = world.fake.mark()
        asked = await (await world.fake.press_button(world.bob, last.message, rematch))
        assert not asked.ephemeral and asked.message.pinged == [world.alice]
        twice = await (await world.fake.press_button(world.alice, last.message, rematch))
        assert twice.ephemeral and world.bob.mention in twice.content  # bob asked already
        [pending] = await bot.service.challenges.pending_challenges(world.alice.id)
        assert (pending.challenger_id, pending.challenger_first) == (world.bob.id, True)
        assert (
            len([m for m in world.fake.messages_in(world.channel, since=mark) if not m.ephemeral])
            == 1
        )
