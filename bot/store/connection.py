"""What every SQL function of the store is given: one connection of either backend.

The store's SQL is written once, for both backends: `?` placeholders (the PostgreSQL backend
numbers them), `RETURNING id` for new rows, `count(*) FILTER (WHERE ...)` for tallies, integers
for times (epoch seconds) and flags. What differs is said through `Db`'s properties (`for_update`)
rather than by testing the backend's name.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any, ClassVar

Row = Mapping[str, Any]
"""A selected row: its values by column name, in the order selected."""


class IntegrityError(Exception):
    """The database refused a change that would break one of its constraints (a unique index,
    a check, a foreign key); the message names the constraint as the backend reports it."""


class Db(ABC):
    """One connection, inside a `transaction()` or a `read()` of a `Database`."""

    backend: ClassVar[str]
    """`sqlite` or `postgresql`."""

    for_update: str
    """What a SELECT of a row that a use case may change ends with. In a PostgreSQL transaction
    it locks the row (` FOR UPDATE`): a concurrent transaction reading it waits, then sees the
    change, so it refuses as it would have done one step later. Empty for reads outside a
    transaction, and for SQLite, whose `BEGIN IMMEDIATE` already serialises every writer."""

    skip_locked: str
    """What a SELECT that claims work ends with: in a PostgreSQL transaction the rows another
    process is claiming right now are left to it (` FOR UPDATE SKIP LOCKED`), so each is claimed
    once; empty where `BEGIN IMMEDIATE` serialises the claims (SQLite)."""

    async def lock(self, name: str) -> None:  # noqa: B027 - nothing to do, by default
        """Wait for, then hold until this transaction ends, the lock called `name`: what two
        processes must not do at once (PostgreSQL's advisory lock; nothing for SQLite, whose
        `BEGIN IMMEDIATE` already lets one writer in at a time)."""

    async def notify(self, channel: str, payload: str) -> None:  # noqa: B027 - none by default
        """Tell every process listening on `channel` that something changed (`payload` says
        what), once this transaction commits: PostgreSQL's NOTIFY; nothing for SQLite, which
        one process uses."""

    @abstractmethod
    async def reserve_ids(self, table: str, count: int) -> list[int]:
        """`count` new ids of `table` (whose ids are never used twice), in order, with no row
        stored: ids that name something the way a row's would, without the row."""

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        """Run one statement; return how many rows it changed."""

    @abstractmethod
    async def fetch_all(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Every row `sql` selects, in its order."""

    async def fetch_one(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        """The first row `sql` selects, or None."""
        rows = await self.fetch_all(sql, params)
        return rows[0] if rows else None

    async def fetch_value(self, sql: str, params: Sequence[object] = ()) -> Any:
        """The first column of the first row (None for no row or a NULL)."""
        row = await self.fetch_one(sql, params)
        return None if row is None else next(iter(row.values()))

    async def insert(self, sql: str, params: Sequence[object] = ()) -> int:
        """Run an INSERT of one row and return the new row's `id`."""
        new_id = await self.fetch_value(f"{sql} RETURNING id", params)
        assert new_id is not None
        return int(new_id)

    async def number(self, sql: str, params: Sequence[object] = ()) -> int | None:
        """The single number `sql` selects (such as a `min(...)`), None for NULL or no row."""
        value = await self.fetch_value(sql, params)
        return None if value is None else int(value)

    async def notify_all(self, channel: str, payloads: Sequence[str]) -> None:
        """`notify` of each payload, in one statement where the backend can (a batch's
        changes, `bot.service.seeks`)."""
        for payload in payloads:
            await self.notify(channel, payload)


def marks(count: int) -> str:
    """The placeholders of a list of `count` values: ``?, ?, ?`` (for ``IN (...)``)."""
    return ", ".join("?" * count)


def values_of(rows: Sequence[object], names: Sequence[str], *after: object) -> list[object]:
    """The parameters of a many-row INSERT (`rows_of`): each row's attributes `names` (two or
    more), then `after`, in one flat list; each row read by one `attrgetter`, in C, since a
    batch reads thousands."""
    read = attrgetter(*names)
    values: list[object] = []
    for row in rows:
        values.extend(read(row))
        values.extend(after)
    return values


def rows_of(count: int, width: int) -> str:
    """The VALUES of a many-row INSERT: `count` rows of `width` placeholders each, so that a
    batch is one statement (one round trip) on both backends."""
    row = f"({marks(width)})"
    return ", ".join([row] * count)
