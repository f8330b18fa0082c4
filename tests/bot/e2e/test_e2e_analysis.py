"""The computer's analysis of finished games (issue 29) through the real bot and the fake
Discord: /analyze answers publicly with its progress, which becomes the chart, the accuracy and
the three biggest swings; a second request is answered from the store; the Analyse button
under the last post does the same; the daily cap and games one cannot see are refused
privately; an analysis cut by a restart goes on where it stopped; one whose turn cannot be
reviewed ends, after a few tries, saying so."""

from __future__ import annotations

import logging

import pytest

from bot.computer.reading import reviews_of
from bot.discord.app import GameBot
from bot.i18n import describe_error, text
from bot.runtime import analyst
from bot.service import errors
from bot.service.analyses import FAILED_TRIES
from bot.service.events import AnalysisProgressed
from bot.store import analyses
from bot.words.analysis import percent
from testing import workers
from testing.e2ekit import World, run, running
from testing.fakediscord import VIEW_CHANNEL, FakeMessage
from testing.servicekit import play_moves, start_game, until

PNG = b"\x89PNG\r\n\x1a\n"
TURNS = 9  # eight moves and the resignation


async def finished_game(
    world: World, bot: GameBot, game_kind: str = "ponte", channel=None, *, resign: bool = True
) -> int:
    """A game between alice and bob of eight turns, which bob resigns (unless not `resign`:
    the test resigns it by command)."""
    channel = channel or world.channel
    started = await start_game(
        bot.service,
        game_kind,
        channel_id=channel.id,
        challenger=world.alice.id,
        opponent=world.bob.id,
        guild_id=world.guild.id,
    )
    await play_moves(bot.service, channel.id, count=8)
    if resign:
        await bot.service.moves.resign(channel.id, world.bob.id)
    return started.view.id


def is_result(message: FakeMessage) -> bool:
    return "📈" in message.content


async def result_of(world: World, message: FakeMessage) -> FakeMessage:
    """The analysis's message once it shows the result (it is edited in place)."""
    return await world.fake.world.wait_until(
        lambda: message if is_result(message) else None, timeout=60, what="the analysis"
    )


def assert_result(world: World, message: FakeMessage, game_id: int) -> None:
    content = message.content
    assert f"#{game_id}" in content
    assert text("en", "analysis.accuracy_title") in content
    for player in (world.alice, world.bob):
        assert f"<@{player.id}>: average loss " in content  # each player's accuracy
    assert content.count("\n1. Turn ") == 1 and "\n3. Turn " in content  # three swings
    assert [a.filename for a in message.attachments] == [
        f"analysis-{game_id}-chances.png",
        *(f"analysis-{game_id}-swing-{n}.png" for n in (1, 2, 3)),
    ]
    assert all(a.data.startswith(PNG) for a in message.attachments)
    assert message.pinged == []  # an analysis pings nobody


async def test_analyze_a_ponte_game_shows_progress_then_the_result(
    world: World, bot: GameBot
) -> None:
    game_id = await finished_game(world, bot)
    asked = await run(world, world.carol, "analyze", {"game": game_id})  # anyone who sees it
    assert not asked.ephemeral
    assert "🔍" in asked.content or is_result(asked.message)
    shown = await result_of(world, asked.message)
    assert_result(world, shown, game_id)
    analysis = await bot.service.analyses.analysis(game_id)
    assert analysis is not None and analysis.finished and len(analysis.reviews) == TURNS


async def test_analyze_a_verbindung_game_and_ask_again_from_the_store(
    world: World, bot: GameBot
) -> None:
    game_id = await finished_game(world, bot, "verbindung")
    asked = await run(world, world.alice, "analyze")  # alice's last finished game here
    await result_of(world, asked.message)
    async with bot.service.connection.read() as db:
        before = await analyses.asked_since(db, world.alice.id, 0)
    again = await run(world, world.bob, "analyze", {"game": game_id})
    assert is_result(again.message)  # at once: no progress first
    assert_result(world, again.message, game_id)
    async with bot.service.connection.read() as db:
        assert await analyses.asked_since(db, world.alice.id, 0) == before
        assert await analyses.asked_since(db, world.bob.id, 0) == []  # it cost bob nothing


async def test_the_analyse_button_under_the_last_post(world: World, bot: GameBot) -> None:
    game_id = await finished_game(world, bot, resign=False)
    last = (await run(world, world.bob, "resign")).message  # the game's last post
    assert f"rematch:{game_id}" in last.custom_ids()  # beside Rematch
    pressed = await (await world.fake.press_button(world.bob, last, f"analyse:{game_id}"))
    assert not pressed.ephemeral
    assert_result(world, await result_of(world, pressed.message), game_id)


async def test_a_player_over_the_cap_is_refused_privately(world: World) -> None:
    world.analyses_per_day = 1
    async with running(world) as bot:
        first = await finished_game(world, bot)
        second = await finished_game(world, bot)
        await run(world, world.alice, "analyze", {"game": first})
        refused = await run(world, world.alice, "analyze", {"game": second})
        assert refused.ephemeral
        assert refused.content.startswith("You have asked for 1 analysis in the last 24 hours")
        async with bot.service.connection.read() as db:
            assert await analyses.get_analysis(db, second) is None


async def test_a_running_game_or_one_not_seen_cannot_be_analysed(
    world: World, bot: GameBot
) -> None:
    secret = world.fake.add_text_channel(world.guild, "secret")
    await world.fake.set_overwrite(secret, world.guild.roles[0], deny=VIEW_CHANNEL)
    await world.fake.set_overwrite(secret, world.fake.bot_user, allow=VIEW_CHANNEL)
    hidden = await finished_game(world, bot, channel=secret)
    refused = await run(world, world.carol, "analyze", {"game": hidden})
    assert refused.ephemeral
    expected = errors.GameNotFoundError("", game_id=hidden)
    assert refused.content == describe_error(expected, world.carol.locale)
    await start_game(
        bot.service,
        channel_id=world.channel.id,
        challenger=world.alice.id,
        opponent=world.bob.id,
        guild_id=world.guild.id,
    )
    running_game = await bot.service.queries.game_in(world.channel.id)
    busy = await run(world, world.alice, "analyze", {"game": running_game.id})
    assert busy.ephemeral
    expected_running = errors.GameNotOverError("", game_id=running_game.id)
    assert busy.content == describe_error(expected_running, world.alice.locale)


async def test_an_analysis_cut_by_a_restart_goes_on_where_it_stopped(world: World) -> None:
    world.reviewer = workers.review_until_cut
    async with running(world) as bot:
        game_id = await finished_game(world, bot)
        asked = await run(world, world.alice, "analyze", {"game": game_id})

        done: list[int] = []

        def heard(event: object) -> None:
            if isinstance(event, AnalysisProgressed) and event.game_id == game_id:
                done.append(event.done)

        bot.service.events.subscribe(heard)
        await until(bot.service.events, lambda: max(done, default=0) >= workers.CUT_AFTER)
        assert max(done) == workers.CUT_AFTER  # the first bot goes no further
    # The second bot fails at any turn the first reviewed: it must go on at the next.
    world.reviewer = workers.review_after_cut
    async with running(world) as bot:
        assert_result(world, await result_of(world, asked.message), game_id)
        analysis = await bot.service.analyses.analysis(game_id)
        assert analysis is not None and len(analysis.reviews) == TURNS


async def test_the_history_shows_each_positions_chance_once_analysed(
    world: World, bot: GameBot
) -> None:
    game_id = await finished_game(world, bot)
    board = await run(world, world.alice, "board", {"game": game_id})
    chance = "White's winning chance: "
    assert chance not in board.content  # not analysed yet
    asked = await run(world, world.alice, "analyze", {"game": game_id})
    await result_of(world, asked.message)
    analysis = await bot.service.analyses.analysis(game_id)
    assert analysis is not None
    reviews = reviews_of(analysis.reviews)
    board = await run(world, world.alice, "board", {"game": game_id})
    assert f"{chance}{percent(reviews[-1].after)}" in board.content
    first = next(cid for cid in board.message.custom_ids() if cid.endswith(":f"))
    start = await (await world.fake.press_button(world.alice, board.message, first))
    assert f"{chance}{percent(reviews[0].before)}" in start.content
    after_one = f"history:{game_id}:1:n"
    step = await (await world.fake.press_button(world.alice, start.message, after_one))
    assert f"{chance}{percent(reviews[0].after)}" in step.content  # after turn 1


async def test_a_turn_that_cannot_be_reviewed_ends_the_analysis_as_failed(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    world.reviewer = workers.review_fails
    world.analyses_per_day = 1
    async with running(world) as bot:
        game_id = await finished_game(world, bot)
        asked = await run(world, world.alice, "analyze", {"game": game_id})
        queued = await bot.service.analyses.analysis(game_id)
        assert queued is not None
        title = text("en", queued.view.kind.title_key)
        failed = text("en", "analysis.failed", game_id=game_id, game=title, turn=1)
        await world.fake.world.wait_until(
            lambda: asked.message.content == failed or None, timeout=60, what="the failure"
        )
        analysis = await bot.service.analyses.analysis(game_id)
        assert analysis is not None and analysis.state is analyses.AnalysisState.FAILED
        assert analysis.reviews == ()
        assert not await bot.analyst.review_one()  # no further attempt: nothing to claim
        async with bot.service.connection.read() as db:
            row = await analyses.get_analysis(db, game_id)
            assert row is not None and row.failures == FAILED_TRIES
            assert await analyses.asked_since(db, world.alice.id, 0) == []  # no longer counted
        given_up = [
            r for r in caplog.records if r.name == analyst.__name__ and r.levelno >= logging.ERROR
        ]
        assert len(given_up) == 1 and f"game {game_id}" in given_up[0].getMessage()
        assert "cannot be reviewed" in given_up[0].getMessage()  # the error itself
        again = await run(world, world.bob, "analyze", {"game": game_id})
        assert again.ephemeral
        expected = errors.AnalysisFailedError("", game_id=game_id, turn=1)
        assert again.content == describe_error(expected, world.bob.locale)
        other = await finished_game(world, bot)
        assert not (await run(world, world.alice, "analyze", {"game": other})).ephemeral
