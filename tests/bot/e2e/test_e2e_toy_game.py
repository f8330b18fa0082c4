"""A third game is one package: the toy game (`testing.toygame`), in a registry of this test's own,
is offered, challenged, played, drawn and finished through the real bot against the fake Discord,
with its own words in every message and its own images, and no file of the bot knows it."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest
from PIL import Image

from bot.computer.thinking import think
from bot.discord.app import GameBot
from bot.games import GAMES
from bot.i18n import describe_error, mention, text
from bot.render.theme import DEFAULT_WIDTH
from bot.service.errors import UnknownGameError
from testing.e2ekit import World, run, running
from testing.toygame import TOY

PNG = b"\x89PNG\r\n\x1a\n"
GIF = b"GIF89a"


@pytest.fixture
async def bot(world: World) -> AsyncIterator[GameBot]:
    world.registry = GAMES.with_kind(TOY)
    async with running(world) as client:
        yield client


async def test_the_toy_game_is_offered_challenged_played_drawn_and_finished(
    world: World, bot: GameBot
) -> None:
    offered = await world.fake.send_autocomplete(
        world.bob, world.channel, "challenge", {"game": "vier"}, focused="game"
    )
    assert [(c["name"], c["value"]) for c in (await offered).choices] == [("Viererreihe", "toy")]
    rows = await world.fake.send_autocomplete(
        world.alice, world.channel, "challenge", {"game": "toy", "variant": ""}, focused="variant"
    )
    assert [(c["name"], c["value"]) for c in (await rows).choices] == [("A row of four", "row")]

    challenge = await run(
        world,
        world.alice,
        "challenge",
        {"game": "toy", "opponent": world.bob, "first": "me"},
    )
    assert "Row of four" in challenge.content and challenge.message.pinged == [world.bob]
    mark = world.fake.mark()
    await (await world.fake.press_button(world.bob, challenge.message, "challenge:accept:1"))
    started = await world.fake.wait_for_message(world.channel, since=mark)
    assert "**Row of four** (row)" in started.content and "Gold: " + mention(world.alice.id) in (
        started.content
    )
    assert "claim a cell with /move" in started.content and started.pinged == [world.alice]
    board = Image.open(io.BytesIO(started.attachments[0].data))
    assert board.size == (DEFAULT_WIDTH, DEFAULT_WIDTH // 4)  # the toy's own picture

    taken = await run(world, world.alice, "move", {"move": "c"})
    assert taken.message.pinged == [world.bob] and taken.attachments[0].data.startswith(PNG)
    again = await run(world, world.bob, "move", {"move": "c"})
    assert again.ephemeral and "`c` ist schon besetzt." in again.content  # the toy's reason
    unreadable = await run(world, world.bob, "move", {"move": "e"})
    assert text("de", "notation.toy") in unreadable.content  # its own notation, in German
    rules = await run(world, world.carol, "rules", {"game": "toy"})
    assert rules.ephemeral and rules.content == text("fr", "rules.toy")

    offer = await run(world, world.bob, "draw")  # not drawn by agreement: alice declines
    assert offer.message.pinged == [world.alice]
    decline_id = offer.message.custom_ids()[1]
    await (await world.fake.press_button(world.alice, offer.message, decline_id))
    assert offer.message.components == []
    assert (await bot.service.queries.game_in(world.channel.id)).draw_offered_by is None

    for player, cell in ((world.bob, "a"), (world.alice, "d")):
        await run(world, player, "move", {"move": cell})
    last = await run(world, world.bob, "move", {"move": "b"})  # the row is full: a draw
    players = f"{mention(world.alice.id)} & {mention(world.bob.id)}"
    assert f"The row is full: {players} draw." in last.content
    assert last.message.pinged == [world.alice]  # the one who did not end it hears of it
    assert "rematch:" in " ".join(last.message.custom_ids())
    replay = await world.fake.wait_for_message(
        world.channel, check=lambda m: bool(m.attachments) and m.attachments[0].data[:6] == GIF
    )
    assert replay.attachments[0].filename.endswith("-replay.gif")
    game = await bot.service.queries.latest_game_in(world.channel.id)
    assert not game.is_active and game.ending is not None and game.ending.result == "draw"
    export = await run(world, world.alice, "export")
    assert export.attachments[0].data.endswith(b"1. c\n2. a\n3. d\n4. b\n")


async def test_the_computer_plays_the_toy_game_in_its_worker_processes(
    world: World, bot: GameBot
) -> None:
    # The bot's own search (`think` in a fresh process per move) gets the toy's kind from the
    # bot's registry: a worker that looked the game up in the global registry would not know it.
    assert world.worker is think
    options = {"game": "toy", "opponent": world.fake.bot_user, "level": "easy", "first": "me"}
    started = await run(world, world.alice, "challenge", options)
    assert "**Row of four** (row)" in started.content
    mark = world.fake.mark()
    await run(world, world.alice, "move", {"move": "a"})
    answer = await world.fake.wait_for_message(
        world.channel, since=mark, check=lambda m: m.pinged == [world.alice]
    )
    game = await bot.service.queries.game_in(world.channel.id)
    assert len(game.game.moves) == 2 and game.game.to_move == game.kind.colours[0]
    assert answer.attachments[0].data.startswith(PNG)  # its move posted like a person's
    claimed = {str(move) for move in game.game.moves}
    last = sorted(set("abcd") - claimed)[0]
    await run(world, world.alice, "move", {"move": last})
    ended = await world.fake.wait_for_message(
        world.channel, since=mark, check=lambda m: "The row is full" in m.content
    )
    assert ended.attachments[0].data.startswith(PNG)
    finished = await bot.service.queries.latest_game_in(world.channel.id)
    assert finished.ending is not None and finished.ending.result == "draw"


async def test_a_bot_without_the_toy_does_not_know_it(world: World) -> None:
    async with running(world) as plain:
        offered = await world.fake.send_autocomplete(
            world.alice, world.channel, "challenge", {"game": ""}, focused="game"
        )
        assert [c["value"] for c in (await offered).choices] == ["ponte", "verbindung"]
        refused = await run(world, world.alice, "challenge", {"game": "toy", "opponent": world.bob})
        unknown = UnknownGameError("", game="toy", choices=plain.service.registry.keys())
        assert refused.ephemeral and refused.content == describe_error(unknown, "en")
