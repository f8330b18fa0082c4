"""Conditional moves through the real bot and the fake Discord (issue 54, point 1): `/premove`
queues a line on the opponent's turn, privately; after a restart the opponent's expected moves
are answered at once with the same public post and ping as `/move`, and a turn no line expected
drops them, the player told by direct message; a line that can never be legal is refused with
its rule; a takeback clears the lines; the opponent never sees them."""

from __future__ import annotations

from test_e2e_games import start
from test_e2e_make_move import make_move_id

from bot.discord.app import GameBot
from bot.i18n import describe_error, text
from bot.service import errors
from bot.service.premoves import Line
from bot.service.seeks import pool_place
from bot.words.premoves import lines_text, queued_text, steps_text
from engine.errors import IllegalMoveError
from testing.e2ekit import World, everywhere, run, running
from testing.fakediscord import FakeMessage, FakeUser

THREE_DEEP = "l10 l12; c1 c3; j10 j12; e1 e3; g10 g12; g1 g3"
"""Bob's three turns and Alice's answer to each, after Alice's `a1 a3` (Ponte, 12x12)."""
ANSWERS = (("l10 l12", "c1 c3"), ("j10 j12", "e1 e3"), ("g10 g12", "g1 g3"))
TIMEOUT = 30.0


async def opened(world: World, bot: GameBot) -> int:
    """A Ponte game in the channel where Alice has made her first turn; its id."""
    await start(world, "ponte")
    await run(world, world.alice, "move", {"move": "a1 a3"})
    return (await bot.service.queries.game_in(world.channel.id)).id


def posted(world: World, move: str) -> list[FakeMessage]:
    """The channel's posts that announce `move`."""
    return [m for m in world.fake.messages_in(world.channel) if f"`{move}`" in m.content]


def letters(world: World, user: FakeUser) -> list[FakeMessage]:
    return world.fake.messages_in(world.fake.dm_channel(user))


async def test_a_three_move_line_is_played_out_after_a_restart(world: World) -> None:
    async with running(world) as bot:
        game = await opened(world, bot)
        queued = await run(world, world.alice, "premove", {"line": THREE_DEEP})
        assert queued.ephemeral
        view = await bot.service.queries.game_in(world.channel.id)
        steps = tuple((move, index % 2 == 1) for index, move in enumerate(THREE_DEEP.split("; ")))
        assert queued.content == queued_text(game, Line(1, steps), world.alice.locale)
        assert view.to_move_id == world.bob.id
    async with running(world) as bot:  # the line was kept across the restart
        for theirs, ours in ANSWERS:
            # Bob's move and Alice's answer are one transaction: the answer's post, which
            # tells both, answers his /move (his move's own post showed a board gone by).
            moved = await run(world, world.bob, "move", {"move": theirs})
            assert not moved.ephemeral
            bobs = text("en", "move.played", player=world.bob.mention, move=theirs)
            alices = text("en", "move.answered", player=world.alice.mention, move=ours)
            assert moved.content.startswith(f"{bobs}\n{alices}\n"), moved.content
            assert moved.message.pinged == [world.bob]  # as a typed move pings the one to move
            assert moved.attachments  # and shows the board
            assert posted(world, ours) == [moved.message]  # once
        view = await bot.service.queries.game_in(world.channel.id)
        assert str(view.game.moves[-1]) == "g1 g3" and view.to_move_id == world.bob.id
        listed = await run(world, world.alice, "premove")
        assert listed.content == lines_text(game, (), world.alice.locale)
    assert letters(world, world.alice) == []  # nothing was dropped: no letter


async def test_a_diverging_turn_drops_the_lines_and_tells_the_player_after_a_restart(
    world: World,
) -> None:
    async with running(world) as bot:
        game = await opened(world, bot)
        await run(world, world.alice, "premove", {"line": THREE_DEEP})
        await run(world, world.alice, "premove", {"line": "k10 k12; c1 c3"})
    async with running(world) as bot:
        moved = await run(world, world.bob, "move", {"move": "h10 h12"})
        assert not moved.ephemeral and moved.message.pinged == [world.alice]
        await world.fake.world.wait_until(
            lambda: letters(world, world.alice) or None, timeout=TIMEOUT, what="the letter"
        )
        (letter,) = letters(world, world.alice)
        assert "`h10 h12`" in letter.content and f" {game}" in letter.content
        assert "2 lines" in letter.content and letter.pinged == []
        listed = await run(world, world.alice, "premove")
        assert listed.ephemeral and listed.content == lines_text(game, (), world.alice.locale)
        assert posted(world, "c1 c3") == []  # no answer was played
        view = await bot.service.queries.game_in(world.channel.id)
        assert view.to_move_id == world.alice.id


async def test_a_line_that_can_never_be_legal_is_refused_with_its_rule(
    world: World, bot: GameBot
) -> None:
    await opened(world, bot)
    line = "l10 l12; c1 c3; j10 j12; c1 c5"  # c1 holds Alice's own answer by then
    refused = await run(world, world.alice, "premove", {"line": line})
    view = await bot.service.queries.game_in(world.channel.id)
    later = view.game.copy()
    for move in line.split("; ")[:3]:
        later.push(later.parse_move(move))
    try:
        later.check(later.parse_move("c1 c5"))
    except IllegalMoveError as error:
        broken = error
    else:
        raise AssertionError("c1 c5 was legal there")
    expected = errors.LineMoveError("", broken, position=4, move="c1 c5")
    assert refused.ephemeral
    assert refused.content == describe_error(expected, world.alice.locale)
    # The rule it breaks, as /move's own refusal of that move there says it.
    assert describe_error(broken, world.alice.locale) in refused.content
    assert "`c1 c5`" in refused.content
    listed = await run(world, world.alice, "premove")
    assert listed.content == lines_text(view.id, (), world.alice.locale)  # nothing was kept


async def test_a_takeback_clears_the_lines(world: World, bot: GameBot) -> None:
    game = await opened(world, bot)
    await run(world, world.alice, "premove", {"line": THREE_DEEP})
    asked = await run(world, world.alice, "takeback")
    mark = world.fake.mark()
    await (await world.fake.press_button(world.bob, asked.message, asked.message.custom_ids()[0]))
    await world.fake.wait_for_message(world.channel, since=mark)
    view = await bot.service.queries.game_in(world.channel.id)
    assert view.to_move_id == world.alice.id and list(view.game.moves) == []
    await run(world, world.alice, "move", {"move": "a1 a3"})
    listed = await run(world, world.alice, "premove")
    assert listed.content == lines_text(game, (), world.alice.locale)
    await run(world, world.bob, "move", {"move": "l10 l12"})
    assert posted(world, "c1 c3") == []  # the line went with the takeback


async def test_lines_are_invisible_to_the_opponent(world: World, bot: GameBot) -> None:
    game = await opened(world, bot)
    queued = await run(world, world.alice, "premove", {"line": THREE_DEEP})
    assert queued.ephemeral
    theirs = await run(world, world.bob, "premove")
    assert theirs.ephemeral and theirs.content == lines_text(game, (), world.bob.locale)
    watcher = await run(world, world.carol, "premove")
    refusal = errors.NotAPlayerError("", players=(world.alice.id, world.bob.id))
    assert watcher.ephemeral and watcher.content == describe_error(refusal, world.carol.locale)
    exported = await run(world, world.bob, "export")
    assert "c1 c3" not in exported.attachments[0].data.decode()
    shown = steps_text((("l10 l12", False), ("c1 c3", True)))
    everything = [m.content for m in world.fake.messages_in(world.channel)]
    everything += [m.content for m in letters(world, world.bob)]
    assert not any("c1 c3" in content or shown in content for content in everything)


async def test_make_move_pressed_while_waiting_queues_a_line(world: World, bot: GameBot) -> None:
    game = await opened(world, bot)
    boards = world.fake.messages_in(world.channel)
    board = [m for m in boards if any(i.startswith("makemove:") for i in m.custom_ids())][-1]
    pressed = await world.fake.press_button(world.alice, board, make_move_id(board))
    modal = (await pressed).modal
    assert modal is not None and modal["custom_id"] == f"premove:{game}"
    assert len(modal["title"]) <= 45
    queued = await (await world.fake.submit_modal(pressed, {"move": "l10 l12; c1 c3"}))
    assert queued.ephemeral
    line = Line(1, (("l10 l12", False), ("c1 c3", True)))
    assert queued.content == queued_text(game, line, world.alice.locale)
    again = await world.fake.press_button(world.alice, board, make_move_id(board))
    assert (await again).modal is not None
    refused = await (await world.fake.submit_modal(again, {"move": "l10 l12"}))
    assert refused.ephemeral
    unanswered = errors.LineUnansweredError("")
    assert refused.content == describe_error(unanswered, world.alice.locale)
    moved = await run(world, world.bob, "move", {"move": "l10 l12"})
    assert "`c1 c3`" in moved.content  # the line queued by the form was played


async def test_in_a_pool_game_a_line_is_queued_in_the_bots_dms(world: World) -> None:
    """A pool game (issue 53) lives in both players' DMs: /premove there queues the line in the
    player's pool game that waits for their opponent, and the answer reaches both DMs."""
    other = world.fake.add_guild("Zweiter Server")
    dave = world.fake.add_user("dave", guilds=[other])
    async with running(world) as bot:
        await everywhere(world, bot)  # /seek and /premove in DMs are global
        await run(world, world.alice, "seek join", {"game": "ponte"})
        [waiting] = await bot.service.seeks.mine(world.alice.id)
        await run(world, dave, "seek join", {"game": "ponte"}, channel=other.text_channel)
        view = await bot.service.queries.game_in(pool_place(waiting.id))
        by_id = {world.alice.id: world.alice, dave.id: dave}
        first = by_id[view.first_id]
        second = by_id[view.second_id]
        await run(world, first, "move", {"move": "a1 a3"}, channel=world.fake.dm_channel(first))
        dm = world.fake.dm_channel(first)
        queued = await run(world, first, "premove", {"line": "l10 l12; c1 c3"}, channel=dm)
        assert queued.ephemeral, queued.content
        line = Line(1, (("l10 l12", False), ("c1 c3", True)))
        assert queued.content == queued_text(view.id, line, first.locale)
        theirs = world.fake.dm_channel(second)
        moved = await run(world, second, "move", {"move": "l10 l12"}, channel=theirs)
        assert not moved.ephemeral and "`c1 c3`" in moved.content
        after = await bot.service.queries.game(view.id)
        assert str(after.game.moves[-1]) == "c1 c3" and after.to_move_id == second.id
        await world.fake.world.wait_until(
            lambda: [m for m in world.fake.messages_in(dm) if "`c1 c3`" in m.content] or None,
            timeout=TIMEOUT,
            what="the answer in the DMs of its player",
        )
