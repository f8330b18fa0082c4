"""SQL for best-of matches. Every function takes the `Db` of a `read()` or `transaction()`."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.connection import Db
from bot.store.rows import MatchGame, MatchRow

_SELECT = f"SELECT {MatchRow.columns()} FROM matches"


@dataclass(frozen=True, slots=True)
class NewMatch:
    """Everything a match starts with."""

    game_kind: str
    variant: str
    guild_id: int | None
    channel_id: int
    first_id: int
    second_id: int
    best_of: int
    max_games: int
    move_seconds: int
    computer_level: str | None
    created_at: int


async def insert_match(db: Db, match: NewMatch) -> int:
    """Store a new running match; return its id."""
    names = list(NewMatch.__dataclass_fields__)
    return await db.insert(
        f"INSERT INTO matches ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
        [getattr(match, name) for name in names],
    )


async def get_match(db: Db, match_id: int) -> MatchRow | None:
    """The match with this id (locked in a PostgreSQL transaction), or None."""
    return await MatchRow.one(db, f"{_SELECT} WHERE id = ?{db.for_update}", (match_id,))


async def match_games(db: Db, match_id: int) -> list[MatchGame]:
    """The games of a match in order: who began each, and who won those that ended."""
    return await MatchGame.all(
        db,
        f"SELECT {MatchGame.columns()} FROM games WHERE match_id = ? ORDER BY match_game",
        (match_id,),
    )


async def finish_match(
    db: Db, match_id: int, winner_id: int | None, termination: str, finished_at: int
) -> bool:
    """End a running match; False if it had ended already."""
    changed = await db.execute(
        "UPDATE matches SET status = 'finished', winner_id = ?, termination = ?, finished_at = ?"
        " WHERE id = ? AND status = 'active'",
        (winner_id, termination, finished_at, match_id),
    )
    return changed == 1
