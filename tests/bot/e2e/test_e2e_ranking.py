"""/leaderboard and /stats through the real bot and the fake Discord (issue 14): private answers,
pages turned with buttons, a rating chart, and friendly refusals when there is nothing to show."""

from __future__ import annotations

import io
import random

from PIL import Image

from bot.discord.app import GameBot
from bot.discord.rankings.commands import LeaderboardButton
from bot.i18n import describe_error
from bot.service import errors
from bot.service.ratings import BOARD_PAGE
from bot.service.seeks import Paired
from testing.e2ekit import World, run
from testing.servicekit import play_moves, play_to_end

GUILD_GAMES = BOARD_PAGE + 2  # players beyond one page


async def finish(bot: GameBot, world: World, winner: int, loser: int) -> None:
    """A game between two people of the server, each of whom moves, won by `winner` (played
    through the service)."""
    made = await bot.service.challenges.challenge(
        game_kind="ponte",
        guild_id=world.guild.id,
        channel_id=world.channel.id,
        challenger_id=winner,
        opponent_id=loser,
    )
    await bot.service.challenges.accept(made.id, loser)
    await play_moves(bot.service, world.channel.id)
    await bot.service.moves.resign(world.channel.id, loser)


async def test_an_empty_leaderboard_and_stats_of_a_newcomer_are_friendly_refusals(
    world: World, bot: GameBot
) -> None:
    board = await run(world, world.alice, "leaderboard", {"game": "ponte"})
    assert board.ephemeral
    assert board.content == describe_error(errors.NoRatedGamesError("", game="ponte"), "en-US")
    stats = await run(world, world.bob, "stats", {"player": world.carol})
    assert stats.ephemeral
    assert stats.content == describe_error(errors.NoGamesYetError("", user_id=world.carol.id), "de")


async def test_the_leaderboard_pages_with_buttons(world: World, bot: GameBot) -> None:
    players = [world.alice.id] + [9_000 + n for n in range(GUILD_GAMES - 1)]
    for number, player in enumerate(players):
        await finish(bot, world, player, players[(number + 1) % len(players)])
    first = await run(world, world.alice, "leaderboard", {"game": "ponte"})
    assert first.ephemeral and "Page 1 of 2" in first.content
    assert "2 rated: 1 won, 1 lost, 0 drawn" in first.content  # games, wins, losses, draws
    assert first.content.count("\n**") == BOARD_PAGE  # one line per player
    previous, following = first.message.custom_ids()
    assert previous == "leaderboard:ponte:0" and following == "leaderboard:ponte:1"
    assert [c.get("disabled", False) for c in first.message.iter_components()] == [True, False]
    turned = await (await world.fake.press_button(world.alice, first.message, following))
    assert turned.response_type == 7  # UPDATE_MESSAGE: the page is turned in place
    assert "Page 2 of 2" in first.message.content
    assert first.message.content.count("\n**") == GUILD_GAMES - BOARD_PAGE
    assert [c.get("disabled", False) for c in first.message.iter_components()] == [False, True]


async def test_stats_show_the_rating_with_its_chart_and_the_record_against_the_caller(
    world: World, bot: GameBot
) -> None:
    for winner, loser in [
        (world.alice, world.bob),
        (world.bob, world.alice),
        (world.alice, world.bob),
    ]:
        await finish(bot, world, winner.id, loser.id)
    answer = await run(world, world.bob, "stats", {"player": world.alice, "game": "ponte"})
    assert answer.ephemeral
    assert "Wertung" in answer.content  # bob reads German
    assert "aus 3 gewerteten Ergebnissen gegen 1 Gegner\n" in answer.content
    assert "Gegen dich: 2 gewonnen, 1 verloren" in answer.content
    [chart] = answer.attachments
    image = Image.open(io.BytesIO(chart.data))
    assert image.format == "PNG" and image.width == 760
    mine = await run(world, world.alice, "stats")
    assert "Against you" not in mine.content and "won" in mine.content
    assert "from 3 rated results against 1 opponent\n" in mine.content


async def test_a_page_that_cannot_be_shown_is_a_private_answer(
    world: World, bot: GameBot, monkeypatch
) -> None:
    players = [world.alice.id] + [9_000 + n for n in range(GUILD_GAMES - 1)]
    for number, player in enumerate(players):
        await finish(bot, world, player, players[(number + 1) % len(players)])
    first = await run(world, world.alice, "leaderboard", {"game": "ponte"})
    _, following = first.message.custom_ids()
    refusal = errors.NoRatedGamesError("the ratings were reset meanwhile", game="ponte")

    async def reset(*args: object) -> None:
        raise refusal

    monkeypatch.setattr(bot.service.ratings, "leaderboard", reset)
    pressed = await (await world.fake.press_button(world.alice, first.message, following))
    assert pressed.ephemeral
    assert pressed.content == describe_error(refusal, "en-US")
    assert "Page 1 of 2" in first.message.content  # the page pressed on stays as it was


async def test_the_pool_across_servers_has_a_leaderboard_of_its_own(
    world: World, bot: GameBot
) -> None:
    """A game of the pool across servers (issue 53) is rated there: `scope:everywhere` lists
    its players, the server's own leaderboard stays empty, and its page buttons say so."""
    await bot.service.seeks.seek(user_id=world.alice.id, game_kind="ponte", dm_channel_id=1)
    paired = await bot.service.seeks.seek(user_id=world.bob.id, game_kind="ponte", dm_channel_id=2)
    assert isinstance(paired, Paired)
    await play_to_end(bot.service, paired.started.view.channel_id, random.Random(5))
    pool = await run(world, world.alice, "leaderboard", {"game": "ponte", "scope": "everywhere"})
    assert pool.ephemeral and "pool across servers" in pool.content
    assert f"<@{world.alice.id}>" in pool.content and f"<@{world.bob.id}>" in pool.content
    server = await run(world, world.alice, "leaderboard", {"game": "ponte", "scope": "server"})
    assert server.content == describe_error(errors.NoRatedGamesError("", game="ponte"), "en-US")
    button = LeaderboardButton("ponte", 1, everywhere=True)
    assert button.custom_id == "leaderboard:ponte:1:everywhere"
    match = LeaderboardButton.__discord_ui_compiled_template__.fullmatch(button.custom_id)
    assert match is not None and LeaderboardButton.read(match).everywhere
