"""What players read around matches, rematches, statistics and holidays (issue 27, point 16): a
challenge (a rematch too) says who moves first, giving up a match is said once, the streak says
what it counts, a holiday counts the games it affects in words, and the draw offer and the
replay of a match game carry the score."""

from __future__ import annotations

from test_e2e_matches import rematch_ids, start_match

from bot.discord.app import GameBot
from bot.i18n import text
from testing.e2ekit import World, run
from testing.fakediscord import FakeMessage


async def finish(bot: GameBot, world: World, winner: int, loser: int) -> None:
    """A game of Ponte between two people of the server, won by `winner` (through the
    service)."""
    made = await bot.service.challenges.challenge(
        game_kind="ponte",
        guild_id=world.guild.id,
        channel_id=world.channel.id,
        challenger_id=winner,
        opponent_id=loser,
    )
    await bot.service.challenges.accept(made.id, loser)
    await bot.service.moves.resign(world.channel.id, loser)


async def replay_post(world: World, since: int) -> FakeMessage:
    """The post with a game's replay animation (a follow-up of the answer)."""
    return await world.fake.wait_for_message(
        world.channel,
        since=since,
        check=lambda m: any(a.filename.endswith("-replay.gif") for a in m.attachments),
    )


async def test_a_challenge_and_a_rematch_say_who_moves_first(world: World, bot: GameBot) -> None:
    challenge = await run(
        world, world.alice, "challenge", {"game": "ponte", "opponent": world.bob, "first": "me"}
    )
    white = text("en", "colour.white")
    assert text("en", "challenge.first", player=world.alice.mention, colour=white) in (
        challenge.content
    )
    accept_id = challenge.message.custom_ids()[0]
    await (await world.fake.press_button(world.bob, challenge.message, accept_id))
    last = await run(world, world.alice, "resign")
    [rematch] = rematch_ids(last.message)
    asked = await (await world.fake.press_button(world.alice, last.message, rematch))
    # The first move changes hands: bob, who played second, begins the rematch.
    assert text("en", "challenge.first", player=world.bob.mention, colour=white) in asked.content


async def test_giving_up_a_match_is_said_once(world: World, bot: GameBot) -> None:
    await start_match(world)
    given_up = await run(world, world.bob, "resign", {"match": True})
    assert "gave up the match" in given_up.content
    assert given_up.content.count("🏳️") == 1 and given_up.message.pinged == [world.alice]


async def test_the_streak_counts_the_games_against_people_and_says_so(
    world: World, bot: GameBot
) -> None:
    for _ in range(2):
        await finish(bot, world, world.alice.id, world.bob.id)
    for _ in range(3):  # then three unrated games lost to the computer
        await bot.service.computer.start_computer_game(
            game_kind="ponte",
            guild_id=world.guild.id,
            channel_id=world.channel.id,
            player_id=world.alice.id,
            level="easy",
            player_first=True,
        )
        await bot.service.moves.resign(world.channel.id, world.alice.id)
    stats = await run(world, world.alice, "stats")
    assert text("en", "stats.streak.win", count=2) in stats.content
    assert "3 lost in a row" not in stats.content


async def test_a_holiday_counts_every_game_it_affects_in_words(world: World, bot: GameBot) -> None:
    elsewhere = world.fake.add_text_channel(world.guild, "elsewhere")
    for channel_id, challenger, opponent in (
        (world.channel.id, world.alice.id, world.bob.id),  # alice to move
        (elsewhere.id, world.bob.id, world.alice.id),  # bob to move: alice's clock waits too
    ):
        made = await bot.service.challenges.challenge(
            game_kind="ponte",
            guild_id=world.guild.id,
            channel_id=channel_id,
            challenger_id=challenger,
            opponent_id=opponent,
            challenger_first=True,
        )
        await bot.service.challenges.accept(made.id, opponent)
    away = await run(world, world.alice, "vacation", {"days": 3})
    assert "(in 2 games)" in away.content and "game(s)" not in away.content
    german = await run(world, world.bob, "vacation", {"days": 3})
    assert "(in 2 Partien)" in german.content
    french = await run(world, world.carol, "vacation", {"days": 3})  # carol plays nowhere
    assert "(dans 0 partie)" in french.content  # French counts 0 as one


async def test_the_draw_offer_and_the_replay_of_a_match_game_carry_the_score(
    world: World, bot: GameBot
) -> None:
    await start_match(world)
    offer = await run(world, world.alice, "draw")
    assert "Game 1 of 3" in offer.content and offer.message.pinged == [world.bob]
    mark = world.fake.mark()
    await run(world, world.bob, "resign")  # game 1 goes to alice
    replay = await replay_post(world, mark)
    assert "Game 1 of 3" in replay.content and "1 \u2013 0" in replay.content
    # A game drawn by agreement is replayed under its score too.
    await run(world, world.alice, "draw")
    mark = world.fake.mark()
    await run(world, world.bob, "draw")
    replay = await replay_post(world, mark)
    assert "Game 2 of 3" in replay.content
