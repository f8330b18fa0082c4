"""The games' lessons (issue 48): a learner's progress through a game's lesson, and their moves
on its steps, checked by the engine.

A lesson is the game's own data (`GameKind.lesson`, see `bot.games.lessons`); the service keeps
only where each learner stands (the step they are on), so a lesson goes on where it stopped after
a restart. A move is read and checked by the engine as any move of a game is: text that is no
move raises `InvalidMoveError`, a move that breaks a rule `IllegalMoveError` with the rule and
what exactly is wrong, each explained to the learner in their language; a legal move is right
when it does what the step asks (its goal), else the step's hint is the answer. Nothing costs an
analysis, and nothing here thinks: a lesson's checks take milliseconds.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.games import SomeGame, SomeKind
from bot.games.lessons import Lesson
from bot.service.context import Context
from bot.service.errors import RollNotYoursError, ServiceError
from bot.store import lessons
from bot.store.lessons import LessonProgress
from engine.errors import InvalidMoveError


class NoLessonError(ServiceError):
    """The game `params['game']` has no lesson."""

    key = "no_lesson"


class LessonChannelBusyError(ServiceError):
    """A game runs in the channel where a learner pressed Play the computer, and no thread of
    it can be opened for theirs (a DM, a group DM, a thread, or where the bot only answers)."""

    key = "lesson_channel_busy"


class LessonGameHereError(ServiceError):
    """The learner pressed Play the computer where their own game runs already (a second
    press, say): that game is theirs to play, and no other is started."""

    key = "lesson_game_here"


class Verdict(enum.StrEnum):
    """What became of a learner's move."""

    RIGHT = "right"  # the step is done: on to the next
    WRONG = "wrong"  # legal, but not what the step asks: its hint, and another try
    MOVED_ON = "moved_on"  # the learner is past that step already (an older lesson message)


@dataclass(frozen=True, slots=True)
class LessonStep:
    """Where a learner stands in a lesson: the step `number` (0-based) of `total`, its position
    (None once every step is done: `finished`)."""

    kind: SomeKind
    lesson: Lesson[SomeGame]
    number: int
    position: SomeGame | None

    @property
    def total(self) -> int:
        """How many steps the lesson has."""
        return len(self.lesson.steps)

    @property
    def finished(self) -> bool:
        """Every step is done."""
        return self.number >= self.total

    def text_key(self, part: str) -> str:
        """The catalogue key of this step's `part` (`bot.games.lessons.PARTS`)."""
        return self.lesson.text_key(self.number, part)


@dataclass(frozen=True, slots=True)
class LessonAnswer:
    """A learner's move on a step: the verdict, the move as the engine writes it, the position
    after it (the step's, for `MOVED_ON`), and where the learner stands now."""

    verdict: Verdict
    played: str
    after: SomeGame | None
    now: LessonStep


class Lessons:
    """The use cases of the lessons."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def lesson_of(self, game_kind: str) -> tuple[SomeKind, Lesson[SomeGame]]:
        """The game called `game_kind` and its lesson; raises `UnknownGameError` and
        `NoLessonError`."""
        kind = self.ctx.kind(game_kind)
        lesson = kind.lesson()
        if lesson is None:
            raise NoLessonError(f"{kind.key} has no lesson", game=kind.key)
        return kind, lesson

    def games(self) -> tuple[str, ...]:
        """The keys of the games that have a lesson, in the registry's order."""
        return tuple(kind.key for kind in self.ctx.registry if kind.lesson() is not None)

    def variant(self, game_kind: str) -> str:
        """The variant the lesson of `game_kind` teaches on, and so the one a learner's first
        game is played on; raises as `lesson_of`."""
        return self.lesson_of(game_kind)[1].variant

    async def show(self, user_id: int, game_kind: str, *, again: bool = False) -> LessonStep:
        """Where `user_id` stands in the lesson of `game_kind`, begun now if it was not
        (`again`: started over at its first step). Raises as `lesson_of`."""
        kind, lesson = self.lesson_of(game_kind)
        async with self.ctx.connection.transaction() as db:
            await lessons.begin(db, user_id, kind.key, self.ctx.now(), again=again)
            found = await lessons.progress(db, user_id, kind.key)
        assert found is not None  # begun above
        return self._step(kind, lesson, found)

    async def answer(self, user_id: int, game_kind: str, step: int, text: str) -> LessonAnswer:
        """`user_id` plays `text` on step `step` of the lesson of `game_kind`. Right, they go on
        to the next step; legal but not what the step asks, nothing changes (the step's hint
        says why); on a step they are past, nothing changes. Raises `InvalidMoveError` (with
        the game's key) for text that is no move, `RollNotYoursError` for a roll, the engine's
        `IllegalMoveError` for a move the rules forbid, and as `lesson_of`."""
        kind, lesson = self.lesson_of(game_kind)
        async with self.ctx.connection.read() as db:
            found = await lessons.progress(db, user_id, kind.key)
        if found is None or found.step != step or step >= len(lesson.steps):
            now = await self.show(user_id, kind.key)
            return LessonAnswer(Verdict.MOVED_ON, text.strip(), now.position, now)
        before = lesson.position(step)
        after, played = _played(kind, before, text)
        if not lesson.steps[step].goal(before.copy(), after.copy()):
            current = LessonStep(kind, lesson, step, before)
            return LessonAnswer(Verdict.WRONG, played, after, current)
        last = step + 1 == len(lesson.steps)
        async with self.ctx.connection.transaction() as db:
            moved = await lessons.step_done(db, user_id, kind.key, step, self.ctx.now(), last=last)
            found = await lessons.progress(db, user_id, kind.key)
        assert found is not None
        verdict = Verdict.RIGHT if moved else Verdict.MOVED_ON
        return LessonAnswer(verdict, played, after, self._step(kind, lesson, found))

    def position(self, game_kind: str, step: int) -> SomeGame:
        """The position of step `step` of the lesson of `game_kind` (for the answer box's
        example); raises as `lesson_of`, and `IndexError` for a step it does not have."""
        _, lesson = self.lesson_of(game_kind)
        return lesson.position(step)

    @staticmethod
    def _step(kind: SomeKind, lesson: Lesson[SomeGame], found: LessonProgress) -> LessonStep:
        number = min(found.step, len(lesson.steps))
        position = None if number >= len(lesson.steps) else lesson.position(number)
        return LessonStep(kind, lesson, number, position)


def _played(kind: SomeKind, before: SomeGame, text: str) -> tuple[SomeGame, str]:
    """The position after the learner's `text` on `before`, and the move in notation; raises
    the engine's errors (an unreadable move names the game, for its notation) and
    `RollNotYoursError` for a chance event."""
    try:
        move = before.parse_move(text)
    except InvalidMoveError as error:
        error.game = kind.key
        raise
    if before.is_chance(move):
        raise RollNotYoursError("the lesson rolls the dice", kind.example_move(before))
    before.check(move)
    after = before.copy()
    after.push(move)
    return after, str(move)
