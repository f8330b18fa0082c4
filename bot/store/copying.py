"""Moving a bot's data from one database to another (an SQLite file to PostgreSQL, say), table by
table with every id kept, in one transaction on the target; then each table is counted again."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.database import Database

TABLES = (
    "matches",
    "games",
    "challenges",
    "player_results",
    "rated_results",
    "ratings",
    "rating_history",
    "owed_posts",
    "computer_jobs",
    "user_settings",
    "vacations",
    "blocks",
)
"""Every table of the schema, each after the tables it refers to."""
WITH_IDS = ("matches", "games", "challenges", "rated_results", "owed_posts", "vacations")
"""The tables whose ids a database gives out: PostgreSQL must go on after the copied ones."""


class TargetNotEmptyError(RuntimeError):
    """The target database holds games already: copying into it could mix two bots' data."""


@dataclass(frozen=True, slots=True)
class Copied:
    """How many rows each table has in the source and, after the copy, in the target."""

    counts: dict[str, tuple[int, int]]

    @property
    def complete(self) -> bool:
        """Whether every table has as many rows in the target as in the source."""
        return all(source == target for source, target in self.counts.values())


async def copy_database(source: Database, target: Database) -> Copied:
    """Copy every row of every table from `source` into the empty `target` (both migrated to
    the same schema version). Raises `TargetNotEmptyError`."""
    async with target.read() as db:
        if await db.number("SELECT count(*) FROM games"):
            raise TargetNotEmptyError("the target database has games already")
    async with source.read() as reading, target.transaction() as writing:
        for table in TABLES:
            for row in await reading.fetch_all(f"SELECT * FROM {table}"):
                names = list(row)
                await writing.execute(
                    f"INSERT INTO {table} ({', '.join(names)})"
                    f" VALUES ({', '.join('?' * len(names))})",
                    [row[name] for name in names],
                )
        if writing.backend == "postgresql":
            for table in WITH_IDS:
                await writing.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" (SELECT coalesce(max(id), 0) + 1 FROM {table}), false)"
                )
    counts = {}
    for table in TABLES:
        async with source.read() as db:
            before = await db.number(f"SELECT count(*) FROM {table}") or 0
        async with target.read() as db:
            after = await db.number(f"SELECT count(*) FROM {table}") or 0
        counts[table] = (before, after)
    return Copied(counts)
