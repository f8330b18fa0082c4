"""Takebacks a player can use (issue 27, point 15): the computer at easy answers within a second,
so it takes back the player's move together with its answer; a Verbindung takeback says which
roll goes back with the move, and whose, and the record keeps it."""

from __future__ import annotations

from test_e2e_computer import challenge_bot, computer, computer_move
from test_e2e_games import start
from test_e2e_rolls import ENGLISH, said

from bot.discord.app import GameBot
from bot.i18n import text
from testing.e2ekit import World, run


async def test_the_computer_takes_back_the_move_with_its_answer(world: World, bot: GameBot) -> None:
    await challenge_bot(world, {"game": "ponte", "variant": "classic", "first": "me"})
    mark = world.fake.mark()
    await run(world, world.alice, "move", {"move": "a1 j10"})
    answer = await computer_move(world, world.channel, since=mark)
    reply = answer.content.split("`")[1]  # "@bot played `c3 d5`."
    taken = await run(world, world.alice, "takeback")
    assert not taken.ephemeral and taken.message.pinged == [world.alice]
    words = {"player": world.alice.mention, "opponent": computer(world)}
    expected = text("en", "takeback.accepted_answer", **words, moves="a1 j10", answer=reply)
    assert expected in taken.content
    view = await bot.service.queries.game_in(world.channel.id)
    assert list(view.game.moves) == [] and view.to_move_id == world.alice.id
    exported = await run(world, world.alice, "export")
    assert f"; taken back: a1 j10 | {reply}" in exported.attachments[0].data.decode()


async def test_a_verbindung_takeback_names_the_roll_that_goes_with_the_move(
    world: World, bot: GameBot
) -> None:
    await start(world, "verbindung")
    game = await bot.service.queries.game_in(world.channel.id)
    move = game.kind.suggest(game.game, "")[0]
    await run(world, world.alice, "move", {"move": move})
    bobs = (await bot.service.queries.game_in(world.channel.id)).game.roll
    asked = await run(world, world.alice, "takeback")
    assert f"(`{move}`)" in asked.content  # the move alone, not glued to the roll
    roll_line = text("en", "takeback.roll", roller=world.bob.mention, roll=said(bobs, ENGLISH))
    assert roll_line in asked.content
    mark = world.fake.mark()
    await (await world.fake.press_button(world.bob, asked.message, asked.message.custom_ids()[0]))
    accepted = await world.fake.wait_for_message(world.channel, since=mark)
    assert f"`{move}`" in accepted.content and roll_line in accepted.content
    alices = (await bot.service.queries.game_in(world.channel.id)).game.roll
    assert said(alices, ENGLISH) in accepted.content  # her roll, which stays, in words
    exported = await run(world, world.carol, "export")
    record = exported.attachments[0].data.decode()
    assert f"; taken back: {move} | roll {' '.join(bobs)}" in record


async def test_against_the_computer_in_verbindung_both_rolls_are_named(
    world: World, bot: GameBot
) -> None:
    await challenge_bot(world, {"game": "verbindung", "first": "me"})
    game = await bot.service.queries.game_in(world.channel.id)
    mark = world.fake.mark()
    await run(world, world.alice, "move", {"move": game.kind.suggest(game.game, "")[0]})
    await computer_move(world, world.channel, since=mark)
    moves = [str(m) for m in (await bot.service.queries.game_in(world.channel.id)).game.moves]
    taken = await run(world, world.alice, "takeback")
    for roller, roll in ((computer(world), moves[2]), (world.alice.mention, moves[4])):
        faces = roll.split()[1:]
        line = text("en", "takeback.roll", roller=roller, roll=said(faces, ENGLISH))
        assert line in taken.content
    assert [
        str(m) for m in (await bot.service.queries.game_in(world.channel.id)).game.moves
    ] == moves[:1]


async def test_a_refusal_names_no_roll(world: World, bot: GameBot) -> None:
    await challenge_bot(world, {"game": "verbindung", "first": "me", "level": "normal"})
    game = await bot.service.queries.game_in(world.channel.id)
    mark = world.fake.mark()
    await run(world, world.alice, "move", {"move": game.kind.suggest(game.game, "")[0]})
    await computer_move(world, world.channel, since=mark)
    refused = await run(world, world.alice, "takeback")
    words = {"player": world.alice.mention, "opponent": computer(world)}
    assert refused.content == text("en", "takeback.computer_refuses", **words)
