"""SQL for players' private notes on games (issue 54, point 2): one note per author per game per
turn, turn 0 being the game as a whole. Every read names its author: nothing here hands one
player's notes to another."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.connection import Db
from bot.store.rows import _FromRow


@dataclass(frozen=True, slots=True)
class NoteRow(_FromRow):
    """An author's note on a game's turn (0: on the whole game)."""

    game_id: int
    author_id: int
    turn: int
    body: str
    written_at: int


async def write_note(
    db: Db, game_id: int, author_id: int, turn: int, body: str, *, now: int
) -> None:
    """Keep `body` as the author's note on the turn, replacing the one they had there."""
    await db.execute(
        "INSERT INTO game_notes (game_id, author_id, turn, body, written_at)"
        " VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (game_id, author_id, turn)"
        " DO UPDATE SET body = excluded.body, written_at = excluded.written_at",
        (game_id, author_id, turn, body, now),
    )


async def remove_note(db: Db, game_id: int, author_id: int, turn: int) -> bool:
    """Drop the author's note on the turn; False if there was none."""
    removed = await db.execute(
        "DELETE FROM game_notes WHERE game_id = ? AND author_id = ? AND turn = ?",
        (game_id, author_id, turn),
    )
    return removed == 1


async def has_note(db: Db, game_id: int, author_id: int, turn: int) -> bool:
    """Whether the author has a note on the turn."""
    found = await db.number(
        "SELECT count(*) FROM game_notes WHERE game_id = ? AND author_id = ? AND turn = ?",
        (game_id, author_id, turn),
    )
    return bool(found)


async def count_notes(db: Db, game_id: int, author_id: int) -> int:
    """How many notes the author keeps on the game."""
    found = await db.number(
        "SELECT count(*) FROM game_notes WHERE game_id = ? AND author_id = ?",
        (game_id, author_id),
    )
    return found or 0


async def notes_of(db: Db, game_id: int, author_id: int) -> list[NoteRow]:
    """The author's notes on the game, the whole game's first, then by turn."""
    return await NoteRow.all(
        db,
        "SELECT * FROM game_notes WHERE game_id = ? AND author_id = ? ORDER BY turn",
        (game_id, author_id),
    )
