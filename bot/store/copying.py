"""Moving a bot's data from one database to another (an SQLite file to PostgreSQL, say), table by
table with every id kept: the source read as one snapshot, the target written in one transaction
that is undone unless every table of the target was empty and ends with as many rows as the
source had."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.connection import Db, IntegrityError
from bot.store.database import Database

TABLES = (
    "matches",
    "games",
    "challenges",
    "player_results",
    "rated_results",
    "ratings",
    "rating_history",
    "outbox",
    "computer_jobs",
    "user_settings",
    "vacations",
    "blocks",
    "unseen_endings",
    "tournaments",
    "tournament_entrants",
    "tournament_rounds",
    "tournament_pairings",
    "analyses",
    "reviewed_turns",
    "lesson_progress",
    "puzzles",
    "puzzle_answers",
    "puzzle_attempts",
    "puzzle_solvers",
    "puzzle_scans",
    "puzzle_channels",
    "puzzle_days",
    "game_notes",
    "game_follows",
    "seeks",
    "queued_lines",
    "seek_cancels",
)
"""Every table of the schema, each after the tables it refers to (SQLite's own
`sqlite_sequence` is not the schema's: each backend counts its ids itself)."""
TRANSIENT = ("rate_limits",)
"""The tables not copied: what a few minutes make good again (the web board's rate limits)."""
WITH_IDS = (
    "matches",
    "games",
    "challenges",
    "rated_results",
    "outbox",
    "vacations",
    "tournaments",
    "puzzles",
    "seeks",
    "queued_lines",
)
"""The tables whose ids a database gives out: PostgreSQL must go on after the copied ones."""
POOL_PLACES = "SELECT coalesce(max(-channel_id), 0) FROM games WHERE channel_id < 0"
"""The highest seek id a pool game is placed at (`bot.service.context.pool_place`): the seek
itself is gone once paired, but its id must not be given out again, or a new pool game would
be placed where an old one is."""


class TargetNotEmptyError(RuntimeError):
    """The target database holds rows already (in any table): copying into it could mix two
    bots' data. Nothing was copied."""


class CopyFailedError(RuntimeError):
    """The copy could not be completed (a row the target refused, a count that differs) and was
    undone: the target is as it was."""


@dataclass(frozen=True, slots=True)
class Copied:
    """How many rows each table has in the source and, after the copy, in the target."""

    counts: dict[str, tuple[int, int]]


async def copy_database(source: Database, target: Database) -> Copied:
    """Copy every row of every table from `source` into the empty `target` (both migrated to
    the same schema version). Raises `TargetNotEmptyError` (nothing copied) and
    `CopyFailedError` (the copy undone), each with a one-line message."""
    async with source.snapshot() as reading, target.transaction() as writing:
        await _require_empty(writing)
        counts = {table: (await _copy_table(reading, writing, table),) for table in TABLES}
        if writing.backend == "postgresql":
            for table in WITH_IDS:
                used = f"SELECT coalesce(max(id), 0) FROM {table}"
                if table == "seeks":
                    used = f"SELECT greatest(({used}), ({POOL_PLACES}))"
                await writing.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), ({used}) + 1, false)"
                )
        copied = {table: (read, await _count(writing, table)) for table, (read,) in counts.items()}
        short = [f"{table} {after} of {before}" for table, (before, after) in copied.items()]
        if any(before != after for before, after in copied.values()):
            raise CopyFailedError(f"the target did not take every row ({', '.join(short)})")
    return Copied(copied)


async def _require_empty(db: Db) -> None:
    """Raise `TargetNotEmptyError` naming each table of `db` that has rows."""
    filled = [(table, await _count(db, table)) for table in TABLES]
    found = [f"{table} has {rows} row{'s' * (rows != 1)}" for table, rows in filled if rows]
    if found:
        raise TargetNotEmptyError(
            f"the target database is not empty ({', '.join(found)}); copy into a new database"
        )


async def _copy_table(reading: Db, writing: Db, table: str) -> int:
    """Copy one table's rows; return how many the source has. Raises `CopyFailedError` for a
    row the target refuses."""
    rows = await reading.fetch_all(f"SELECT * FROM {table}")
    for row in rows:
        names = list(row)
        try:
            await writing.execute(
                f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
                [row[name] for name in names],
            )
        except IntegrityError as error:
            reason = " ".join(str(error).split())
            raise CopyFailedError(f"{table}: the target refused a row: {reason}") from error
    return len(rows)


async def _count(db: Db, table: str) -> int:
    return await db.number(f"SELECT count(*) FROM {table}") or 0
