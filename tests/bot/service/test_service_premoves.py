"""Conditional moves (issue 54, point 1): lines queued on the opponent's turn, each move checked
where it would be played; the answer played at once, in the opponent's move's transaction, when
the line expected it; every line dropped (and its owner told) by a turn none expected; cleared by
a takeback and by the game's end; bounded, and their owner's alone."""

from __future__ import annotations

from collections.abc import Hashable

import pytest

from bot.games.kind import SomeGame
from bot.service import GameService, GameView, MoveResult, errors
from bot.service import premoves as premoves_module
from bot.service import writer as writer_module
from bot.service.owed import PostData
from bot.service.premoves import LINE_DEPTH, LINES_PER_GAME, LinesDropped
from bot.store import games, premoves
from engine.errors import IllegalMoveError, InvalidMoveError
from testing.servicekit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    FakeClock,
    computer_turns,
    owed,
    shown,
    start_computer_game,
    start_game,
)

THREE_DEEP = "l10 l12; c1 c3; j10 j12; e1 e3; g10 g12; g1 g3"
"""Bob's three turns and Alice's answer to each, after Alice's `a1 a3` (Ponte, 12x12)."""


async def opened(service: GameService) -> int:
    """A Ponte game where Alice has made her first turn and Bob is to move; its id."""
    game = (await start_game(service)).view.id
    await service.moves.play(CHANNEL, ALICE, "a1 a3")
    return game


async def test_a_three_move_line_is_played_out_answer_by_answer(service: GameService) -> None:
    await opened(service)
    queued = await service.premoves.queue(CHANNEL, ALICE, THREE_DEEP)
    assert queued.line.number == 1
    assert [mine for _, mine in queued.line.steps] == [False, True] * 3
    for theirs, ours in (("l10 l12", "c1 c3"), ("j10 j12", "e1 e3"), ("g10 g12", "g1 g3")):
        result = await service.moves.play(CHANNEL, BOB, theirs)
        assert result.answered is not None, theirs
        assert (result.answered.mover_id, result.answered.played) == (ALICE, ours)
        assert result.last.view.to_move_id == BOB  # the answer was played: Bob is to move
        assert str(result.view.game.moves[-1]) == theirs  # the move's own result is unchanged
    view = await service.queries.game_in(CHANNEL)
    assert [str(move) for move in view.game.moves[-2:]] == ["g10 g12", "g1 g3"]
    assert (await service.premoves.of(CHANNEL, ALICE)).lines == ()  # played to its end
    moves = await owed(service, "move")
    movers = [PostData(row).number("mover_id") for row in moves]
    assert movers.count(ALICE) == 4  # each answer owes its post as a typed move does
    last = await shown(service, moves[-1])  # the answer's post tells the move it answered
    assert isinstance(last, MoveResult) and last.after == (BOB, "g10 g12")
    assert await shown(service, moves[-2]) is None  # that move's own post went stale at once
    assert await owed(service, "lines_dropped_dm") == []


async def test_what_is_left_of_a_line_is_listed_after_each_answer(service: GameService) -> None:
    await opened(service)
    await service.premoves.queue(CHANNEL, ALICE, THREE_DEEP)
    await service.moves.play(CHANNEL, BOB, "l10 l12")
    (line,) = (await service.premoves.of(CHANNEL, ALICE)).lines
    assert [move for move, _ in line.steps] == ["j10 j12", "e1 e3", "g10 g12", "g1 g3"]


async def test_a_diverging_turn_drops_every_line_and_tells_their_owner(
    service: GameService,
) -> None:
    game = await opened(service)
    await service.premoves.queue(CHANNEL, ALICE, THREE_DEEP)
    await service.premoves.queue(CHANNEL, ALICE, "k10 k12; c1 c3")
    result = await service.moves.play(CHANNEL, BOB, "h10 h12")
    assert result.answered is None
    assert result.view.to_move_id == ALICE
    assert (await service.premoves.of(CHANNEL, ALICE)).lines == ()
    (letter,) = await owed(service, "lines_dropped_dm")
    assert letter.subject_id == ALICE
    told = await shown(service, letter)
    assert isinstance(told, LinesDropped)
    assert (told.view.id, told.count, told.played, told.user_id) == (game, 2, "h10 h12", ALICE)


async def test_a_line_matching_only_some_lines_plays_and_drops_the_rest_silently(
    service: GameService,
) -> None:
    await opened(service)
    await service.premoves.queue(CHANNEL, ALICE, THREE_DEEP)
    await service.premoves.queue(CHANNEL, ALICE, "k10 k12; c1 c3")
    result = await service.moves.play(CHANNEL, BOB, "k10 k12")
    assert result.answered is not None and result.answered.played == "c1 c3"
    assert (await service.premoves.of(CHANNEL, ALICE)).lines == ()  # one done, one dropped
    assert await owed(service, "lines_dropped_dm") == []


async def test_a_line_that_can_never_be_legal_is_refused_with_its_rule(
    service: GameService,
) -> None:
    await opened(service)
    with pytest.raises(errors.LineMoveError) as taken:
        await service.premoves.queue(CHANNEL, ALICE, "l10 l12; c1 c3; j10 j12; c1 c5")
    assert taken.value.params == {"position": 4, "move": "c1 c5"}
    assert isinstance(taken.value.cause, IllegalMoveError)
    with pytest.raises(errors.LineMoveError) as unreadable:
        await service.premoves.queue(CHANNEL, ALICE, "l10 l12; c1")
    assert isinstance(unreadable.value.cause, InvalidMoveError)
    with pytest.raises(errors.LineUnansweredError):
        await service.premoves.queue(CHANNEL, ALICE, "l10 l12; c1 c3; j10 j12")
    with pytest.raises(errors.LineUnansweredError):
        await service.premoves.queue(CHANNEL, ALICE, " ; ")
    with pytest.raises(errors.LineResignsError):
        await service.premoves.queue(CHANNEL, ALICE, "l10 l12; resign")
    with pytest.raises(errors.PremoveOwnTurnError):
        await service.premoves.queue(CHANNEL, BOB, "c1 c3; l10 l12")
    with pytest.raises(errors.NotAPlayerError):
        await service.premoves.queue(CHANNEL, CAROL, "l10 l12; c1 c3")
    assert (await service.premoves.of(CHANNEL, ALICE)).lines == ()  # nothing was kept


async def test_two_answers_to_one_position_are_refused_and_a_repeat_is_one_line(
    service: GameService,
) -> None:
    await opened(service)
    await service.premoves.queue(CHANNEL, ALICE, THREE_DEEP)
    with pytest.raises(errors.LineConflictError) as conflict:
        await service.premoves.queue(CHANNEL, ALICE, "l10 l12; d1 d3")
    assert conflict.value.params == {"number": 1}
    again = await service.premoves.queue(CHANNEL, ALICE, THREE_DEEP.replace(";", "\n"))
    assert again.line.number == 1
    shorter = await service.premoves.queue(CHANNEL, ALICE, "l10 l12; c1 c3")  # shares it
    assert shorter.line.number == 2
    assert len((await service.premoves.of(CHANNEL, ALICE)).lines) == 2


async def test_lines_are_bounded_in_number_and_depth(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert (LINES_PER_GAME, LINE_DEPTH) == (20, 5)
    monkeypatch.setattr(premoves_module, "LINES_PER_GAME", 2)
    monkeypatch.setattr(premoves_module, "LINE_DEPTH", 2)
    await opened(service)
    with pytest.raises(errors.LineTooDeepError) as deep:
        await service.premoves.queue(CHANNEL, ALICE, THREE_DEEP)
    assert deep.value.params == {"limit": 2}
    await service.premoves.queue(CHANNEL, ALICE, "l10 l12; c1 c3")
    await service.premoves.queue(CHANNEL, ALICE, "k10 k12; c1 c3")
    with pytest.raises(errors.TooManyLinesError) as many:
        await service.premoves.queue(CHANNEL, ALICE, "j10 j12; c1 c3")
    assert many.value.params == {"limit": 2}


async def test_lines_are_withdrawn_one_or_all(service: GameService) -> None:
    await opened(service)
    for line in (THREE_DEEP, "k10 k12; c1 c3", "j10 j12; c1 c3"):
        await service.premoves.queue(CHANNEL, ALICE, line)
    assert (await service.premoves.withdraw(CHANNEL, ALICE, 2)).count == 1
    left = (await service.premoves.of(CHANNEL, ALICE)).lines
    assert [line.steps[0][0] for line in left] == ["l10 l12", "j10 j12"]
    assert [line.number for line in left] == [1, 2]
    with pytest.raises(errors.NoLineError):
        await service.premoves.withdraw(CHANNEL, ALICE, 3)
    assert (await service.premoves.withdraw(CHANNEL, ALICE, None)).count == 2
    with pytest.raises(errors.NoLineError):
        await service.premoves.withdraw(CHANNEL, ALICE, None)


async def test_lines_are_their_owners_alone(service: GameService) -> None:
    game = await opened(service)
    await service.premoves.queue(CHANNEL, ALICE, THREE_DEEP)
    assert (await service.premoves.of(CHANNEL, BOB)).lines == ()
    for reader in (ALICE, BOB, None):
        export = await service.queries.export(game, reader_id=reader)
        assert "c1 c3" not in export.text and "l10 l12" not in export.text


async def test_a_takeback_clears_every_line(service: GameService) -> None:
    game = await opened(service)
    await service.premoves.queue(CHANNEL, ALICE, THREE_DEEP)
    await service.takebacks.request_takeback(CHANNEL, ALICE)
    await service.takebacks.answer_takeback(game, BOB, accept=True)
    await service.moves.play(CHANNEL, ALICE, "a1 a3")  # the same turn again
    result = await service.moves.play(CHANNEL, BOB, "l10 l12")
    assert result.answered is None  # the line went with the takeback
    assert (await service.premoves.of(CHANNEL, ALICE)).lines == ()


async def test_the_games_end_clears_every_line(service: GameService) -> None:
    game = await opened(service)
    await service.premoves.queue(CHANNEL, ALICE, THREE_DEEP)
    await service.moves.resign(CHANNEL, BOB)
    async with service.connection.read() as db:
        assert await premoves.game_lines(db, game) == []


async def test_an_answer_costs_no_time_of_its_players_clock(
    service: GameService, clock: FakeClock
) -> None:
    await opened(service)
    await service.premoves.queue(CHANNEL, ALICE, THREE_DEEP)
    clock.advance(hours=5)  # Bob thinks for five hours
    result = await service.moves.play(CHANNEL, BOB, "l10 l12")
    assert result.answered is not None
    async with service.connection.read() as db:
        row = await games.get_game(db, result.last.view.id)
    assert row is not None and row.last_turn_seconds == 0  # Alice's answer took no time
    now = int(clock.now.timestamp())
    assert row.turn_started_at == now  # Bob's next turn begins with the answer, in full
    assert row.deadline == now + row.move_seconds


async def bobs_turn_and_alices_rolls(
    service: GameService,
) -> tuple[GameView, str, SomeGame, Hashable, Hashable]:
    """A Verbindung game where Bob is to move: its view, the move he will play, the position
    after it, the roll Alice will then get (the test knows the game's seed) and another."""
    await start_game(service, "verbindung")
    first = await service.queries.game_in(CHANNEL)
    await service.moves.play(CHANNEL, ALICE, first.kind.example_move(first.game) or "")
    view = await service.queries.game_in(CHANNEL)
    async with service.connection.read() as db:
        row = await games.get_game(db, view.id)
    assert row is not None
    theirs = view.kind.example_move(view.game) or ""
    after = view.game.copy()
    after.push(after.parse_move(theirs))
    (coming,) = view.kind.chance(after, row.seed)
    other = next(roll for roll in after.legal_moves() if roll != coming)
    return view, theirs, after, coming, other


async def test_a_verbindung_line_is_played_only_on_the_roll_it_names(
    service: GameService,
) -> None:
    view, theirs, after, coming, other = await bobs_turn_and_alices_rolls(service)
    for roll in (coming, other):
        rolled = after.copy()
        rolled.push(roll)
        answer = view.kind.example_move(rolled)
        await service.premoves.queue(CHANNEL, ALICE, f"{theirs}; {roll}; {answer}")
    with pytest.raises(errors.LineMoveError) as unrolled:  # the answer's roll is named
        await service.premoves.queue(CHANNEL, ALICE, f"{theirs}; {answer}")
    assert isinstance(unrolled.value.cause, IllegalMoveError)
    assert unrolled.value.cause.rule == "V5"
    result = await service.moves.play(CHANNEL, BOB, theirs)
    assert result.drawn == (str(coming),)
    assert result.answered is not None and result.answered.mover_id == ALICE
    assert (await service.premoves.of(CHANNEL, ALICE)).lines == ()
    assert await owed(service, "lines_dropped_dm") == []  # one line played: none told


async def test_a_crash_before_the_answer_is_stored_undoes_the_move_too(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answer is stored in the move's own transaction: a failure between the two (a crash,
    here an error) leaves neither, so the move, made again, is answered once."""
    await opened(service)
    await service.premoves.queue(CHANNEL, ALICE, THREE_DEEP)
    before = await service.queries.game_in(CHANNEL)
    posts = len(await owed(service))

    def crash(*_: object) -> None:
        raise RuntimeError("the process died here")

    with monkeypatch.context() as patched:
        patched.setattr(writer_module, "answer_move", crash)
        with pytest.raises(RuntimeError):
            await service.moves.play(CHANNEL, BOB, "l10 l12")
    after = await service.queries.game_in(CHANNEL)
    assert after.revision == before.revision  # Bob's move was not kept without its answer
    assert len((await service.premoves.of(CHANNEL, ALICE)).lines) == 1
    assert len(await owed(service)) == posts  # and owed no post
    result = await service.moves.play(CHANNEL, BOB, "l10 l12")
    assert result.answered is not None and result.answered.played == "c1 c3"
    view = await service.queries.game_in(CHANNEL)
    assert [str(move) for move in view.game.moves].count("c1 c3") == 1


async def test_the_computers_expected_move_is_answered_and_its_next_turn_queued(
    service: GameService,
) -> None:
    await start_computer_game(service)
    await service.moves.play(CHANNEL, ALICE, "a1 a3")
    await service.premoves.queue(CHANNEL, ALICE, THREE_DEEP)
    [turn] = await computer_turns(service)
    result = await service.computer.play_computer(turn, "l10 l12")
    assert result is not None and result.answered is not None
    assert result.answered.played == "c1 c3"
    [after] = await computer_turns(service)  # the computer is to move again, at the answer
    assert after.revision == result.last.view.revision


async def test_a_verbindung_line_on_another_roll_is_dropped_naming_the_move(
    service: GameService,
) -> None:
    view, theirs, after, _, other = await bobs_turn_and_alices_rolls(service)
    after.push(other)
    await service.premoves.queue(
        CHANNEL, ALICE, f"{theirs}; {other}; {view.kind.example_move(after)}"
    )
    result = await service.moves.play(CHANNEL, BOB, theirs)
    assert result.answered is None  # the roll the line named did not come up
    (letter,) = await owed(service, "lines_dropped_dm")
    told = await shown(service, letter)
    assert isinstance(told, LinesDropped) and told.played == theirs  # the move, not the roll
