"""Verbindung's dice in words (issue 27, point 17): the start, every turn text and /board say the
roll of the player to move in the reader's language, not only the image, for players on screen
readers and for searching the channel."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from test_e2e_days import deliver_owed
from test_e2e_games import start

from bot.discord.app import GameBot
from testing.e2ekit import World, run

ENGLISH = {
    "red-cross": "red cross",
    "black-cross": "black cross",
    "white-cross": "white cross",
    "red-bridge": "red bridge",
    "black-bridge": "black bridge",
    "arcs": "red and black arcs",
}
GERMAN = {
    "red-cross": "rotes Kreuz",
    "black-cross": "schwarzes Kreuz",
    "white-cross": "weißes Kreuz",
    "red-bridge": "rote Brücke",
    "black-bridge": "schwarze Brücke",
    "arcs": "rot-schwarze Bögen",
}


def said(roll: Iterable[str], words: Mapping[str, str]) -> str:
    """The roll as a turn text says it: each die in words, with its notation."""
    return ", ".join(f"{words[face]} (`{face}`)" for face in roll)


async def test_the_roll_is_said_in_words_at_the_start_in_turns_and_on_the_board(
    world: World, bot: GameBot
) -> None:
    await start(world, "verbindung")
    game = await bot.service.queries.game_in(world.channel.id)
    [started] = [m for m in world.fake.messages_in(world.channel) if "🎲" in m.content][-1:]
    assert said(game.game.roll, ENGLISH) in started.content  # alice's first roll
    move = game.kind.suggest(game.game, "")[0]
    moved = await run(world, world.alice, "move", {"move": move})
    game = await bot.service.queries.game_in(world.channel.id)
    assert said(game.game.roll, ENGLISH) in moved.content  # bob's roll, in the server's words
    private = await run(world, world.bob, "board")  # bob reads German
    assert private.ephemeral and said(game.game.roll, GERMAN) in private.content
    public = await run(world, world.bob, "board", {"visibility": "public"})
    assert said(game.game.roll, ENGLISH) in public.content


async def test_the_turn_by_direct_message_says_the_roll_in_words(
    world: World, bot: GameBot
) -> None:
    await run(world, world.bob, "notify", {"mode": "turns"})
    await start(world, "verbindung")
    game = await bot.service.queries.game_in(world.channel.id)
    await run(world, world.alice, "move", {"move": game.kind.suggest(game.game, "")[0]})
    game = await bot.service.queries.game_in(world.channel.id)
    await deliver_owed(world, bot)
    [dm] = world.fake.messages_in(world.fake.dm_channel(world.bob))
    assert said(game.game.roll, GERMAN) in dm.content
