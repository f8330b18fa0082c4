"""Open challenges (issue 53, step 1) through the real bot and the fake Discord: `/challenge`
with no opponent posts a challenge anyone in the channel may take; of three members pressing
Accept at the same moment one plays and the other two are told who took it; the challenger's
press withdraws it; it expires across a restart; a blocked player hears what a withdrawn
challenge says; a rating outside its window is refused with a sentence."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.discord.app import GameBot
from bot.i18n import describe_error, mention, text
from bot.service import Reach, errors
from bot.service.open_challenges import check_open_seconds
from bot.service.rating_model import SCALE
from bot.store import RatingRow, ratings
from testing.e2ekit import World, anywhere, due_round, everywhere, run, running
from testing.fakediscord import FakeMessage, FakeUser, InteractionResult


async def post(world: World, options: dict[str, object] | None = None) -> InteractionResult:
    """Alice's open challenge to anyone in the channel (Verbindung gesucht)."""
    return await run(world, world.alice, "challenge", {"game": "verbindung", **(options or {})})


async def take(world: World, user: FakeUser, message: FakeMessage) -> InteractionResult:
    [accept] = [c for c in message.custom_ids() if c.startswith("challenge:accept:")]
    return await (await world.fake.press_button(user, message, accept)).result(timeout=30)


async def test_one_of_three_members_pressing_at_once_takes_it_and_the_others_are_told(
    world: World, bot: GameBot
) -> None:
    dave = world.fake.add_user("dave", locale="en-US")
    made = await post(world)
    assert not made.ephemeral
    challenge = made.message
    assert [c.split(":")[1] for c in challenge.custom_ids()] == ["accept"]
    assert challenge.pinged == []  # nobody was named: nobody is notified
    assert mention(world.alice.id) in challenge.content
    [accept] = challenge.custom_ids()
    takers = (world.bob, world.carol, dave)
    presses = [await world.fake.press_button(user, challenge, accept) for user in takers]
    answers = await asyncio.gather(*(press.result(timeout=30) for press in presses))
    games = await bot.service.queries.games(guild_id=world.guild.id)
    assert len(games) == 1
    [game] = games
    [taker] = [u for u in takers if u.id in (game.first_id, game.second_id)]
    assert {world.alice.id, taker.id} == {game.first_id, game.second_id}
    for user, answer in zip(takers, answers, strict=True):
        if user is taker:
            continue
        [told] = [m for m in answer.messages if m.ephemeral]
        taken = text(user.locale, "error.challenge_taken", taker_id=mention(taker.id))
        assert told.content == taken
    assert challenge.components == []
    assert challenge.content.startswith(
        text(
            "en",
            "challenge.accepted",
            opponent=mention(taker.id),
            challenger=mention(world.alice.id),
        )
    )


async def test_the_challengers_press_withdraws_it_and_pings_nobody(
    world: World, bot: GameBot
) -> None:
    made = await post(world, {"expires": 3600})
    mark = world.fake.mark()
    withdrawn = await take(world, world.alice, made.message)
    assert withdrawn.message is made.message or withdrawn.message.id == made.message.id
    assert made.message.content == text(
        "en", "challenge.open_cancelled", challenger=mention(world.alice.id)
    )
    assert made.message.components == []
    assert world.fake.messages_in(world.channel, since=mark) == []
    assert await bot.service.open_challenges.open_in_server(world.guild.id) == []


async def test_it_expires_across_a_restart_and_loses_its_button(world: World) -> None:
    async with running(world):
        made = await post(world, {"expires": 3600})
    world.clock.advance(hours=1)
    async with running(world) as bot:
        await due_round(bot)
        expired = text("en", "challenge.open_expired", challenger=mention(world.alice.id))
        await world.fake.world.wait_until(
            lambda: made.message.content == expired, timeout=30, what="the expiry's edit"
        )
        assert made.message.components == []
        assert await bot.service.open_challenges.open_in_server(world.guild.id) == []


async def test_a_blocked_player_either_way_hears_what_a_withdrawn_challenge_says(
    world: World, bot: GameBot
) -> None:
    await run(world, world.bob, "block", {"player": world.alice})  # bob refuses alice
    await run(world, world.alice, "block", {"player": world.carol})  # alice refuses carol
    made = await post(world)
    for user in (world.bob, world.carol):
        refused = await take(world, user, made.message)
        assert refused.ephemeral
        assert refused.content == text(user.locale, "error.challenge_closed_cancelled")
        assert "block" not in refused.content.lower()
    assert made.message.components != []  # still open to everyone else
    assert await bot.service.queries.games(guild_id=world.guild.id) == []


async def test_a_taker_outside_the_rating_window_is_told_why(world: World, bot: GameBot) -> None:
    async with bot.service.connection.transaction() as db:
        for user, shown in ((world.alice, 1500), (world.bob, 1800)):
            row = RatingRow(world.guild.id, "verbindung", user.id, shown, SCALE, 9, 5, 4, 0, 0)
            await ratings.save_rating(db, row)
    made = await post(world, {"rating_window": 200})
    assert "200" in made.message.content
    refused = await take(world, world.bob, made.message)
    assert refused.ephemeral
    assert refused.content == text(
        "de", "error.outside_rating_window", rating=1800, challenger_rating=1500, window=200
    )
    taken = await take(world, world.carol, made.message)  # no rating: she may always take it
    assert not taken.ephemeral
    assert len(await bot.service.queries.games(guild_id=world.guild.id)) == 1


async def test_bad_options_of_an_open_challenge_get_a_private_answer(
    world: World, bot: GameBot
) -> None:
    refused = await run(
        world,
        world.alice,
        "challenge",
        {"game": "verbindung", "expires": 60},
        modified_client=True,
    )
    assert refused.ephemeral
    with pytest.raises(errors.BadChallengeExpiryError) as expected:
        check_open_seconds(60)
    assert refused.content == describe_error(expected.value, "en")
    assert await bot.service.open_challenges.open_in_server(world.guild.id) == []
    named = {"game": "verbindung", "opponent": world.bob, "rating_window": 200}
    ignored = await run(world, world.bob, "challenge", {**named, "opponent": world.alice})
    assert ignored.ephemeral
    assert ignored.content == text(
        "de", "error.open_challenge_option", option="wertungsfenster", opponent="gegner"
    )
    assert await bot.service.challenges.pending_challenges(world.alice.id) == []


async def test_in_a_group_dm_anyone_takes_it_and_in_a_dm_the_opponent_is_named(
    tmp_path: Path,
) -> None:
    async with anywhere(tmp_path / "bot.sqlite3") as world, running(world) as bot:
        await everywhere(world, bot)
        made = await run(world, world.alice, "challenge", {"game": "ponte"}, channel=world.group)
        assert not made.ephemeral and made.message.pinged == []
        taken = await take(world, world.carol, made.message)
        assert not taken.ephemeral
        game = await bot.service.queries.latest_game_in(world.group.id)
        assert game.reach is Reach.REPLY and world.carol.id in (game.first_id, game.second_id)
        direct = world.fake.add_dm(world.alice, world.bob)
        refused = await run(world, world.alice, "challenge", {"game": "ponte"}, channel=direct)
        assert refused.ephemeral
        assert refused.content == text("en", "error.opponent_needed")


async def test_takers_pressing_at_once_open_one_thread_for_the_one_game(
    world: World, bot: GameBot
) -> None:
    made = await post(world, {"thread": True})
    [accept] = made.message.custom_ids()
    takers = (world.bob, world.carol)
    presses = [await world.fake.press_button(user, made.message, accept) for user in takers]
    answers = await asyncio.gather(*(press.result(timeout=30) for press in presses))
    [thread] = world.guild.threads
    game = await bot.service.queries.latest_game_in(thread.id)
    [taker] = [u for u in takers if u.id in (game.first_id, game.second_id)]
    assert taker.name.title() in thread.name and "Alice" in thread.name
    [(loser, refused)] = [(u, a) for u, a in zip(takers, answers, strict=True) if u is not taker]
    [told] = [m for m in refused.messages if m is not made.message]  # the press's own answer
    assert told.ephemeral
    assert told.content == text(loser.locale, "error.challenge_taken", taker_id=mention(taker.id))
