"""The real bot as a separate process (`python -m bot`, configured only through its settings):
stopped mid-game and started again on the same database, it finishes the game, and an Accept
button sent before the restart still works. Killed at the worst moments, it posts what it still
owes once: a move committed but not answered, a match game's replay, and not a move whose
answer Discord had accepted."""

from __future__ import annotations

import asyncio
import os
import sys
from asyncio.subprocess import PIPE
from pathlib import Path

from bot.discord.features import declared_commands, menus
from testing.e2ekit import World
from testing.fakediscord import BotProcess, FakeMessage

PNG = b"\x89PNG\r\n\x1a\n"


def bot_process(world: World, tmp_path: Path) -> BotProcess:
    env = {"DATABASE_PATH": str(world.database), "LOG_LEVEL": "INFO"}
    env.update(world.fake.bot_env(world.guild))
    return BotProcess(world.fake, "bot", env=env, cwd=tmp_path)


async def move(world: World, user, text: str) -> FakeMessage:
    result = await (
        await world.fake.send_slash_command(user, world.channel, "move", {"move": text})
    )
    assert not result.ephemeral, result.content
    assert result.attachments[0].data.startswith(PNG)
    return result.message


async def test_a_game_survives_restarts_and_old_buttons_keep_working(
    world: World, tmp_path: Path
) -> None:
    first = bot_process(world, tmp_path)
    await first.start()
    await world.fake.wait_commands_synced(world.guild)
    challenge = await (
        await world.fake.send_slash_command(
            world.alice,
            world.channel,
            "challenge",
            {"game": "ponte", "opponent": world.bob, "first": "me"},
        )
    )
    assert await first.stop() == 0, first.stderr

    second = bot_process(world, tmp_path)
    await second.start()
    accept_id = challenge.message.custom_ids()[0]
    await (await world.fake.press_button(world.bob, challenge.message, accept_id))
    await move(world, world.alice, "a1 c1")
    await move(world, world.bob, "swap")
    assert await second.kill() != 0  # a crash, not a clean stop

    third = bot_process(world, tmp_path)
    await third.start()
    after = await move(world, world.alice, "f6 h8")
    assert after.pinged == [world.bob]
    mark = world.fake.mark()
    resigned = await (await world.fake.send_slash_command(world.bob, world.channel, "resign"))
    assert resigned.attachments[0].data.startswith(PNG)  # the final board
    replay = await world.fake.wait_for_message(
        world.channel, since=mark, check=lambda m: m.attachments and m is not resigned.message
    )
    assert replay.attachments[0].data.startswith(b"GIF89a")
    assert await third.stop() == 0, third.stderr
    assert world.fake.ready_count == 3


async def test_python_m_bot_sync_registers_the_commands_globally_and_stops(
    world: World, tmp_path: Path
) -> None:
    env = dict(
        PATH=os.environ.get("PATH", "/usr/bin:/bin"),
        PYTHONPATH=str(Path(__file__).resolve().parents[3]),
        DATABASE_PATH=str(world.database),
        **world.fake.bot_env(),  # no development server
    )
    sync = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "sync", cwd=tmp_path, env=env, stderr=PIPE
    )
    _, stderr = await asyncio.wait_for(sync.communicate(), timeout=60)
    assert sync.returncode == 0, stderr.decode()
    # Nothing a newcomer who left the portal's intents off (as the README says) would take for
    # a misconfiguration: discord.py warns of "state related issues" without the Guilds intent.
    warnings = [line for line in stderr.decode().splitlines() if "WARNING" in line]
    assert warnings == [], warnings
    names = {command["name"] for command in world.fake.commands()}
    assert names == {str(command.name) for command in [*declared_commands(), *menus()]}
    assert {"challenge", "move", "board", "help"} <= names
    # Where each may be used goes with the global sync, the only one Discord takes it from.
    synced = {command["name"]: command for command in world.fake.commands()}
    assert synced["help"]["contexts"] == [0, 1, 2]
    assert synced["help"]["integration_types"] == [0, 1]
    assert synced["move"]["contexts"] == [0, 1, 2] and synced["move"]["integration_types"] == [0, 1]
    assert synced["stats"]["contexts"] == [0] and synced["stats"]["integration_types"] == [0]
    menu = synced["Challenge"]  # Apps → Challenge, offered where /challenge is
    assert (menu["type"], menu["contexts"], menu["integration_types"]) == (2, [0, 1, 2], [0, 1])
    assert world.fake.commands(world.guild) == []
    assert world.fake.ready_count == 0  # REST only: it never took interactions from a bot
    assert not world.database.exists()  # and never touched the games


async def test_a_gateway_url_that_answers_404_stops_the_bot_with_one_clear_line(
    world: World, tmp_path: Path
) -> None:
    env = {**os.environ, "DATABASE_PATH": str(world.database), **world.fake.bot_env(world.guild)}
    env["DISCORD_GATEWAY_URL"] = world.fake.gateway_url.rstrip("/") + "/nowhere/"
    bot = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=env, stderr=PIPE
    )
    _, stderr = await bot.communicate()
    log = stderr.decode()
    assert bot.returncode == 2, log
    assert "Traceback" not in log
    assert "DISCORD_GATEWAY_URL" in log.strip().splitlines()[-1] and "404" in log
    # The one request that reached no route of the fake is the refused handshake itself.
    assert [hit.route for hit in world.fake.unknown_routes] == ["GET /gateway/nowhere/"]
    world.fake.world.unknown_routes.clear()


async def test_a_move_committed_just_before_a_crash_is_posted_once_after_the_restart(
    world: World, tmp_path: Path
) -> None:
    world.strict = False  # the crashed bot never answers that /move: "did not respond"
    first = bot_process(world, tmp_path)
    await first.start()
    await world.fake.wait_commands_synced(world.guild)
    challenge = await (
        await world.fake.send_slash_command(
            world.alice, world.channel, "challenge", {"game": "ponte", "opponent": world.bob}
        )
    )
    accept_id = challenge.message.custom_ids()[0]
    accepted = world.fake.mark()
    await (await world.fake.press_button(world.bob, challenge.message, accept_id))
    started = await world.fake.wait_for_message(
        world.channel, since=accepted, check=lambda m: bool(m.attachments)
    )
    (mover,) = started.pinged  # the coin decided who begins
    other = world.bob if mover is world.alice else world.alice
    held = world.fake.hold("POST /interactions/*/*/callback")
    mark = world.fake.mark()
    await world.fake.send_slash_command(mover, world.channel, "move", {"move": "a1 c1"})
    await world.fake.world.wait_until(lambda: held.hits, what="the held answer")
    assert await first.kill() != 0  # committed, not posted

    second = bot_process(world, tmp_path)
    await second.start()
    try:
        posted = await world.fake.wait_for_message(
            world.channel, since=mark, check=lambda m: "a1 c1" in m.content
        )
    except AssertionError as error:
        raise AssertionError(f"{error}\n--- bot stderr ---\n{second.stderr}") from None
    assert posted.pinged == [other] and posted.attachments[0].data.startswith(PNG)
    answer = await move(world, other, "swap")  # the game goes on from the saved move
    assert answer.pinged == [mover]
    assert [m for m in world.fake.messages_in(world.channel) if "a1 c1" in m.content] == [posted]
    assert await second.stop() == 0, second.stderr


def is_replay(message: FakeMessage) -> bool:
    return any(a.data.startswith(b"GIF89a") for a in message.attachments)


async def test_a_match_games_replay_is_posted_after_a_crash_right_after_its_last_move(
    world: World, tmp_path: Path
) -> None:
    world.strict = False  # the crashed bot never completes its answer
    first = bot_process(world, tmp_path)
    await first.start()
    await world.fake.wait_commands_synced(world.guild)
    options = {"game": "ponte", "opponent": world.bob, "first": "me", "best_of": 3}
    challenge = await (
        await world.fake.send_slash_command(world.alice, world.channel, "challenge", options)
    )
    accept_id = challenge.message.custom_ids()[0]
    accepted = world.fake.mark()
    await (await world.fake.press_button(world.bob, challenge.message, accept_id))
    await world.fake.wait_for_message(
        world.channel, since=accepted, check=lambda m: "Game 1 of 3" in m.content
    )
    # The replay goes out after the answer to the last move (as a followup, or a post of its
    # own): hold whichever comes, and kill the bot right then.
    holds = [world.fake.hold("POST /webhooks/*/*"), world.fake.hold("POST /channels/*/messages")]
    mark = world.fake.mark()
    await world.fake.send_slash_command(world.alice, world.channel, "resign")
    await world.fake.world.wait_until(
        lambda: any(hold.hits for hold in holds), what="the replay's post"
    )
    assert await first.kill() != 0
    for hold in holds:  # the post in flight died with the bot: Discord never got it
        hold.abandon()

    second = bot_process(world, tmp_path)
    await second.start()
    try:
        replay = await world.fake.wait_for_message(world.channel, since=mark, check=is_replay)
        started = await world.fake.wait_for_message(
            world.channel, since=mark, check=lambda m: "Game 2 of 3" in m.content
        )
    except AssertionError as error:
        raise AssertionError(f"{error}\n--- bot stderr ---\n{second.stderr}") from None
    assert replay.seq < started.seq  # the end of game 1, then the start of game 2
    assert await second.stop() == 0, second.stderr
    posted = world.fake.messages_in(world.channel, since=mark)
    assert [m for m in posted if is_replay(m)] == [replay]
    assert [m for m in posted if "Game 2 of 3" in m.content and m.attachments] == [started]


async def test_a_move_whose_answer_arrived_just_before_a_crash_is_not_posted_again(
    world: World, tmp_path: Path
) -> None:
    world.strict = False  # the crashed bot never hears that its answer went out
    first = bot_process(world, tmp_path)
    await first.start()
    await world.fake.wait_commands_synced(world.guild)
    options = {"game": "ponte", "opponent": world.bob, "first": "me"}
    challenge = await (
        await world.fake.send_slash_command(world.alice, world.channel, "challenge", options)
    )
    accepted = world.fake.mark()
    accept_id = challenge.message.custom_ids()[0]
    await (await world.fake.press_button(world.bob, challenge.message, accept_id))
    await world.fake.wait_for_message(world.channel, since=accepted, check=lambda m: m.attachments)
    # Discord accepts the answer to alice's move, but the bot is killed before it hears so.
    held = world.fake.hold_answer("POST /interactions/*/*/callback")
    mark = world.fake.mark()
    await world.fake.send_slash_command(world.alice, world.channel, "move", {"move": "a1 c1"})
    answer = await world.fake.wait_for_message(
        world.channel, since=mark, check=lambda m: "a1 c1" in m.content
    )
    assert held.hits and await first.kill() != 0

    second = bot_process(world, tmp_path)
    await second.start()

    def told() -> list[FakeMessage] | bool:  # the post settled, or posted a second time
        again = [m for m in world.fake.messages_in(world.channel, since=mark) if m is not answer]
        return [m for m in again if "a1 c1" in m.content] or f"message {answer.id}" in second.stderr

    try:
        await world.fake.world.wait_until(told, what="the owed post's fate")
    except AssertionError as error:
        raise AssertionError(f"{error}\n--- bot stderr ---\n{second.stderr}") from None
    assert [m for m in world.fake.messages_in(world.channel) if "a1 c1" in m.content] == [answer]
    looked = world.fake.requests_to("GET /webhooks/*/*/messages/@original")
    assert [request.status for request in looked] == [200]  # asked Discord once, with the token
    reply = await move(world, world.bob, "swap")  # the game goes on
    assert reply.pinged == [world.alice]
    assert await second.stop() == 0, second.stderr
