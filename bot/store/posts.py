"""SQL for the outbox: posts the bot owes a game's channel. A post is added in the transaction
that makes it owed and marked delivered once it is out, so none is lost to a crash in between."""

from __future__ import annotations

from bot.store.db import Db
from bot.store.rows import PostKind, PostRow

_SELECT = f"SELECT {PostRow.columns()} FROM owed_posts"


async def add_post(
    db: Db,
    kind: PostKind,
    game_id: int,
    version: int,
    data: str,
    *,
    boot: int,
    now: int,
    first_attempt_at: int,
) -> int:
    """Owe a post about `game_id` at `version`, made by run `boot` of the bot; it is due from
    `first_attempt_at`."""
    return await db.insert(
        "INSERT INTO owed_posts"
        " (kind, game_id, version, data, boot, created_at, next_attempt_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (kind.value, game_id, version, data, boot, now, first_attempt_at),
    )


async def due_posts(db: Db, now: int, *, boot: int, limit: int = 50) -> list[PostRow]:
    """Undelivered posts whose next attempt is due, oldest first. A post never tried that
    another run of the bot made is due at once: that run stopped before posting it."""
    return await PostRow.all(
        db,
        f"{_SELECT} WHERE delivered_at IS NULL"
        " AND (next_attempt_at <= ? OR (attempts = 0 AND boot <> ?))"
        " ORDER BY next_attempt_at, id LIMIT ?",
        (now, boot, limit),
    )


async def get_post(db: Db, post_id: int) -> PostRow | None:
    """One owed post, delivered or not."""
    return await PostRow.one(db, f"{_SELECT} WHERE id = ?{db.for_update}", (post_id,))


async def mark_delivered(db: Db, post_id: int, now: int, message_id: int | None = None) -> bool:
    """Settle a post (keeping the id of the message it became, when known); False if it was
    settled already (by another delivery)."""
    changed = await db.execute(
        "UPDATE owed_posts SET delivered_at = ?, message_id = ?"
        " WHERE id = ? AND delivered_at IS NULL",
        (now, message_id, post_id),
    )
    return changed == 1


async def message_about(db: Db, game_id: int, version: int) -> int | None:
    """The message that showed a game's position `version` in its channel (its start or the
    move that led there), once posted."""
    return await db.number(
        "SELECT message_id FROM owed_posts WHERE game_id = ? AND version = ?"
        " AND kind IN ('start', 'move') AND message_id IS NOT NULL ORDER BY id DESC LIMIT 1",
        (game_id, version),
    )


async def postpone(db: Db, post_id: int, when: int) -> None:
    """After a failed attempt: count it and try again at `when`."""
    await db.execute(
        "UPDATE owed_posts SET attempts = attempts + 1, next_attempt_at = ?"
        " WHERE id = ? AND delivered_at IS NULL",
        (when, post_id),
    )


async def next_post_due(db: Db) -> int | None:
    """When the next undelivered post is due, None if nothing is owed."""
    return await db.number("SELECT min(next_attempt_at) FROM owed_posts WHERE delivered_at IS NULL")
