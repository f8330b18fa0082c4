"""Takebacks (issue 15): only of the asker's own last turn and only before the opponent moves,
one request at a time, lapsing with the next move; on acceptance the position and the asker's
clock are as before that turn, in Verbindung with the same roll; the computer grants them at the
easy level only; the record keeps what was taken back."""

from __future__ import annotations

import pytest

from bot.service import GameService, TakebackAction, errors
from bot.service.deadlines import HOUR
from testing.servicekit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    COMPUTER,
    FakeClock,
    start_computer_game,
    start_game,
)


async def test_a_takeback_accepted_restores_the_position_and_the_askers_clock(
    service: GameService, clock: FakeClock
) -> None:
    started = await start_game(service, move_seconds=10 * HOUR)
    clock.advance(hours=3)  # alice thinks three hours
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    clock.advance(hours=5)  # bob considers the request for five
    asked = await service.takebacks.request_takeback(CHANNEL, ALICE)
    assert (asked.action, asked.taken) == (TakebackAction.ASKED, ("a1 c1",))
    answered = await service.takebacks.answer_takeback(asked.view.id, BOB, accept=True)
    assert answered.action is TakebackAction.ACCEPTED and answered.asker_id == ALICE
    view = answered.view
    assert list(view.game.moves) == [] and view.to_move_id == ALICE
    # Alice has the seven hours she had left when she moved; bob's five are not hers.
    now = int(clock.now.timestamp())
    assert view.deadline_at == now + 7 * HOUR
    assert view.revision == started.view.revision + 2  # a takeback is a change like a move
    record = (await service.queries.export(view.id)).text
    assert "; taken back: a1 c1" in record


async def test_a_move_made_for_the_position_before_a_takeback_is_stale_after_it(
    service: GameService,
) -> None:
    await start_game(service)
    seen = (await service.moves.play(CHANNEL, ALICE, "a1 c1")).view.revision  # what bob looks at
    asked = await service.takebacks.request_takeback(CHANNEL, ALICE)
    await service.takebacks.answer_takeback(asked.view.id, BOB, accept=True)
    await service.moves.play(
        CHANNEL, ALICE, "l12 j12"
    )  # as many moves as bob saw, another position
    with pytest.raises(errors.StalePositionError):
        await service.moves.play(CHANNEL, BOB, "f6 h8", seen)
    assert [str(move) for move in (await service.queries.game_in(CHANNEL)).game.moves] == [
        "j12 l12"
    ]


async def test_in_verbindung_the_roll_of_the_turn_stays(service: GameService) -> None:
    started = await start_game(service, "verbindung")
    roll = str(started.view.game.moves[-1])
    move = str(started.view.kind.suggest(started.view.game, "")[0])
    moved = await service.moves.play(CHANNEL, ALICE, move)
    next_roll = moved.drawn
    asked = await service.takebacks.request_takeback(CHANNEL, ALICE)
    assert asked.taken == (move, *next_roll)  # the turn and the roll drawn after it
    back = (await service.takebacks.answer_takeback(asked.view.id, BOB, accept=True)).view
    assert str(back.game.moves[-1]) == roll
    again = await service.moves.play(CHANNEL, ALICE, move)
    assert again.drawn == next_roll  # a takeback never draws new dice


async def test_only_the_last_own_turn_before_the_opponent_moves_can_be_taken_back(
    service: GameService,
) -> None:
    await start_game(service)
    with pytest.raises(errors.NoMoveToTakeBackError):
        await service.takebacks.request_takeback(CHANNEL, ALICE)
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    with pytest.raises(errors.NoMoveToTakeBackError):  # bob has not moved at all
        await service.takebacks.request_takeback(CHANNEL, BOB)
    with pytest.raises(errors.NotAPlayerError):
        await service.takebacks.request_takeback(CHANNEL, CAROL)
    await service.takebacks.request_takeback(CHANNEL, ALICE)
    with pytest.raises(errors.TakebackAlreadyAskedError):
        await service.takebacks.request_takeback(CHANNEL, ALICE)
    with pytest.raises(errors.OwnTakebackRequestError):
        await service.takebacks.answer_takeback(1, ALICE, accept=True)


async def test_a_request_lapses_when_the_opponent_moves_and_a_decline_changes_nothing(
    service: GameService,
) -> None:
    await start_game(service)
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    asked = await service.takebacks.request_takeback(CHANNEL, ALICE)
    declined = await service.takebacks.answer_takeback(asked.view.id, BOB, accept=False)
    assert declined.action is TakebackAction.DECLINED
    assert [str(m) for m in declined.view.game.moves] == ["a1 c1"]
    with pytest.raises(errors.NoTakebackRequestError):
        await service.takebacks.answer_takeback(asked.view.id, BOB, accept=True)
    await service.takebacks.request_takeback(CHANNEL, ALICE)
    await service.moves.play(CHANNEL, BOB, "swap")  # moving lets the request lapse
    with pytest.raises(errors.NoTakebackRequestError):
        await service.takebacks.answer_takeback(asked.view.id, BOB, accept=True)
    with pytest.raises(errors.OpponentMovedError):
        await service.takebacks.request_takeback(CHANNEL, ALICE)


@pytest.mark.parametrize(("level", "granted"), [("easy", True), ("normal", False), ("hard", False)])
async def test_the_computer_grants_a_takeback_at_the_easy_level_only(
    service: GameService, level: str, granted: bool
) -> None:
    view = await start_computer_game(service, player_first=True, level=level)
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    result = await service.takebacks.request_takeback(CHANNEL, ALICE)
    expected = TakebackAction.ACCEPTED if granted else TakebackAction.REFUSED
    assert result.action is expected
    now = await service.queries.game(view.id)
    assert len(now.game.moves) == (0 if granted else 1)


async def test_a_computer_move_thought_before_a_takeback_is_not_played_after_it(
    service: GameService,
) -> None:
    await start_computer_game(service, player_first=True, level="easy")
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    view = await service.queries.game_in(CHANNEL)
    stale = await service.computer.computer_turn(view.id)
    assert stale is not None
    await service.takebacks.request_takeback(CHANNEL, ALICE)  # granted at once
    await service.moves.play(CHANNEL, ALICE, "l12 j12")  # the same length again, another position
    assert await service.computer.play_computer(stale, "swap") is None


async def test_against_the_computer_a_takeback_takes_its_answer_back_too(
    service: GameService, clock: FakeClock
) -> None:
    view = await start_computer_game(service, player_first=True, move_seconds=10 * HOUR)
    clock.advance(hours=3)  # alice thinks three hours
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    turn = await service.computer.computer_turn(view.id)
    assert turn is not None
    await service.computer.play_computer(turn, "f6 h8")  # the computer answers at once
    clock.advance(hours=1)
    taken = await service.takebacks.request_takeback(CHANNEL, ALICE)
    assert taken.action is TakebackAction.ACCEPTED
    assert (taken.taken, taken.own, taken.answer) == (("a1 c1", "f6 h8"), ("a1 c1",), ("f6 h8",))
    after = taken.view
    assert list(after.game.moves) == [] and after.to_move_id == ALICE
    # Alice has the seven hours she had left when she moved; the hour since is not hers.
    assert after.deadline_at == int(clock.now.timestamp()) + 7 * HOUR
    assert await service.computer.computer_turn(view.id) is None  # nothing for the computer to do
    record = (await service.queries.export(view.id)).text
    assert "; taken back: a1 c1 | f6 h8" in record
    again = await service.moves.play(CHANNEL, ALICE, "l12 j12")  # and the game goes on
    assert again.next_id == COMPUTER


async def test_a_verbindung_takeback_knows_whose_rolls_went_with_it(service: GameService) -> None:
    started = await start_game(service, "verbindung")
    move = str(started.view.kind.suggest(started.view.game, "")[0])
    moved = await service.moves.play(CHANNEL, ALICE, move)
    asked = await service.takebacks.request_takeback(CHANNEL, ALICE)
    assert asked.own == (move,) and asked.answer == ()
    assert asked.rolls == ((BOB, moved.drawn[0]),)  # bob's roll goes back with it

    computer = await start_computer_game(service, "verbindung", channel_id=CHANNEL + 1)
    move = str(computer.kind.suggest(computer.game, "")[0])
    mine = await service.moves.play(CHANNEL + 1, ALICE, move)
    turn = await service.computer.computer_turn(computer.id)
    assert turn is not None
    answer = str(mine.view.kind.suggest(mine.view.game, "")[0])
    answered = await service.computer.play_computer(turn, answer)
    assert answered is not None
    taken = await service.takebacks.request_takeback(CHANNEL + 1, ALICE)
    assert (taken.action, taken.own, taken.answer) == (TakebackAction.ACCEPTED, (move,), (answer,))
    assert taken.rolls == ((COMPUTER, mine.drawn[0]), (ALICE, answered.drawn[0]))
    assert [str(m) for m in taken.view.game.moves] == [str(computer.game.moves[0])]
