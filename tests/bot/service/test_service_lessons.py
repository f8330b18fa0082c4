"""The lessons through the service, on both backends: a learner's progress (begun once, kept,
started over), moves checked by the engine (unreadable, illegal, legal but beside the point,
right), a right move counted once, and an answer on a step the learner is past."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.service import GameService
from bot.service.errors import RollNotYoursError, UnknownGameError
from bot.service.lessons import NoLessonError, Verdict
from engine.errors import IllegalMoveError, InvalidMoveError
from testing.servicekit import ALICE, BOB, FakeClock, open_service
from testing.toygame import TOY


async def test_a_learner_begins_at_the_first_step_and_keeps_their_place(
    service: GameService, clock: FakeClock
) -> None:
    first = await service.lessons.show(ALICE, "ponte")
    assert (first.number, first.total, first.finished) == (0, 8, False)
    assert first.position is not None and first.position.ply == 0
    made = await service.lessons.answer(ALICE, "ponte", 0, "e5 f6")
    assert made.verdict is Verdict.RIGHT and made.now.number == 1
    assert (await service.lessons.show(ALICE, "ponte")).number == 1  # kept
    assert (await service.lessons.show(BOB, "ponte")).number == 0  # each learner their own
    assert (await service.lessons.show(ALICE, "ponte", again=True)).number == 0


async def test_moves_are_checked_by_the_engine(service: GameService) -> None:
    await service.lessons.show(ALICE, "ponte")
    await service.lessons.answer(ALICE, "ponte", 0, "e5 f6")
    with pytest.raises(IllegalMoveError) as illegal:
        await service.lessons.answer(ALICE, "ponte", 1, "d3 d7")  # five stones
    assert illegal.value.rule == "P7"
    with pytest.raises(InvalidMoveError) as unreadable:
        await service.lessons.answer(ALICE, "ponte", 1, "d3")
    assert unreadable.value.game == "ponte"  # its answer shows Ponte's notation
    beside = await service.lessons.answer(ALICE, "ponte", 1, "a1 a2")  # legal: no island
    assert beside.verdict is Verdict.WRONG and beside.now.number == 1
    assert (await service.lessons.show(ALICE, "ponte")).number == 1  # nothing changed


async def test_a_roll_is_the_lessons_not_the_learners(service: GameService) -> None:
    await service.lessons.show(ALICE, "verbindung")
    with pytest.raises(RollNotYoursError):
        await service.lessons.answer(ALICE, "verbindung", 0, "roll red-cross red-cross")


async def test_a_right_move_twice_moves_the_learner_on_once(service: GameService) -> None:
    await service.lessons.show(ALICE, "ponte")
    first = await service.lessons.answer(ALICE, "ponte", 0, "e5 f6")
    second = await service.lessons.answer(ALICE, "ponte", 0, "e5 f6")
    assert first.verdict is Verdict.RIGHT
    assert second.verdict is Verdict.MOVED_ON and second.now.number == 1


async def test_the_last_step_finishes_the_lesson(service: GameService) -> None:
    await service.lessons.show(ALICE, "verbindung")
    lesson = service.kind("verbindung").lesson()
    assert lesson is not None
    rights = ["red-bridge b6 ns", "red-cross b5", "white-cross b4", "red-cross b4, red-cross b3",
              "exchange a2", "red-cross e5, red-bridge f5 ew"]  # fmt: skip
    for number, move in enumerate(rights):
        made = await service.lessons.answer(ALICE, "verbindung", number, move)
        assert made.verdict is Verdict.RIGHT, move
    assert made.now.finished and made.now.position is None
    assert made.after is not None and made.after.is_over  # the winning position, to show
    behind = await service.lessons.answer(ALICE, "verbindung", 5, "red-cross e5")
    assert behind.verdict is Verdict.MOVED_ON


async def test_progress_survives_reopening_the_database(database_at: str, clock: FakeClock) -> None:
    service = await open_service(database_at, clock)
    await service.lessons.show(ALICE, "ponte")
    await service.lessons.answer(ALICE, "ponte", 0, "e5 f6")
    await service.connection.close()
    reopened = await open_service(database_at, clock)
    try:
        assert (await reopened.lessons.show(ALICE, "ponte")).number == 1
    finally:
        await reopened.connection.close()


async def test_a_game_without_a_lesson_or_no_game_at_all(service: GameService) -> None:
    with pytest.raises(UnknownGameError):
        await service.lessons.show(ALICE, "chess")
    assert service.lessons.games() == ("ponte", "verbindung")
    assert TOY.lesson() is None  # a game's lesson is its own: the toy game has none


async def test_a_third_game_without_a_lesson_is_refused(database_at: str, clock: FakeClock) -> None:
    service = await open_service(database_at, clock, registry=GAMES.with_kind(TOY))
    try:
        with pytest.raises(NoLessonError):
            await service.lessons.show(ALICE, TOY.key)
        assert TOY.key not in service.lessons.games()
    finally:
        await service.connection.close()
