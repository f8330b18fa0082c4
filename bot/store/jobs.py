"""SQL for the computer's moves as jobs: one row per game whose computer is to move, claimed by
one thinking process at a time (for a lease), removed by the move that answers it."""

from __future__ import annotations

from dataclasses import dataclass

from bot.shards import Shards, of_games_served
from bot.store.connection import Db

COMPUTER = "computer"
"""The channel on which thinking processes hear of a new job (PostgreSQL's NOTIFY)."""


@dataclass(frozen=True, slots=True)
class Job:
    """A claimed job: the game, the revision it was made on, who has it until when."""

    game_id: int
    revision: int
    claimed_by: str
    claimed_until: int


async def add_job(db: Db, game_id: int, revision: int, now: int) -> None:
    """The computer is to move in `game_id` at `revision` (replacing an older job of it)."""
    await db.execute(
        "INSERT INTO computer_jobs (game_id, revision, created_at) VALUES (?, ?, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET revision = excluded.revision,"
        " created_at = excluded.created_at, claimed_by = NULL, claimed_until = NULL",
        (game_id, revision, now),
    )
    await db.notify(COMPUTER, "")


async def remove_job(db: Db, game_id: int) -> None:
    """The job of `game_id` is done (or there is none to do)."""
    await db.execute("DELETE FROM computer_jobs WHERE game_id = ?", (game_id,))


async def claim_job(
    db: Db, game_id: int, now: int, *, by: str, until: int, shards: Shards | None = None
) -> Job | None:
    """Claim the job of `game_id` for `by` until `until`, unless another process holds it (its
    claim not run out), there is none, or its game is of a server `shards` do not serve. Call
    it in a transaction."""
    row = await db.fetch_one(
        "SELECT game_id, revision FROM computer_jobs WHERE game_id = ?"
        f" AND (claimed_until IS NULL OR claimed_until <= ?){of_games_served(shards)}"
        f"{db.skip_locked}",
        (game_id, now),
    )
    if row is None:
        return None
    await db.execute(
        "UPDATE computer_jobs SET claimed_by = ?, claimed_until = ? WHERE game_id = ?",
        (by, until, game_id),
    )
    return Job(row["game_id"], row["revision"], by, until)


async def open_jobs(
    db: Db, now: int, computer_id: int, limit: int = 100, shards: Shards | None = None
) -> list[int]:
    """The games (of the servers `shards` serve) whose job nobody holds now (never claimed, or
    its claimer's time ran out): round-robin by the person playing the computer (`computer_id`),
    each one's oldest job before anyone's second, so that one player's many games neither fill
    the `limit` nor come first."""
    rows = await db.fetch_all(
        "SELECT game_id FROM (SELECT j.game_id, j.created_at, row_number() OVER (PARTITION BY"
        " CASE WHEN g.first_id = ? THEN g.second_id ELSE g.first_id END"
        " ORDER BY j.created_at, j.game_id) AS place"
        " FROM computer_jobs j JOIN games g ON g.id = j.game_id"
        f" WHERE (j.claimed_until IS NULL OR j.claimed_until <= ?){of_games_served(shards)})"
        " AS ranked ORDER BY place, created_at, game_id LIMIT ?",
        (computer_id, now, limit),
    )
    return [row["game_id"] for row in rows]


async def next_free(db: Db) -> int | None:
    """When the next claim on a job runs out, None if none is held."""
    return await db.number("SELECT min(claimed_until) FROM computer_jobs")


async def release_claims(db: Db, by: str) -> int:
    """Give up every claim of process `by` (it started again: it thinks of nothing now)."""
    return await db.execute(
        "UPDATE computer_jobs SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ?",
        (by,),
    )
