"""Apps → Challenge on a member, and Challenge under a member's /stats (issue 53, step 3),
through the real bot and the fake Discord: the user command opens the challenge form, its
submission posts the challenge /challenge would, and a refusal (yourself, a bot, a blocked
player) gets /challenge's own words, privately, changing nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.discord.app import GameBot
from bot.i18n import describe_error, mention, text
from bot.service import Reach, errors
from bot.service.deadlines import DAY
from testing.e2ekit import World, anywhere, everywhere, run, running
from testing.fakediscord import CommandUnavailableError, FakeUser, InteractionHandle
from testing.servicekit import play_moves

MENU = "Challenge"
"""The user command's name, as Discord's client shows it in English (Apps → Challenge)."""
FILLED = {
    "game": ["verbindung:standard"],
    "time": [str(DAY)],
    "first": ["me"],
    "best_of": ["1"],
    "where": ["here"],
}


async def open_menu(world: World, user: FakeUser, target: FakeUser) -> InteractionHandle:
    """`user` opens Apps → Challenge on `target` in the server's channel."""
    return await world.fake.send_user_command(user, world.channel, MENU, target)


def form_fields(modal: dict[str, Any]) -> dict[str, list[str]]:
    """Each select of the form, by custom id: its options' values."""
    return {
        label["component"]["custom_id"]: [o["value"] for o in label["component"]["options"]]
        for label in modal["components"]
    }


async def test_apps_challenge_on_a_member_posts_the_challenge_of_the_form(
    world: World, bot: GameBot
) -> None:
    opened = await open_menu(world, world.alice, world.bob)
    form = (await opened.result(timeout=30)).modal
    assert form is not None
    assert "Bob" in form["title"]
    fields = form_fields(form)
    assert list(fields) == ["game", "time", "first", "best_of", "where"]
    assert "verbindung:standard" in fields["game"] and "ponte:classic" in fields["game"]
    posted = await (await world.fake.submit_modal(opened, FILLED)).result(timeout=30)
    assert not posted.ephemeral, posted.content
    assert posted.message.pinged == [world.bob]
    assert mention(world.bob.id) in posted.content
    accept = next(c for c in posted.message.custom_ids() if c.startswith("challenge:accept:"))
    challenge = await bot.service.challenges.get_challenge(int(accept.split(":")[2]))
    assert (challenge.challenger_id, challenge.opponent) == (world.alice.id, world.bob.id)
    assert (challenge.game_kind, challenge.variant) == ("verbindung", "standard")
    assert (challenge.move_seconds, challenge.best_of) == (DAY, 1)
    assert challenge.challenger_first and not challenge.wants_thread
    accepted = await world.fake.press_button(world.bob, posted.message, accept)
    assert not (await accepted.result(timeout=30)).ephemeral
    [game] = await bot.service.queries.games(guild_id=world.guild.id)
    assert game.first_id == world.alice.id


async def test_yourself_and_a_bot_are_refused_with_the_words_of_challenge(
    world: World, bot: GameBot
) -> None:
    other_bot = world.fake.add_user("otherbot")
    other_bot.bot = True
    for target in (world.alice, other_bot):
        refused = await (await open_menu(world, world.alice, target)).result(timeout=30)
        assert refused.modal is None and refused.ephemeral
        slash = await run(world, world.alice, "challenge", {"game": "ponte", "opponent": target})
        assert slash.ephemeral and refused.content == slash.content
    assert await bot.service.challenges.pending_challenges(world.alice.id) == []


async def test_the_bot_itself_through_the_form_starts_a_game_against_the_computer(
    world: World, bot: GameBot
) -> None:
    opened = await open_menu(world, world.alice, world.fake.bot_user)
    assert (await opened.result(timeout=30)).modal is not None
    started = await (await world.fake.submit_modal(opened, FILLED)).result(timeout=30)
    assert not started.ephemeral, started.content
    game = await bot.service.queries.game_in(world.channel.id)
    assert (game.first_id, game.second_id) == (world.alice.id, world.fake.bot_user.id)
    assert game.move_seconds == DAY


async def test_a_blocked_player_is_refused_as_challenge_refuses_and_nothing_is_posted(
    world: World, bot: GameBot
) -> None:
    await run(world, world.bob, "block", {"player": world.alice})
    slash = await run(world, world.alice, "challenge", {"game": "ponte", "opponent": world.bob})
    mark = world.fake.mark()
    opened = await open_menu(world, world.alice, world.bob)
    assert (await opened.result(timeout=30)).modal is not None
    refused = await (await world.fake.submit_modal(opened, FILLED)).result(timeout=30)
    assert refused.ephemeral and refused.content == slash.content
    assert world.fake.messages_in(world.channel, since=mark) == []
    assert await bot.service.challenges.pending_challenges(world.alice.id) == []


async def test_another_members_stats_offer_the_form_and_ones_own_do_not(
    world: World, bot: GameBot
) -> None:
    button = f"challenge-member:{world.bob.id}"
    newcomer = await run(world, world.alice, "stats", {"player": world.bob})
    no_games = errors.NoGamesYetError("", user_id=world.bob.id)
    assert newcomer.ephemeral and newcomer.content == describe_error(no_games, "en-US")
    assert newcomer.message.custom_ids() == [button]  # "Challenge them", with the button
    await finish(bot, world, world.bob.id, world.carol.id)
    own = await run(world, world.bob, "stats")
    assert own.ephemeral and own.attachments and own.message.custom_ids() == []
    stats = await run(world, world.alice, "stats", {"player": world.bob})
    assert stats.ephemeral and stats.attachments
    assert stats.message.custom_ids() == [button]
    [shown] = stats.message.iter_components()
    assert shown["label"] == text("en", "button.challenge")
    opened = await world.fake.press_button(world.alice, stats.message, button)
    form = (await opened.result(timeout=30)).modal
    assert form is not None and "Bob" in form["title"]
    posted = await (await world.fake.submit_modal(opened, FILLED)).result(timeout=30)
    assert not posted.ephemeral, posted.content
    assert posted.message.pinged == [world.bob]
    [pending] = await bot.service.challenges.pending_challenges(world.bob.id)
    assert (pending.challenger_id, pending.move_seconds) == (world.alice.id, DAY)


async def finish(bot: GameBot, world: World, winner: int, loser: int) -> None:
    """A game of the server's channel won by `winner` (played through the service)."""
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


async def test_with_the_app_installed_it_works_in_a_group_dm_as_challenge_does(
    tmp_path: Path,
) -> None:
    async with anywhere(tmp_path / "bot.sqlite3") as world, running(world) as bot:
        await everywhere(world, bot)
        with pytest.raises(CommandUnavailableError):  # bob did not install the app
            await world.fake.send_user_command(world.bob, world.group, MENU, world.alice)
        opened = await world.fake.send_user_command(world.alice, world.group, MENU, world.bob)
        form = (await opened.result(timeout=30)).modal
        assert form is not None
        assert "where" not in form_fields(form)  # no thread in a group DM
        values = {key: value for key, value in FILLED.items() if key != "where"}
        posted = await (await world.fake.submit_modal(opened, values)).result(timeout=30)
        assert not posted.ephemeral, posted.content
        assert posted.message.pinged == [world.bob]
        [pending] = await bot.service.challenges.pending_challenges(world.bob.id)
        assert pending.reach is Reach.REPLY
