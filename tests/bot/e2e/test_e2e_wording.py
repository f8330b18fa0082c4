"""What players read on an ordinary day: the last game's board after its end, wording that says
each thing once and rightly, and no command offered where it cannot work (issue 13, points 6
and 7)."""

from __future__ import annotations

from test_e2e_games import start

from bot.discord.app import GameBot
from bot.i18n import describe_error, mention, text
from bot.service import errors
from testing.e2ekit import World, run

PNG = b"\x89PNG\r\n\x1a\n"


async def test_board_and_export_show_the_last_game_until_a_new_one_starts(
    world: World, bot: GameBot
) -> None:
    await start(world, "ponte")
    await run(world, world.alice, "move", {"move": "c3 d5"})
    await run(world, world.bob, "resign")
    board = await run(world, world.carol, "board")
    assert board.ephemeral and board.attachments[0].data.startswith(PNG)
    assert mention(world.bob.id) in board.content and mention(world.alice.id) in board.content
    exported = await run(world, world.carol, "export")
    assert "c3 d5" in exported.attachments[0].data.decode()
    await start(world, "verbindung")  # a new game replaces it
    board = await run(world, world.carol, "board")
    game = await bot.service.queries.game_in(world.channel.id)
    assert board.attachments[0].filename == f"game-{game.id}-{game.revision}.png"


async def test_a_swap_and_a_resignation_name_the_mover_once(world: World, bot: GameBot) -> None:
    await start(world, "ponte")
    await run(world, world.alice, "move", {"move": "c3 d5"})
    swapped = await run(world, world.bob, "move", {"move": "swap"})
    assert swapped.content.count(mention(world.bob.id)) == 1
    assert "`swap`" not in swapped.content  # the swap line says it in words
    resigned = await run(world, world.alice, "resign")
    assert "`resign" not in resigned.content  # "resigned" is said once, by the result
    assert resigned.content.count(mention(world.alice.id)) == 1


async def test_pressing_your_own_draw_offer_says_it_waits_for_the_opponent(
    world: World, bot: GameBot
) -> None:
    await start(world, "ponte")
    offer = await run(world, world.alice, "draw")
    accept_id = offer.message.custom_ids()[0]
    pressed = await (await world.fake.press_button(world.alice, offer.message, accept_id))
    assert pressed.ephemeral
    assert pressed.content == describe_error(errors.OwnDrawOfferError(""), "en")
    assert pressed.content != describe_error(errors.NoDrawOfferError(""), "en")


async def test_in_direct_messages_only_what_works_there_is_offered(
    world: World, bot: GameBot
) -> None:
    await bot.tree.sync()  # as `python -m bot sync` does: the global commands DMs offer
    contexts = {command["name"]: command["contexts"] for command in world.fake.commands()}
    for guild_only in ("leaderboard", "stats"):
        assert contexts[guild_only] == [0], guild_only  # 0: servers only
    # A game lives in answers only where the bot is not (issue 28, point 3).
    game_commands = ("challenge", "move", "board", "resign", "draw", "takeback", "export")
    for anywhere in ("games", "rules", "help", *game_commands):
        assert contexts[anywhere] in (None, [0, 1, 2]), anywhere
    dm = world.fake.dm_channel(world.alice)
    games = await run(world, world.alice, "games", channel=dm)
    assert text("en", "games.server") not in games.content
    assert text("en", "games.yours") in games.content
