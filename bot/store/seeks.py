"""SQL for the pool across servers (issue 53, step 5): the seeks waiting for a partner, the
choice of a seeker's partner and their removal, each removal conditional so that a seek is paired
or lapses once."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.connection import Db, IntegrityError
from bot.store.rows import SeekRow

POOL_LOCK = "seeks"
"""What a pairing holds (per game) while it looks for a partner and stores a seek: two seekers
arriving at once on two processes must see each other, never both wait unpaired."""


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


async def insert_seek(db: Db, seek: NewSeek) -> int | None:
    """Store a seek and return its id; None if the player seeks this game already."""
    try:
        return await db.insert(
            "INSERT INTO seeks (user_id, game_kind, variant, move_seconds, rated, rating,"
            " dm_channel_id, locale, created_at, lapses_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                seek.user_id,
                seek.game_kind,
                seek.variant,
                seek.move_seconds,
                int(seek.rated),
                seek.rating,
                seek.dm_channel_id,
                seek.locale,
                seek.created_at,
                seek.lapses_at,
            ),
        )
    except IntegrityError:
        return None


_COMPATIBLE = (
    f"SELECT {SeekRow.columns()} FROM seeks s"
    " WHERE s.game_kind = ? AND s.rated = ? AND s.user_id <> ? AND s.lapses_at > ?"
    " AND (s.variant IS NULL OR CAST(? AS TEXT) IS NULL OR s.variant = ?)"
    " AND (s.move_seconds IS NULL OR CAST(? AS BIGINT) IS NULL OR s.move_seconds = ?)"
    " AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.user_id = s.user_id AND"
    " b.blocked_id = ?) OR (b.user_id = ? AND b.blocked_id = s.user_id))"
)
ABOVE_SQL = f"{_COMPATIBLE} AND s.rating >= ? ORDER BY s.rating, s.created_at, s.id LIMIT 1"
"""The compatible seek rated nearest at or above the newcomer (the longest waiting of equals)."""
BELOW_SQL = f"{_COMPATIBLE} AND s.rating < ? ORDER BY s.rating DESC, s.created_at, s.id LIMIT 1"
"""The compatible seek rated nearest below the newcomer (the longest waiting of equals).
Two probes along the pool's index rather than one ordering by distance: a choice reads a few
rows of the index, not every compatible seek (`bench/speed/seek.py`)."""


def partner_params(seek: NewSeek) -> tuple[object, ...]:
    """`ABOVE_SQL`'s and `BELOW_SQL`'s parameters for a newcomer's `seek`."""
    return (
        seek.game_kind,
        int(seek.rated),
        seek.user_id,
        seek.created_at,
        seek.variant,
        seek.variant,
        seek.move_seconds,
        seek.move_seconds,
        seek.user_id,
        seek.user_id,
        seek.rating,
    )


def closer(rating: float, above: SeekRow | None, below: SeekRow | None) -> SeekRow | None:
    """Of the nearest seeks above and below `rating`, the closer; of two as close, the one
    waiting longer."""
    if above is None or below is None:
        return above or below
    apart = (above.rating - rating, rating - below.rating)
    if apart[0] != apart[1]:
        return above if apart[0] < apart[1] else below
    return min(above, below, key=lambda seek: (seek.created_at, seek.id))


async def partner_for(db: Db, seek: NewSeek) -> SeekRow | None:
    """The waiting seek `seek` pairs with: the same game, variant and time (or either 'any'),
    rated alike, someone else, no block either way, not lapsed; the closest rating first, then
    the longest wait."""
    params = partner_params(seek)
    above = await SeekRow.one(db, ABOVE_SQL + db.for_update, params)
    below = await SeekRow.one(db, BELOW_SQL + db.for_update, params)
    return closer(seek.rating, above, below)


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
