"""Make move (issue 28, point 5): every turn message in a server with the bot carries a button that
opens a modal with the move field (the notation, an example from the position or the roll) and a
select of good moves; the submission is played as `/move` plays it and answered with a new public
board that pings the opponent. Only the player to move may use it; an outdated board says
privately where the game stands."""

from __future__ import annotations

from typing import Any

from bot.discord.app import GameBot
from bot.i18n import describe_error, text
from bot.service import GameView, errors
from testing.e2ekit import World, run, running
from testing.fakediscord import FakeMessage, FakeUser, InteractionResult

PNG = b"\x89PNG\r\n\x1a\n"


async def start(world: World, kind: str) -> FakeMessage:
    """alice challenges bob (alice first); bob accepts; the start's board, alice to move."""
    challenge = await run(
        world, world.alice, "challenge", {"game": kind, "opponent": world.bob, "first": "me"}
    )
    accept_id = challenge.message.custom_ids()[0]
    mark = world.fake.mark()
    await (await world.fake.press_button(world.bob, challenge.message, accept_id))
    return await world.fake.wait_for_message(world.channel, since=mark)


def make_move_id(message: FakeMessage) -> str:
    """The Make move button's custom id on `message` (`AssertionError` if it has none)."""
    found = [cid for cid in message.custom_ids() if cid.startswith("makemove:")]
    assert len(found) == 1, message.custom_ids()
    return found[0]


async def press(world: World, user: FakeUser, board: FakeMessage) -> Any:
    """`user` presses Make move on `board`; the handle (its answer: a modal or a message)."""
    return await world.fake.press_button(user, board, make_move_id(board))


def fields(modal: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The modal's labels by the custom id of the field each holds."""
    return {c["component"]["custom_id"]: c for c in modal["components"] if c["type"] == 18}


async def make_move(
    world: World, user: FakeUser, board: FakeMessage, typed: str = "", picked: str = ""
) -> InteractionResult:
    """Press Make move on `board`, then submit the modal with `typed` and/or `picked`."""
    opened = await press(world, user, board)
    assert (await opened).modal is not None
    entered: dict[str, Any] = {"move": typed}
    if picked:
        entered["pick"] = [picked]
    return await (await world.fake.submit_modal(opened, entered))


async def play_by_button(world: World, bot: GameBot, board: FakeMessage, turns: int) -> GameView:
    """`turns` turns by Make move, each picked from the modal's good moves (the first one) or,
    every other turn, typed as the field's own example; each answer checked."""
    for turn in range(turns):
        view = await bot.service.queries.game_in(world.channel.id)
        mover = world.alice if view.to_move_id == world.alice.id else world.bob
        other = world.bob if mover is world.alice else world.alice
        opened = await press(world, mover, board)
        modal = (await opened).modal
        assert modal is not None and len(modal["title"]) <= 45
        field, pick = fields(modal)["move"], fields(modal)["pick"]
        example = field["component"]["placeholder"]
        assert example == view.kind.example_move(view.game)  # from this very position
        assert example in field["description"]
        good = [option["value"] for option in pick["component"]["options"]]
        assert good == view.kind.suggest(view.game, "")
        entered: dict[str, Any] = {"move": example} if turn % 2 else {"move": "", "pick": [good[0]]}
        answer = await (await world.fake.submit_modal(opened, entered))
        assert not answer.ephemeral, answer.content
        assert answer.message.pinged == [other]  # a new message: the opponent is notified
        assert answer.attachments[0].data.startswith(PNG)
        played = entered["move"] or good[0]
        after = await bot.service.queries.game_in(world.channel.id)
        expected = view.game.parse_move(played, by=view.game.to_move)
        assert str(after.game.moves[len(view.game.moves)]) == str(expected)
        board = answer.message
    return await bot.service.queries.game_in(world.channel.id)


async def test_a_ponte_game_goes_on_by_make_move_alone(world: World, bot: GameBot) -> None:
    board = await start(world, "ponte")
    first = await bot.service.queries.game_in(world.channel.id)
    assert make_move_id(board) == f"makemove:{first.id}:{first.revision}"
    assert text("en", "button.make_move") in [c.get("label") for c in board.iter_components()]
    view = await play_by_button(world, bot, board, 4)
    assert len(view.game.moves) == 4 and view.is_active


async def test_a_verbindung_game_goes_on_by_make_move_with_its_roll(
    world: World, bot: GameBot
) -> None:
    board = await start(world, "verbindung")
    view = await bot.service.queries.game_in(world.channel.id)
    opened = await press(world, world.alice, board)
    modal = (await opened).modal
    assert modal is not None
    shown = [c["content"] for c in modal["components"] if c["type"] == 10]
    roll = str(view.game.moves[-1]).split()[1]  # "roll arcs ...": a die rolled for alice
    assert any(roll in line for line in shown)  # the roll, in words and notation
    nothing = await (await world.fake.submit_modal(opened, {"move": "", "pick": []}))
    assert nothing.ephemeral and nothing.content == text("en", "makemove.empty")
    view = await play_by_button(world, bot, board, 3)
    assert view.is_active


async def test_only_the_player_to_move_may_use_it(world: World, bot: GameBot) -> None:
    board = await start(world, "ponte")
    before = await bot.service.queries.game_in(world.channel.id)
    players = (world.alice.id, world.bob.id)
    error = errors.NotAPlayerError("", players=players)
    answer = await (await press(world, world.carol, board))
    assert answer.modal is None and answer.ephemeral
    assert answer.content == describe_error(error, world.carol.locale)
    waiting = await (await press(world, world.bob, board))  # the player who waits
    assert waiting.modal is not None  # queues a line instead (issue 54): no move is made
    assert waiting.modal["custom_id"] == f"premove:{before.id}"
    assert make_move_id(board)  # still there for alice
    after = await bot.service.queries.game_in(world.channel.id)
    assert after.revision == before.revision


async def test_an_outdated_board_says_where_the_game_stands(world: World, bot: GameBot) -> None:
    board = await start(world, "ponte")
    moved = await run(world, world.alice, "move", {"move": "c3 e5"})
    assert make_move_id(moved.message)  # /move's board has the button too
    pressed = await press(world, world.bob, board)  # the start's board, bob to move now
    assert (await pressed).modal is None
    edited, note = await pressed.wait_for_messages(2)  # the board loses its button; a note
    assert edited is board
    assert note.ephemeral
    assert note.content.startswith(text("de", "makemove.outdated"))
    now = await bot.service.queries.game_in(world.channel.id)
    assert bot.scribe.texts.status_text(now, "de") in note.content  # bob to move
    assert board.components == []  # the outdated board's button is gone
    # A modal opened on the latest board, submitted after the game moved on, plays nothing.
    opened = await press(world, world.bob, moved.message)
    mark = world.fake.mark()
    await run(world, world.bob, "resign")
    await world.fake.wait_for_message(  # the replay: the game's last post
        world.channel, since=mark, check=lambda m: any(a.data[:3] == b"GIF" for a in m.attachments)
    )
    late = await world.fake.submit_modal(opened, {"move": "h8 j10"})
    await late
    _, note = await late.wait_for_messages(2)
    assert note.ephemeral and note.content.startswith(text("de", "makemove.outdated"))
    assert moved.message.components == []
    game = await bot.service.queries.latest_game_in(world.channel.id)
    assert [str(m) for m in game.game.moves][:1] == ["c3 e5"] and not game.is_active


async def test_a_bad_move_in_the_modal_is_answered_as_move_answers_it(
    world: World, bot: GameBot
) -> None:
    board = await start(world, "ponte")
    for typed in ("a1 zz9", "c3 c3"):
        by_command = await run(world, world.alice, "move", {"move": typed})
        by_button = await make_move(world, world.alice, board, typed)
        assert by_button.ephemeral and by_button.content == by_command.content
    empty = await make_move(world, world.alice, board)
    assert empty.ephemeral and empty.content == text("en", "makemove.empty")
    view = await bot.service.queries.game_in(world.channel.id)
    assert view.game.moves == () and make_move_id(board)


async def test_a_modal_opened_before_a_restart_is_played_after_it(world: World) -> None:
    async with running(world):
        board = await start(world, "ponte")
        opened = await press(world, world.alice, board)
        assert (await opened).modal is not None
    async with running(world) as bot:
        answer = await (await world.fake.submit_modal(opened, {"move": "c3 e5"}))
        assert not answer.ephemeral and answer.message.pinged == [world.bob]
        view = await bot.service.queries.game_in(world.channel.id)
        assert [str(m) for m in view.game.moves] == ["c3 e5"]
        again = await press(world, world.bob, answer.message)  # the button, after a restart
        assert (await again).modal is not None
