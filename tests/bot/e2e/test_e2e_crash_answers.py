"""A command whose first answer never reached Discord (issue 52, point 7): the real bot killed
(SIGKILL) between an `/analyze` and Discord's callback, which Discord never got. After the
restart (or after a crash that came before any answer was tried: `Step.STORED`) the analysis
is computed, and shown once: posted in a server channel where the bot may post, naming and
pinging its asker (who saw no answer), and edited there to its result; where the bot may only
answer (a group DM), as a follow-up of the asker's next command there, then edited to its
result through that command's token."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import text
from bot.service import Reach
from bot.service.owed import answering
from testing.crashkit import Holds, Life, Step, once, posts_in, preparing, settled
from testing.e2ekit import Anywhere, World, anywhere, everywhere, running
from testing.fakediscord import FakeChannel, FakeMessage
from testing.servicekit import play_moves, start_game

LOCALE = "en-US"  # a group DM's language: its asker's
ANALYSIS_SECONDS = 90.0
"""An analysis is the analyst's work, not a post owed: generous on a busy machine."""
CALLBACK = "POST /interactions/*/*/callback"


def analysed(message: FakeMessage) -> bool:
    return "📈" in message.content  # the result's heading (its chart follows)


async def finished_game(world: World, channel: FakeChannel, reach: Reach) -> int:
    """alice against bob in `channel`, three moves then bob resigns (the fewest turns an
    analysis takes), made while the bot is down, its posts behind it."""
    guild_id = world.guild.id if reach is Reach.POST else None
    async with preparing(world) as service, settled(service):
        await start_game(
            service,
            channel_id=channel.id,
            guild_id=guild_id,
            challenger=world.alice.id,
            opponent=world.bob.id,
            reach=reach,
        )
        await play_moves(service, channel.id, count=3)
        await service.moves.resign(channel.id, world.bob.id)
        return (await service.queries.latest_game_in(channel.id)).id


async def analyze_and_crash(world: World, channel: FakeChannel, game: int, tmp_path: Path) -> Life:
    """alice asks for game `game`'s analysis; Discord holds the answer (the interaction's
    callback) and drops it when the bot is killed: the interaction is never acknowledged. The
    bot comes back (in the test's process) and is returned."""
    first = await Life.start(world, tmp_path)
    holds = Holds(world.fake, Step.DROPPED)
    held = holds.on(CALLBACK)
    await world.fake.send_slash_command(world.alice, channel, "analyze", {"game": game})
    await holds.hit(held, "the answer to /analyze", first)
    await first.kill()
    holds.crashed()
    return await Life.here(world)


async def test_an_analysis_whose_answer_never_arrived_is_posted_in_its_channel_once(
    world: World, tmp_path: Path
) -> None:
    world.strict = False  # the command cut by the crash is never answered
    channel = world.fake.add_text_channel(world.guild, "analysis")
    game = await finished_game(world, channel, Reach.POST)
    mark = world.fake.mark()
    life = await analyze_and_crash(world, channel, game, tmp_path)
    shown = await life.within(once(world.fake, channel, lambda m: True, mark), "the analysis")
    assert f"#{game}" in shown.content
    assert shown.pinged == [world.alice], "its asker saw no answer: named and pinged"
    late = text("en", "error.answer_late", user=f"<@{world.alice.id}>")
    assert shown.content.startswith(late)
    # Its result is an edit of that message in its channel, never through the dead token.
    await life.wait(lambda: analysed(shown), "the analysis's result", timeout=ANALYSIS_SECONDS)
    assert posts_in(world.fake, channel, lambda m: True, mark) == [shown]
    await life.stop()


async def asked_while_down(world: Anywhere, game: int) -> Life:
    """alice's /analyze as the bot's process stored it before a crash cut it short, before any
    answer was tried (its post claimed for the process, nothing sent); the bot comes back."""
    async with preparing(world) as service:
        with answering(LOCALE, world.alice.id, world.group.id):
            await service.analyses.request_analysis(
                world.alice.id, game_id=game, channel_id=world.group.id, guild_id=None
            )
    return await Life.here(world)


@pytest.mark.parametrize("step", [Step.STORED, Step.DROPPED])
async def test_an_analysis_whose_answer_never_arrived_follows_the_askers_next_command(
    tmp_path: Path, step: Step
) -> None:
    async with anywhere(tmp_path / "bot.sqlite3") as world:
        world.strict = False  # the command cut by the crash is never answered
        await reply_only(world, tmp_path, step)


async def reply_only(world: Anywhere, tmp_path: Path, step: Step) -> None:
    group, fake = world.group, world.fake
    game = await finished_game(world, group, Reach.REPLY)
    async with running(world) as bot:  # the commands a group DM reaches are global ones
        await everywhere(world, bot)
    mark = fake.mark()
    if step is Step.STORED:
        life = await asked_while_down(world, game)
    else:
        life = await analyze_and_crash(world, group, game, tmp_path)
    await life.within(lambda: "kept for user" in life.log, "the answer kept for alice")
    assert posts_in(fake, group, lambda m: True, mark) == []  # nothing to answer yet
    # carol's command there is not alice's: nothing follows it (checked once alice's is).
    fake.install_for_user(world.carol)
    helped = await fake.send_slash_command(world.carol, group, "help", {})
    assert (await helped).ephemeral
    asked = await fake.send_slash_command(world.alice, group, "help", {})
    assert (await asked).ephemeral
    shown = await life.within(
        once(fake, group, lambda m: f"#{game}" in m.content, mark), "the analysis after /help"
    )
    assert asked.followups == [shown] and helped.followups == []
    # Its progress is edited through the token of the command it followed, to its result.
    await life.wait(lambda: analysed(shown), "the analysis's result", timeout=ANALYSIS_SECONDS)
    again = await fake.send_slash_command(world.alice, group, "help", {})
    assert (await again).ephemeral
    assert posts_in(fake, group, lambda m: True, mark) == [shown]  # shown once
    assert fake.requests_to(f"POST /channels/{group.id}/messages") == []
    await life.stop()


async def test_a_move_whose_answer_never_arrived_follows_the_movers_next_command(
    tmp_path: Path,
) -> None:
    """Any kind of answer, not only an analysis: alice's /move in a group DM, cut between the
    request and the callback, is stored; its board (pinging bob, whose turn it is) follows her
    next command there, once."""
    async with anywhere(tmp_path / "bot.sqlite3") as world:
        world.strict = False  # the command cut by the crash is never answered
        group, fake = world.group, world.fake
        async with preparing(world) as service, settled(service):
            await start_game(
                service,
                channel_id=group.id,
                guild_id=None,
                challenger=world.alice.id,
                opponent=world.bob.id,
                reach=Reach.REPLY,
            )
        async with running(world) as bot:  # the commands a group DM reaches are global ones
            await everywhere(world, bot)
        mark = fake.mark()
        first = await Life.start(world, tmp_path)
        holds = Holds(fake, Step.DROPPED)
        held = holds.on(CALLBACK)
        await fake.send_slash_command(world.alice, group, "move", {"move": "a1 c1"})
        await holds.hit(held, "the answer to /move", first)
        await first.kill()
        holds.crashed()
        life = await Life.here(world)
        await life.within(lambda: "kept for user" in life.log, "the board kept for alice")
        asked = await fake.send_slash_command(world.alice, group, "help", {})
        assert (await asked).ephemeral
        moved = await life.within(
            once(fake, group, lambda m: "a1 c1" in m.content, mark), "the move after /help"
        )
        assert asked.followups == [moved] and moved.pinged == [world.bob]
        assert moved.attachments and moved.attachments[0].data.startswith(b"\x89PNG")
        again = await fake.send_slash_command(world.alice, group, "help", {})
        assert (await again).ephemeral
        assert posts_in(fake, group, lambda m: "a1 c1" in m.content, mark) == [moved]
        await life.stop()
