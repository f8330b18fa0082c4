"""Puzzles (issue 48) through the real bot and the fake Discord: a finished game of the server is
scanned in the background (the bot's own puzzler, in a worker process at the lowest priority),
its puzzle given by /puzzle privately and solved by one player and failed by another, each told
the computer's best and their streak; a channel's daily puzzle is posted exactly once a day,
across a restart; nothing of another server, of a running game, or of a game a member may not
see is ever shown."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.app import GameBot
from bot.games import GAMES
from bot.i18n import describe_error, text
from bot.service.events import PuzzlesFound
from bot.service.puzzle.errors import DailyPuzzlePermissionError
from bot.store import puzzles
from bot.store.puzzles import SHIPPED
from testing.e2ekit import World, due_round, everywhere, run, running
from testing.fakediscord import VIEW_CHANNEL, FakeChannel, FakeMessage, FakeUser, InteractionResult
from testing.fakediscord.models import MANAGE_CHANNELS
from testing.servicekit import start_game, until

PNG = b"\x89PNG\r\n\x1a\n"
# A game of the computer's easy levels on the 10x10 board whose turns 7 and 9 are puzzles
# (tests/bot/computer/test_puzzling.py); alice plays white and resigns after it.
MOVES = ["b3 f5", "i6 j4", "e5 f4", "d8 j8", "i5 j5", "h6 j6", "d1 j2", "d3 g4", "c10 e2",
         "h4 i4", "c9 g8", "g6 i8"]  # fmt: skip


async def finished_game(
    world: World, bot: GameBot, channel: FakeChannel | None = None, guild_id: int | None = None
) -> int:
    """The game above between alice and bob in `channel`, finished and scanned for puzzles."""
    channel = channel or world.channel
    scanned: list[int] = []

    def heard(event: object) -> None:
        if isinstance(event, PuzzlesFound):
            scanned.append(event.game_id)

    unsubscribe = bot.service.events.subscribe(heard)
    try:
        started = await start_game(
            bot.service,
            channel_id=channel.id,
            challenger=world.alice.id,
            opponent=world.bob.id,
            guild_id=guild_id or world.guild.id,
            variant="classic",
        )
        players = (world.alice.id, world.bob.id)
        for number, move in enumerate(MOVES):
            await bot.service.moves.play(channel.id, players[number % 2], move)
        await bot.service.moves.resign(channel.id, world.alice.id)
        game_id = started.view.id
        await until(bot.service.events, lambda: game_id in scanned, timeout=120)
    finally:
        unsubscribe()
    return game_id


def solve_id(message: FakeMessage) -> str:
    found = [cid for cid in message.custom_ids() if cid.startswith("puzzle:")]
    assert len(found) == 1, message.custom_ids()
    return found[0]


async def solve(world: World, user: FakeUser, message: FakeMessage, move: str) -> InteractionResult:
    """Press Solve on `message`, then submit `move`; the verdict (the answer's last message)."""
    opened = await world.fake.press_button(user, message, solve_id(message))
    assert (await opened).modal is not None
    values: dict[str, Any] = {"move": move}
    return await (await world.fake.submit_modal(opened, values))


def verdict_of(answer: InteractionResult) -> FakeMessage:
    message = answer.messages[-1]
    assert message.ephemeral
    return message


def drawn_names(monkeypatch: pytest.MonkeyPatch, key: str) -> list[dict[str, str]]:
    """The names each picture of game `key` is drawn with from now on, in order (its class
    is patched, not the registry's entry, which worker processes are sent)."""
    kind, drawn = type(GAMES.kind(key)), []

    def recorded(draw: Any) -> Any:
        def drawing(self: Any, game: Any, *args: Any, **options: Any) -> bytes:
            drawn.append(dict(args[-1]))  # the players, the last positional argument
            return bytes(draw(self, game, *args, **options))

        return drawing

    monkeypatch.setattr(kind, "png", recorded(kind.png))
    monkeypatch.setattr(kind, "turn_png", recorded(kind.turn_png))
    return drawn


async def test_a_puzzle_of_a_finished_game_is_solved_by_one_player_and_failed_by_another(
    world: World, bot: GameBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await finished_game(world, bot)
    drawn = drawn_names(monkeypatch, "ponte")
    shown = await run(world, world.alice, "puzzle")
    assert shown.ephemeral and shown.attachments[0].data.startswith(PNG)
    assert f"#{game_id}" in shown.content  # alice played it: she may know whose game it is
    assert f"<@{world.alice.id}>" in shown.content and shown.message.pinged == []
    puzzle_id = int(solve_id(shown.message).split(":")[1])
    puzzle = await bot.service.puzzles.puzzle(puzzle_id, world.guild.id)
    assert puzzle.game_id == game_id
    solved = verdict_of(await solve(world, world.alice, shown.message, puzzle.best))
    assert "✅" in solved.content and f"`{puzzle.best}`" in solved.content
    assert text("en", "puzzle.streak", streak=1, best=1) in solved.content
    assert solved.attachments[0].data.startswith(PNG)  # her turn beside the best
    # One story (issue 52, point 11): the pictures name the players the text names, each by
    # the colour they played in the game, not the solver and "Opponent".
    players = (await bot.service.queries.game(game_id)).players
    names = await bot.names.many(list(players.values()), world.guild.id)
    named = {colour: names[user] for colour, user in players.items()}
    assert set(named.values()) == {names[world.alice.id], names[world.bob.id]}
    assert drawn == [named, named]
    assert all(f"<@{user}>" in shown.content for user in players.values())

    theirs = await run(world, world.bob, "puzzle")
    assert solve_id(theirs.message) == f"puzzle:{puzzle_id}"  # the same newest puzzle
    unreadable = await solve(world, world.bob, theirs.message, "z99 a1")
    assert unreadable.ephemeral and "❌" not in unreadable.content  # why, and nothing counted
    async with bot.service.connection.read() as db:
        assert await puzzles.attempt(db, puzzle_id, world.bob.id) is None
    failed = verdict_of(await solve(world, world.bob, theirs.message, puzzle.played))
    assert "❌" in failed.content and f"`{puzzle.best}`" in failed.content  # told the best
    assert text("de", "puzzle.streak", streak=0, best=0) in failed.content  # bob reads German

    # An answer the computer has not judged yet: the answer waits for it (deferred).
    other = next(
        str(move)
        for move in puzzle.position.legal_moves()
        if str(move) not in (puzzle.best, puzzle.played)
    )
    third = await solve(world, world.carol, theirs.message, other)
    assert third.response_type == 5 and ("✅" in third.content or "❌" in third.content)

    again = verdict_of(await solve(world, world.alice, shown.message, puzzle.played))
    assert text("en", "puzzle.answered_before") in again.content and "✅" in again.content


async def test_nothing_of_another_server_a_running_game_or_a_hidden_game_is_shown(
    world: World, bot: GameBot
) -> None:
    fake = world.fake
    elsewhere = fake.add_guild("Elsewhere")
    for user in (world.alice, world.bob):
        fake.add_member(elsewhere, user)
    foreign = await finished_game(world, bot, elsewhere.text_channel, elsewhere.id)
    await start_game(  # running here: never a puzzle
        bot.service,
        channel_id=world.channel.id,
        challenger=world.alice.id,
        opponent=world.bob.id,
        guild_id=world.guild.id,
    )
    here = await run(world, world.alice, "puzzle")
    assert f"#{foreign}" not in here.content  # the shipped set, not the other server's game
    puzzle_id = int(solve_id(here.message).split(":")[1])
    shipped = await bot.service.puzzles.puzzle(puzzle_id, world.guild.id)
    assert shipped.shipped and text("en", "puzzle.from_computer") in here.content
    secret = fake.add_text_channel(world.guild, "secret")
    await fake.set_overwrite(secret, world.guild.roles[0], deny=VIEW_CHANNEL)
    await fake.set_overwrite(secret, fake.bot_user, allow=VIEW_CHANNEL)
    for user in (world.alice, world.bob):
        await fake.set_overwrite(secret, user, allow=VIEW_CHANNEL)
    hidden = await finished_game(world, bot, secret)
    seen = await run(world, world.carol, "puzzle")  # carol may not see #secret
    assert f"#{hidden}" not in seen.content and f"<@{world.alice.id}>" not in seen.content
    assert text("fr", "puzzle.from_server", turn=7) in seen.content  # a game of this server
    assert f"#{hidden}" in (await run(world, world.bob, "puzzle")).content  # bob played it


async def daily_posts(world: World) -> list[FakeMessage]:
    heading = text("en", "puzzle.daily", game="Ponte del Diavolo", colour="White").split("·")[0]
    return [m for m in world.fake.messages_in(world.channel) if m.content.startswith(heading)]


async def rounds(bot: GameBot, count: int = 2) -> None:
    for _ in range(count):
        await due_round(bot)
        await bot.deliverer.idle()


async def test_a_daily_puzzle_is_posted_exactly_once_a_day_across_a_restart(
    world: World,
) -> None:
    await world.fake.add_role(world.guild, "mods", MANAGE_CHANNELS, members=[world.alice])
    async with running(world) as bot:
        await finished_game(world, bot)
        refused = await run(world, world.bob, "puzzle", {"daily": "on"})
        expected = DailyPuzzlePermissionError("")
        assert refused.ephemeral and refused.content == describe_error(expected, "de")
        started = await run(world, world.alice, "puzzle", {"daily": "on"})
        assert started.ephemeral
        posted = await world.fake.wait_for_message(
            world.channel, check=lambda m: bool(m.custom_ids()) and "🧩" in m.content
        )
        assert posted.pinged == [] and posted.attachments[0].data.startswith(PNG)
        assert f"<@{world.alice.id}>" in posted.content  # its game was played here: named
        await rounds(bot)
        assert len(await daily_posts(world)) == 1
    async with running(world) as bot:  # a restart, the same day
        await rounds(bot)
        assert len(await daily_posts(world)) == 1
        world.clock.advance(days=1)
        await rounds(bot, 3)
        posts = await daily_posts(world)
        assert len(posts) == 2 and solve_id(posts[0]) != solve_id(posts[1])  # a new one
        today = await bot.service.puzzles.puzzle(int(solve_id(posts[1])[7:]), world.guild.id)
        answer = verdict_of(await solve(world, world.carol, posts[1], today.best))
        assert "✅" in answer.content  # carol solved the day's puzzle, privately
        stopped = await run(world, world.alice, "puzzle", {"daily": "off"})
        assert stopped.ephemeral
        world.clock.advance(days=1)
        await rounds(bot)
        assert len(await daily_posts(world)) == 2  # no more


async def test_shipped_puzzles_where_the_server_has_none(world: World, bot: GameBot) -> None:
    await everywhere(world, bot)  # the commands of the bot's DM
    dm = world.fake.dm_channel(world.alice)
    shown = await run(world, world.alice, "puzzle", {"game": "verbindung"}, channel=dm)
    assert shown.ephemeral and text("en", "puzzle.from_computer") in shown.content
    puzzle_id = int(solve_id(shown.message).split(":")[1])
    async with bot.service.connection.read() as db:
        origin = await db.fetch_value("SELECT origin FROM puzzles WHERE id = ?", (puzzle_id,))
    assert str(origin).startswith(f"{SHIPPED}verbindung:")
    puzzle = await bot.service.puzzles.puzzle(puzzle_id, None)
    verdict = verdict_of(await solve(world, world.alice, shown.message, puzzle.best))
    assert "✅" in verdict.content  # solved in the DM too
