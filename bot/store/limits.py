"""SQL for rate limits that every process on the database shares (the web board's sign-ins, moves
and connections): behind a load balancer, a limit kept in each process's memory would grow with
the number of processes and with how the balancer spreads the requests.

A key's bucket is one row: `due`, the time (epoch milliseconds) at which the bucket would be full
again, each request taken pushing it on by `interval` (the generic cell rate algorithm: a token
bucket of `burst` requests refilled one per `interval`, kept as a single number). One statement
takes a request or leaves the row as it is, so two processes taking from one bucket at once
never both take its last request. A row whose time has passed is a full bucket: `forget` drops
such rows.
"""

from __future__ import annotations

from bot.store.connection import Db

_LATER = "CASE WHEN rate_limits.due > ? THEN rate_limits.due ELSE ? END"
"""The later of the row's time and now: a bucket that is full again starts from now."""


async def take(db: Db, key: str, now: int, interval: int, burst: int) -> int:
    """Take one request from `key`'s bucket at `now` (epoch ms); 0 when it was taken, else the
    milliseconds until the bucket holds one again (the request is refused, nothing changes)."""
    taken = await db.fetch_one(
        "INSERT INTO rate_limits (key, due) VALUES (?, ?)"
        f" ON CONFLICT (key) DO UPDATE SET due = {_LATER} + ?"
        f" WHERE {_LATER} + ? <= ?"
        " RETURNING due",
        (key, now + interval, now, now, interval, now, now, interval, now + burst * interval),
    )
    if taken is not None:
        return 0
    due = await db.number("SELECT due FROM rate_limits WHERE key = ?", (key,))
    if due is None:  # forgotten meanwhile: full again, for the next try
        return 1
    return max(1, due - (burst - 1) * interval - now)


async def forget(db: Db, now: int) -> int:
    """Drop the buckets that are full again at `now` (as good as absent); how many."""
    return await db.execute("DELETE FROM rate_limits WHERE due <= ?", (now,))
