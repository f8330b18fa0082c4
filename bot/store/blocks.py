"""SQL for blocks: a player who refuses challenges from another, on every server."""

from __future__ import annotations

from bot.store.connection import Db


async def add_block(db: Db, user_id: int, blocked_id: int, now: int) -> bool:
    """`user_id` refuses challenges from `blocked_id`; False if they did already."""
    added = await db.execute(
        "INSERT INTO blocks (user_id, blocked_id, created_at) VALUES (?, ?, ?)"
        " ON CONFLICT (user_id, blocked_id) DO NOTHING",
        (user_id, blocked_id, now),
    )
    return added == 1


async def remove_block(db: Db, user_id: int, blocked_id: int) -> bool:
    """Lift `user_id`'s block of `blocked_id`; False if there was none."""
    removed = await db.execute(
        "DELETE FROM blocks WHERE user_id = ? AND blocked_id = ?", (user_id, blocked_id)
    )
    return removed == 1


async def is_blocked(db: Db, user_id: int, blocked_id: int) -> bool:
    """Whether `user_id` refuses challenges from `blocked_id`."""
    found = await db.number(
        "SELECT count(*) FROM blocks WHERE user_id = ? AND blocked_id = ?", (user_id, blocked_id)
    )
    return bool(found)


async def blocked_by(db: Db, user_id: int) -> list[int]:
    """Whom `user_id` refuses challenges from, in the order they were blocked."""
    rows = await db.fetch_all(
        "SELECT blocked_id FROM blocks WHERE user_id = ? ORDER BY created_at, blocked_id",
        (user_id,),
    )
    return [row["blocked_id"] for row in rows]
