"""SQL for the analyses of finished games (issue 29): one row per game asked for, and one row
per reviewed turn. A thinking process claims an unfinished analysis for one turn at a time (for
a lease, as `jobs` claims the computer's moves), so an analysis cut by a restart goes on at its
first unreviewed turn, and a finished one is read back whole."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.store.connection import Db
from bot.store.rows import _FromRow

ANALYSIS = "analysis"
"""The channel on which processes hear of a new analysis or a reviewed turn (NOTIFY)."""


class AnalysisState(StrEnum):
    """Where an analysis stands."""

    WAITING = "waiting"  # asked for, no turn reviewed yet
    RUNNING = "running"  # some turns reviewed
    DONE = "done"  # every turn reviewed
    FAILED = "failed"  # a turn could not be reviewed, try after try: given up for good


@dataclass(frozen=True, slots=True)
class AnalysisRow(_FromRow):
    """An analysis as stored (without its reviewed turns)."""

    game_id: int
    asked_by: int
    asked_at: int
    state: AnalysisState
    turns: int
    done: int
    failing_turn: int | None  # the turn whose review failed last...
    failures: int  # ...and how many times in a row


_SELECT = f"SELECT {AnalysisRow.columns()} FROM analyses"


async def get_analysis(db: Db, game_id: int) -> AnalysisRow | None:
    """The analysis of `game_id`, None if nobody asked for one."""
    return await AnalysisRow.one(db, f"{_SELECT} WHERE game_id = ?", (game_id,))


async def add_analysis(db: Db, game_id: int, asked_by: int, now: int, turns: int) -> None:
    """`asked_by` asks for the analysis of `game_id` (of `turns` turns) now."""
    await db.execute(
        "INSERT INTO analyses (game_id, asked_by, asked_at, turns) VALUES (?, ?, ?, ?)",
        (game_id, asked_by, now, turns),
    )
    await db.notify(ANALYSIS, "")


async def asked_since(db: Db, user_id: int, since: int) -> list[int]:
    """When `user_id` asked for each analysis from `since` on, oldest first (a failed one
    cost them nothing: it is not counted)."""
    rows = await db.fetch_all(
        "SELECT asked_at FROM analyses WHERE asked_by = ? AND asked_at >= ?"
        " AND state <> 'failed' ORDER BY asked_at",
        (user_id, since),
    )
    return [row["asked_at"] for row in rows]


async def reviews(db: Db, game_id: int) -> list[str]:
    """The reviewed turns of `game_id` (their JSON), in the order of the game."""
    rows = await db.fetch_all(
        "SELECT review FROM reviewed_turns WHERE game_id = ? ORDER BY turn", (game_id,)
    )
    return [row["review"] for row in rows]


async def claim_next(db: Db, now: int, *, by: str, until: int) -> tuple[int, int] | None:
    """Claim the oldest unfinished analysis that no live claim holds, for `by` until `until`:
    its game and the first turn not yet reviewed; None when there is none. Call it in a
    transaction."""
    row = await db.fetch_one(
        "SELECT game_id, turns FROM analyses WHERE state NOT IN ('done', 'failed')"
        " AND (claimed_until IS NULL OR claimed_until <= ?)"
        f" ORDER BY asked_at, game_id LIMIT 1{db.skip_locked}",
        (now,),
    )
    if row is None:
        return None
    game_id = row["game_id"]
    # Turns are reviewed in order, but a turn saved twice (two claims racing past a lease)
    # is one row: the first gap is the next turn.
    turn = await db.number(
        "SELECT min(t.turn + 1) FROM (SELECT 0 AS turn UNION ALL"
        " SELECT turn FROM reviewed_turns WHERE game_id = ?) AS t"
        " WHERE NOT EXISTS (SELECT 1 FROM reviewed_turns r WHERE r.game_id = ?"
        " AND r.turn = t.turn + 1)",
        (game_id, game_id),
    )
    await db.execute(
        "UPDATE analyses SET claimed_by = ?, claimed_until = ? WHERE game_id = ?",
        (by, until, game_id),
    )
    return game_id, int(turn or 1)


async def save_review(db: Db, game_id: int, turn: int, review: str, now: int) -> None:
    """Keep the review of `turn` (once: a turn saved again changes nothing) and count the
    analysis on; release its claim, so the next turn is claimed afresh."""
    await db.execute(
        "INSERT INTO reviewed_turns (game_id, turn, review) VALUES (?, ?, ?)"
        " ON CONFLICT (game_id, turn) DO NOTHING",
        (game_id, turn, review),
    )
    await db.execute(
        "UPDATE analyses SET done = (SELECT count(*) FROM reviewed_turns WHERE game_id = ?),"
        " claimed_by = NULL, claimed_until = NULL WHERE game_id = ?",
        (game_id, game_id),
    )
    await db.execute(
        "UPDATE analyses SET state = 'running' WHERE game_id = ? AND done < turns"
        " AND state <> 'failed'",  # a late review (past its lease) does not undo a failure
        (game_id,),
    )
    await db.execute(
        "UPDATE analyses SET state = 'done', finished_at = ? WHERE game_id = ?"
        " AND done >= turns AND finished_at IS NULL",
        (now, game_id),
    )
    await db.notify(ANALYSIS, str(game_id))


async def review_failed(db: Db, game_id: int, turn: int, *, by: str, now: int, tries: int) -> bool:
    """The review of `turn` failed in process `by`: count it (in a row, for that turn), give
    `by`'s claim back, and give the analysis up once `tries` failures were counted. Whether
    this failure gave it up. A failure of a turn reviewed meanwhile elsewhere (past the lease)
    or of an analysis already over counts nothing."""
    counted = await db.execute(
        "UPDATE analyses SET failures = CASE WHEN failing_turn = ? THEN failures + 1 ELSE 1 END,"
        " failing_turn = ? WHERE game_id = ? AND state NOT IN ('done', 'failed')"
        " AND NOT EXISTS (SELECT 1 FROM reviewed_turns WHERE game_id = ? AND turn = ?)",
        (turn, turn, game_id, game_id, turn),
    )
    await db.execute(
        "UPDATE analyses SET claimed_by = NULL, claimed_until = NULL"
        " WHERE game_id = ? AND claimed_by = ?",
        (game_id, by),
    )
    if not counted:
        return False
    given_up = await db.execute(
        "UPDATE analyses SET state = 'failed', finished_at = ? WHERE game_id = ? AND failures >= ?",
        (now, game_id, tries),
    )
    await db.notify(ANALYSIS, str(game_id))
    return bool(given_up)


async def release_claims(db: Db, by: str) -> int:
    """Give up every claim of process `by` (it started again: it reviews nothing now)."""
    return await db.execute(
        "UPDATE analyses SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ?",
        (by,),
    )


async def latest_finished_of(db: Db, channel_id: int, user_id: int) -> int | None:
    """`user_id`'s most recent finished game in `channel_id`, None if none."""
    return await db.number(
        "SELECT max(id) FROM games WHERE channel_id = ? AND status = 'finished'"
        " AND (first_id = ? OR second_id = ?)",
        (channel_id, user_id, user_id),
    )
