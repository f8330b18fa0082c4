"""SQL for imported games (issue 54, point 3): a record read from a file, stored as a finished
game of its own kind (`imported_by` set), which no statistic, rating or list of a player's games
counts: its players are no Discord users (`IMPORTED_PLAYERS`) and it has no player_results row."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.connection import Db
from bot.store.rows import GameRow

IMPORTED_PLAYERS = (-1, -2)
"""The first and second player's ids of every imported game: no Discord user has a negative id,
so no player's games, statistics or ratings ever include one."""
IMPORTED_PLACE = 0
"""The channel id of every imported game: no Discord channel has it."""


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """What an imported game is stored with."""

    game_kind: str
    variant: str
    first_colour: str  # the colour the first mover holds at the end (a Ponte swap changes it)
    second_colour: str
    move_seconds: int
    record: str  # the engine's JSON record
    result: str  # the winning colour or "draw"
    termination: str
    rule: str | None
    scores: str | None
    imported_by: int
    record_tags: str  # JSON [[name, value], ...]
    started_at: int
    finished_at: int
    imported_at: int


async def insert_imported(db: Db, game: ImportedGame) -> int:
    """Store an imported game as finished; return its id."""
    first, second = IMPORTED_PLAYERS
    return await db.insert(
        "INSERT INTO games (game_kind, variant, guild_id, channel_id, first_id, second_id,"
        " first_colour, second_colour, status, move_seconds, turn_started_at, deadline, record,"
        " seed, created_at, updated_at, finished_at, result, termination, rule, scores,"
        " imported_by, record_tags)"
        " VALUES (?, ?, NULL, ?, ?, ?, ?, ?, 'finished', ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            game.game_kind,
            game.variant,
            IMPORTED_PLACE,
            first,
            second,
            game.first_colour,
            game.second_colour,
            game.move_seconds,
            game.started_at,
            game.finished_at,
            game.record,
            game.imported_at,
            game.imported_at,
            game.finished_at,
            game.result,
            game.termination,
            game.rule,
            game.scores,
            game.imported_by,
            game.record_tags,
        ),
    )


async def imported_since(db: Db, user_id: int, since: int) -> list[int]:
    """When `user_id` imported each game imported since `since` (epoch seconds), oldest first."""
    rows = await db.fetch_all(
        "SELECT created_at FROM games WHERE imported_by = ? AND created_at >= ?"
        " ORDER BY created_at",
        (user_id, since),
    )
    return [int(row["created_at"]) for row in rows]


async def imports_of(db: Db, user_id: int, limit: int) -> list[GameRow]:
    """`user_id`'s own imported games, the newest first, at most `limit` (the index of their
    imports answers it)."""
    return await GameRow.all(
        db,
        f"SELECT {GameRow.columns()} FROM games WHERE imported_by = ?"
        " ORDER BY created_at DESC, id DESC LIMIT ?",
        (user_id, limit),
    )
