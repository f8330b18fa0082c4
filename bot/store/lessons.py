"""SQL for the learners' progress through the games' lessons (issue 48): one row per learner and
game, the step they are on. A step is done by moving the row from that step to the next, so an
answer submitted twice (a double click, two open lesson messages) moves it once."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.connection import Db
from bot.store.rows import _FromRow


@dataclass(frozen=True, slots=True)
class LessonProgress(_FromRow):
    """Where a learner stands in a game's lesson."""

    user_id: int
    game_kind: str
    step: int  # the step they are on: how many steps they did
    started_at: int
    updated_at: int
    finished_at: int | None  # when they did the last step


_SELECT = f"SELECT {LessonProgress.columns()} FROM lesson_progress"


async def progress(db: Db, user_id: int, game_kind: str) -> LessonProgress | None:
    """Where `user_id` stands in the lesson of `game_kind`, None before they began it."""
    return await LessonProgress.one(
        db, f"{_SELECT} WHERE user_id = ? AND game_kind = ?", (user_id, game_kind)
    )


async def begin(db: Db, user_id: int, game_kind: str, now: int, *, again: bool) -> None:
    """`user_id` begins the lesson of `game_kind` (nothing changes for one begun already,
    unless `again`: then it starts over at its first step)."""
    await db.execute(
        "INSERT INTO lesson_progress (user_id, game_kind, step, started_at, updated_at)"
        " VALUES (?, ?, 0, ?, ?) ON CONFLICT (user_id, game_kind) DO NOTHING",
        (user_id, game_kind, now, now),
    )
    if again:
        await db.execute(
            "UPDATE lesson_progress SET step = 0, started_at = ?, updated_at = ?,"
            " finished_at = NULL WHERE user_id = ? AND game_kind = ?",
            (now, now, user_id, game_kind),
        )


async def step_done(
    db: Db, user_id: int, game_kind: str, step: int, now: int, *, last: bool
) -> bool:
    """Step `step` is done: the learner goes on to the next (`last`: the lesson is finished).
    False when they were not on that step (it was done already)."""
    changed = await db.execute(
        "UPDATE lesson_progress SET step = step + 1, updated_at = ?,"
        " finished_at = CASE WHEN ? = 1 THEN ? ELSE finished_at END"
        " WHERE user_id = ? AND game_kind = ? AND step = ?",
        (now, int(last), now, user_id, game_kind, step),
    )
    return changed == 1
