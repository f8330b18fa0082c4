"""Which servers a process serves: Discord splits a bot's servers into shards by id (a server's
shard is its id shifted right by 22 bits, modulo the number of shards), and a process that
connects only some shards does the work of their servers only: their reminders, losses on time,
challenge expiries and posts, so that it speaks each server's language from its own cache.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shards:
    """A process's shards: `ids` of `count`."""

    count: int
    ids: tuple[int, ...]

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process serves the server (direct messages belong to shard 0)."""
        shard = 0 if guild_id is None else (guild_id >> 22) % self.count
        return shard in self.ids

    def where(self, column: str) -> str:
        """An SQL condition on the server id `column` true for the servers this process serves
        (integer division, alike in SQLite and PostgreSQL; no server: shard 0)."""
        ids = ", ".join(str(shard) for shard in self.ids)
        return f"(COALESCE({column}, 0) / 4194304) % {self.count:d} IN ({ids})"


def shard_filter(shards: Shards | None, column: str) -> str:
    """` AND <condition>` for a process with shards, nothing for one that serves every server."""
    return "" if shards is None else f" AND {shards.where(column)}"


def of_games_served(shards: Shards | None) -> str:
    """` AND` a row's `game_id` is of a game in a server `shards` serve (nothing: every one)."""
    if shards is None:
        return ""
    return f" AND game_id IN (SELECT id FROM games WHERE {shards.where('guild_id')})"
