"""SQL for the tournaments' outbox: posts owed to a tournament's channel, added in the
transaction that makes them owed and settled once out, claimed by one process at a time as the
games' posts are (`bot.store.posts`)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.shards import Shards
from bot.store.db import Db
from bot.store.posts import claim_due_ids
from bot.store.rows import PostKind, _FromRow


@dataclass(frozen=True, slots=True)
class TournamentPostRow(_FromRow):
    """A post owed to a tournament's channel."""

    id: int
    tournament_id: int
    kind: str
    round: int  # the round it is about (0: none)
    data: str  # JSON: what the post needs beyond the tournament's rows
    created_at: int
    next_attempt_at: int
    attempts: int
    delivered_at: int | None
    message_id: int | None
    claimed_by: str | None
    claimed_until: int | None


_SELECT = f"SELECT {TournamentPostRow.columns()} FROM tournament_posts"


def _served(shards: Shards | None) -> str:
    if shards is None:
        return ""
    return f" AND tournament_id IN (SELECT id FROM tournaments WHERE {shards.where('guild_id')})"


async def add_post(
    db: Db,
    tournament_id: int,
    kind: PostKind,
    round_number: int,
    data: str,
    *,
    now: int,
    claimed_by: str | None = None,
    claimed_until: int | None = None,
) -> int:
    """Owe a post about the tournament, due at once; return its id."""
    return await db.insert(
        "INSERT INTO tournament_posts (tournament_id, kind, round, data, created_at,"
        " next_attempt_at, claimed_by, claimed_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (tournament_id, kind.value, round_number, data, now, now, claimed_by, claimed_until),
    )


async def claim_due(
    db: Db, now: int, *, by: str, until: int, shards: Shards | None = None, limit: int = 50
) -> list[TournamentPostRow]:
    """Claim the undelivered posts that are due and not claimed by anyone now; oldest first."""
    ids = await claim_due_ids(
        db, "tournament_posts", _served(shards), now, by=by, until=until, limit=limit
    )
    if not ids:
        return []
    marks = ", ".join("?" * len(ids))
    return await TournamentPostRow.all(db, f"{_SELECT} WHERE id IN ({marks}) ORDER BY id", ids)


async def get_post(db: Db, post_id: int) -> TournamentPostRow | None:
    """One owed post, delivered or not."""
    return await TournamentPostRow.one(db, f"{_SELECT} WHERE id = ?{db.for_update}", (post_id,))


async def posts_of(db: Db, tournament_id: int) -> list[TournamentPostRow]:
    """Every post owed about a tournament, oldest first."""
    return await TournamentPostRow.all(
        db, f"{_SELECT} WHERE tournament_id = ? ORDER BY id", (tournament_id,)
    )


async def mark_delivered(db: Db, post_id: int, now: int, message_id: int | None = None) -> bool:
    """Settle a post; False if it was settled already."""
    changed = await db.execute(
        "UPDATE tournament_posts SET delivered_at = ?, message_id = ?"
        " WHERE id = ? AND delivered_at IS NULL",
        (now, message_id, post_id),
    )
    return changed == 1


async def postpone(db: Db, post_id: int, when: int) -> None:
    """After a failed attempt: count it, let go of it and try again at `when`."""
    await db.execute(
        "UPDATE tournament_posts SET attempts = attempts + 1, next_attempt_at = ?,"
        " claimed_until = NULL WHERE id = ? AND delivered_at IS NULL",
        (when, post_id),
    )


async def release_claims(db: Db, by: str) -> int:
    """Give up every claim of process `by` on posts still owed; return how many."""
    return await db.execute(
        "UPDATE tournament_posts SET claimed_until = NULL"
        " WHERE claimed_by = ? AND delivered_at IS NULL AND claimed_until IS NOT NULL",
        (by,),
    )


async def next_due(db: Db, shards: Shards | None = None) -> int | None:
    """When the next undelivered post is due, or its claim runs out; None if none is owed."""
    return await db.number(
        "SELECT min(CASE WHEN claimed_until > next_attempt_at THEN claimed_until"
        " ELSE next_attempt_at END) FROM tournament_posts"
        f" WHERE delivered_at IS NULL{_served(shards)}"
    )
