"""Answers a player gets right through the real bot (issue 27, point 9): a holiday ended in the
second it began, a holiday too long in every language, and a takeback asked for by a player who
has not moved yet."""

from __future__ import annotations

import logging

import pytest
from test_e2e_games import start

from bot.discord.app import GameBot
from bot.i18n import describe_error, text
from bot.i18n.catalogue import catalogue
from bot.service import errors
from testing.e2ekit import World, run


async def test_a_holiday_ended_in_the_second_it_began_gives_the_clock_back(
    world: World, bot: GameBot
) -> None:
    await start(world, "ponte")
    before = (await bot.service.queries.game_in(world.channel.id)).deadline_at
    away = await run(world, world.alice, "vacation", {"days": 7})
    assert away.ephemeral and "🏖️" in away.content
    back = await run(world, world.alice, "vacation", {"end": True})  # the clock has not moved
    assert back.ephemeral
    assert back.content.startswith("👋 Welcome back: your clocks run again. 29 holiday days left")
    assert text("en", "error.unexpected") not in back.content
    assert (await bot.service.queries.game_in(world.channel.id)).deadline_at == before
    status = await run(world, world.alice, "vacation")
    assert status.content.startswith("You are not on holiday. 29 holiday days left this year:")


async def test_a_holiday_too_long_is_refused_in_days_in_every_language(
    world: World, bot: GameBot
) -> None:
    for user, language in ((world.alice, "en"), (world.bob, "de"), (world.carol, "fr")):
        refused = await run(world, user, "vacation", {"days": 31})
        assert refused.ephemeral
        expected = text(language, "error.bad_vacation_length", days=31, maximum=30)
        assert refused.content == expected
        assert text(language, "unit.minute.other", n=0) not in refused.content


async def test_a_player_who_has_not_moved_yet_has_nothing_to_take_back(
    world: World, bot: GameBot
) -> None:
    await start(world, "ponte")
    await run(world, world.alice, "move", {"move": "a1 c1"})
    asked = await run(world, world.bob, "takeback")  # bob has made no move at all
    assert asked.ephemeral
    assert asked.content == describe_error(errors.NoMoveToTakeBackError(""), "de")
    await run(world, world.bob, "move", {"move": "b1 d1"})
    await run(world, world.alice, "move", {"move": "e1 g1"})
    late = await run(world, world.bob, "takeback")  # bob moved, and alice since
    assert late.content == describe_error(errors.OpponentMovedError(""), "de")


async def test_a_modified_clients_challenge_options_get_clear_answers(
    world: World, bot: GameBot, caplog: pytest.LogCaptureFixture
) -> None:
    """`/challenge` offers its times and who moves first as choices, the computer's levels by
    autocomplete; only a modified client sends another time or first mover (a level may be
    typed), and each gets its own private answer in the user's language, never "something went
    wrong" (issue 46, point 9)."""
    human = {"game": "ponte", "opponent": world.bob}
    computer = {"game": "ponte", "opponent": world.fake.bot_user}
    refused = [
        (world.alice, "en", {**human, "time": 60}, "error.bad_time_limit"),
        (
            world.bob,
            "de",
            {**human, "opponent": world.alice, "first": "nobody"},
            "error.unknown_first",
        ),
        (world.carol, "fr", {**computer, "level": "grandmaster"}, "error.unknown_level"),
        (world.alice, "en", {**computer, "first": "bot"}, "error.unknown_first"),
    ]
    for user, language, options, key in refused:
        answer = await run(world, user, "challenge", options, modified_client=True)
        opening = catalogue().template(language, key).split("{")[0]
        assert answer.ephemeral and answer.content.startswith(opening), answer.content
    assert not [m for m in world.fake.messages_in(world.channel) if m.author.bot]
    assert await bot.service.challenges.pending_challenges(world.bob.id) == []
    with pytest.raises(errors.NoGameHereError):
        await bot.service.queries.game_in(world.channel.id)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # no traceback
    # A time that is not offered but within the service's range is a time like any other.
    await run(world, world.alice, "challenge", {**human, "time": 2 * 3600}, modified_client=True)
    (made,) = await bot.service.challenges.pending_challenges(world.bob.id)
    assert made.move_seconds == 2 * 3600
