"""SQL for the pool across servers (issue 53, step 5): the seeks waiting for a partner, read and
held by a batch of arrivals that pairs them in memory (`bot.service.pairing`), stored and removed
a batch at a time, each removal conditional so that a seek is paired or lapses once."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.connection import Db, marks, rows_of, values_of
from bot.store.quick import quick_init
from bot.store.rows import SeekRow

POOL_LOCK = "seeks"
"""What a pairing holds (per game) while it looks for a partner and stores a seek: two seekers
arriving at once on two processes must see each other, never both wait unpaired."""


@quick_init
@dataclass(frozen=True, slots=True)
class NewSeek:
    """A seek to store, as `SeekRow` without its id."""

    user_id: int
    game_kind: str
    variant: str | None
    move_seconds: int | None
    rated: bool
    rating: float
    dm_channel_id: int
    locale: str | None
    created_at: int
    lapses_at: int


async def hold_pool(db: Db, game_kind: str) -> None:
    """Hold the pool of `game_kind` until this transaction ends (PostgreSQL; SQLite's writer
    holds everything already)."""
    await db.lock(f"{POOL_LOCK}:{game_kind}")


async def insert_seeks(db: Db, seeks: list[NewSeek]) -> dict[tuple[int, str], int]:
    """Store seeks of distinct players and games in one statement; return their ids by
    (player, game). Raises `IntegrityError` if one of them seeks the game already."""
    if not seeks:
        return {}
    names = list(NewSeek.__dataclass_fields__)
    # `rated` is stored as 0 or 1, which PostgreSQL's INTEGER column needs (it refuses a bool).
    values = [int(v) if isinstance(v, bool) else v for v in values_of(seeks, names)]
    rows = await db.fetch_all(
        f"INSERT INTO seeks ({', '.join(names)}) VALUES {rows_of(len(seeks), len(names))}"
        " RETURNING id, user_id, game_kind",
        values,
    )
    return {(row["user_id"], row["game_kind"]): int(row["id"]) for row in rows}


async def remove_seeks(db: Db, seek_ids: list[int]) -> int:
    """Remove these seeks (paired in one batch) in one statement; return how many were
    there, each removed once whoever else tries."""
    if not seek_ids:
        return 0
    return await db.execute(f"DELETE FROM seeks WHERE id IN ({marks(len(seek_ids))})", seek_ids)


async def pool(db: Db, game_kinds: list[str], now: int) -> list[SeekRow]:
    """Every seek of these games waiting in the pool (not lapsed), held until the
    transaction ends (PostgreSQL): a batch pairs among them in memory."""
    return await SeekRow.all(
        db,
        f"SELECT {SeekRow.columns()} FROM seeks"
        f" WHERE game_kind IN ({marks(len(game_kinds))}) AND lapses_at > ?{db.for_update}",
        (*game_kinds, now),
    )


async def seeks_of_all(db: Db, user_ids: list[int], game_kinds: list[str]) -> list[SeekRow]:
    """The seeks of these players for these games, lapsed or not, held as `pool`'s are."""
    return await SeekRow.all(
        db,
        f"SELECT {SeekRow.columns()} FROM seeks WHERE user_id IN ({marks(len(user_ids))})"
        f" AND game_kind IN ({marks(len(game_kinds))}){db.for_update}",
        (*user_ids, *game_kinds),
    )


async def blocks_of(db: Db, user_ids: list[int]) -> set[tuple[int, int]]:
    """Every block (blocker, blocked) that one of these players made or is under."""
    listed = marks(len(user_ids))
    rows = await db.fetch_all(
        f"SELECT user_id, blocked_id FROM blocks WHERE user_id IN ({listed})"
        f" OR blocked_id IN ({listed})",
        (*user_ids, *user_ids),
    )
    return {(row["user_id"], row["blocked_id"]) for row in rows}


async def recent_pairs(db: Db, user_ids: list[int], since: int) -> set[tuple[int, int]]:
    """The players of every pool game (placed at a negative channel id) one of these players
    plays now or finished at `since` or later, as (first, second)."""
    listed = marks(len(user_ids))
    rows = await db.fetch_all(
        "SELECT first_id, second_id FROM games WHERE channel_id < 0"
        " AND (status = 'active' OR finished_at >= ?)"
        f" AND (first_id IN ({listed}) OR second_id IN ({listed}))",
        (since, *user_ids, *user_ids),
    )
    return {(row["first_id"], row["second_id"]) for row in rows}


async def remove_seek(db: Db, seek_id: int) -> bool:
    """Remove a seek (paired, cancelled or lapsed); False if it was gone already."""
    return await db.execute("DELETE FROM seeks WHERE id = ?", (seek_id,)) == 1


async def seek_of(db: Db, user_id: int, game_kind: str) -> SeekRow | None:
    """The player's seek for this game, if any."""
    return await SeekRow.one(
        db,
        f"SELECT {SeekRow.columns()} FROM seeks WHERE user_id = ? AND game_kind = ?",
        (user_id, game_kind),
    )


async def seeks_of(db: Db, user_id: int) -> list[SeekRow]:
    """The player's seeks, the oldest first."""
    return await SeekRow.all(
        db,
        f"SELECT {SeekRow.columns()} FROM seeks WHERE user_id = ? ORDER BY created_at, id",
        (user_id,),
    )


async def lapsed(db: Db, now: int, limit: int) -> list[SeekRow]:
    """Seeks whose time ran out by `now`, the oldest lapse first, at most `limit`."""
    return await SeekRow.all(
        db,
        f"SELECT {SeekRow.columns()} FROM seeks WHERE lapses_at <= ?"
        f" ORDER BY lapses_at, id LIMIT ?{db.skip_locked}",
        (now, limit),
    )


async def next_lapse(db: Db) -> int | None:
    """When the next seek lapses, if any waits."""
    return await db.number("SELECT min(lapses_at) FROM seeks")


async def note_cancel(db: Db, user_id: int, now: int, kept_since: int) -> None:
    """Note that `user_id` took a seek back at `now`, forgetting theirs before `kept_since`."""
    await db.execute(
        "DELETE FROM seek_cancels WHERE user_id = ? AND cancelled_at < ?", (user_id, kept_since)
    )
    await db.execute(
        "INSERT INTO seek_cancels (user_id, cancelled_at) VALUES (?, ?)", (user_id, now)
    )


async def cancels_since(db: Db, user_id: int, since: int) -> list[int]:
    """When `user_id` took seeks back since `since`, the earliest first."""
    rows = await db.fetch_all(
        "SELECT cancelled_at FROM seek_cancels WHERE user_id = ? AND cancelled_at >= ?"
        " ORDER BY cancelled_at",
        (user_id, since),
    )
    return [int(row["cancelled_at"]) for row in rows]
