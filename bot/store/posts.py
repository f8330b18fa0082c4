"""SQL for the outbox: posts the bot owes a game's channel. A post is added in the transaction
that makes it owed and marked delivered once it is out, so none is lost to a crash in between."""

from __future__ import annotations

from bot.shards import Shards, of_games_served
from bot.store.db import Db
from bot.store.rows import PostKind, PostRow

_SELECT = f"SELECT {PostRow.columns()} FROM owed_posts"


async def add_post(
    db: Db,
    kind: PostKind,
    game_id: int,
    revision: int,
    data: str,
    *,
    now: int,
    claimed_by: str | None,
    claimed_until: int | None,
) -> int:
    """Owe a post about `game_id` at `revision`, due at once; `claimed_by` is the process that
    is posting it itself (None: nobody yet), which has it to itself until `claimed_until`."""
    return await db.insert(
        "INSERT INTO owed_posts (kind, game_id, revision, data, created_at, next_attempt_at,"
        " claimed_by, claimed_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (kind.value, game_id, revision, data, now, now, claimed_by, claimed_until),
    )


async def claim_due(
    db: Db,
    now: int,
    *,
    by: str,
    until: int,
    shards: Shards | None = None,
    limit: int = 50,
) -> list[PostRow]:
    """Claim (for `by`, until `until`) the undelivered posts that are due, not claimed by
    anyone now, and about servers this process serves; oldest first. Call it in a transaction:
    a post another process is claiming at the same moment is left to it."""
    ids = await claim_due_ids(
        db, "owed_posts", of_games_served(shards), now, by=by, until=until, limit=limit
    )
    if not ids:
        return []
    marks = ", ".join("?" * len(ids))
    return await PostRow.all(db, f"{_SELECT} WHERE id IN ({marks}) ORDER BY id", ids)


async def claim_due_ids(
    db: Db, table: str, served: str, now: int, *, by: str, until: int, limit: int
) -> list[int]:
    """Claim, in the outbox `table` (the games' or the tournaments'), the undelivered posts
    that are due and claimed by nobody now, of the servers the condition `served` keeps
    (` AND ...`, or empty), oldest first; return their ids. Rows another transaction holds
    are skipped (PostgreSQL's SKIP LOCKED), so two processes never claim the same post."""
    due = await db.fetch_all(
        f"SELECT id FROM {table} WHERE delivered_at IS NULL AND next_attempt_at <= ?"
        f" AND (claimed_until IS NULL OR claimed_until <= ?){served}"
        f" ORDER BY next_attempt_at, id LIMIT ?{db.skip_locked}",
        (now, now, limit),
    )
    ids = [int(row["id"]) for row in due]
    if ids:
        marks = ", ".join("?" * len(ids))
        await db.execute(
            f"UPDATE {table} SET claimed_by = ?, claimed_until = ? WHERE id IN ({marks})",
            (by, until, *ids),
        )
    return ids


async def release_claims(db: Db, by: str) -> int:
    """Give up every claim of process `by` on posts still owed (it started again: nothing of
    its is being posted); return how many."""
    return await db.execute(
        "UPDATE owed_posts SET claimed_until = NULL"
        " WHERE claimed_by = ? AND delivered_at IS NULL AND claimed_until IS NOT NULL",
        (by,),
    )


async def get_post(db: Db, post_id: int) -> PostRow | None:
    """One owed post, delivered or not."""
    return await PostRow.one(db, f"{_SELECT} WHERE id = ?{db.for_update}", (post_id,))


async def mark_delivered(db: Db, post_id: int, now: int, message_id: int | None = None) -> bool:
    """Settle a post (keeping the id of the message it became, when known, and forgetting the
    token of the command it answered); False if it was settled already (by another
    delivery)."""
    changed = await db.execute(
        "UPDATE owed_posts SET delivered_at = ?, message_id = ?, answer_token = NULL,"
        " answer_expires_at = NULL WHERE id = ? AND delivered_at IS NULL",
        (now, message_id, post_id),
    )
    return changed == 1


async def set_answer(db: Db, post_id: int, token: str, expires_at: int) -> None:
    """Keep the token of the command post `post_id` is about to answer, which can be asked
    until `expires_at` whether the answer arrived (nothing for a post settled already)."""
    await db.execute(
        "UPDATE owed_posts SET answer_token = ?, answer_expires_at = ?"
        " WHERE id = ? AND delivered_at IS NULL",
        (token, expires_at, post_id),
    )


async def message_about(db: Db, game_id: int, revision: int) -> int | None:
    """The message that showed a game's position `revision` in its channel (its start or the
    move that led there), once posted."""
    return await db.number(
        "SELECT message_id FROM owed_posts WHERE game_id = ? AND revision = ?"
        " AND kind IN ('start', 'move') AND message_id IS NOT NULL ORDER BY id DESC LIMIT 1",
        (game_id, revision),
    )


async def posts_about(db: Db, game_id: int, kind: PostKind, *, since: int) -> list[PostRow]:
    """The posts of `kind` owed about a game at or after `since`, delivered or not, oldest
    first."""
    return await PostRow.all(
        db,
        f"{_SELECT} WHERE game_id = ? AND kind = ? AND created_at >= ? ORDER BY id",
        (game_id, kind.value, since),
    )


async def postpone(db: Db, post_id: int, when: int) -> None:
    """After a failed attempt: count it, let go of it and try again at `when`."""
    await db.execute(
        "UPDATE owed_posts SET attempts = attempts + 1, next_attempt_at = ?,"
        " claimed_until = NULL WHERE id = ? AND delivered_at IS NULL",
        (when, post_id),
    )


async def next_post_due(db: Db, shards: Shards | None = None) -> int | None:
    """When the next undelivered post (of a server this process serves) is due, or its claim
    runs out; None if nothing is owed."""
    return await db.number(
        "SELECT min(CASE WHEN claimed_until > next_attempt_at THEN claimed_until"
        " ELSE next_attempt_at END) FROM owed_posts"
        f" WHERE delivered_at IS NULL{of_games_served(shards)}"
    )
