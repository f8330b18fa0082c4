"""SQL for queued lines of conditional moves (issue 54, point 1): a player's lines in a game,
each the plies expected and answered from ply `base_ply` of the game on. Every read names its
owner or its game, and only the service's evaluation after a move reads a game's lines whole."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.store.connection import Db
from bot.store.rows import _FromRow


@dataclass(frozen=True, slots=True)
class LineRow(_FromRow):
    """`player_id`'s queued line in game `game_id`: `plies` (JSON) from ply `base_ply` on, each
    a move in the record's notation and whether it is the player's own answer."""

    id: int
    game_id: int
    player_id: int
    base_ply: int
    plies: str
    created_at: int

    @property
    def steps(self) -> list[tuple[str, bool]]:
        """The line's plies in order: each move's text, and whether it is the owner's answer
        (else a move or roll the line expects)."""
        found = json.loads(self.plies)
        assert isinstance(found, list)
        return [(str(text), bool(mine)) for text, mine in found]


async def add_line(
    db: Db,
    game_id: int,
    player_id: int,
    base_ply: int,
    steps: list[tuple[str, bool]],
    *,
    now: int,
) -> int:
    """Queue a line of `steps` (as `LineRow.steps`); its id."""
    return await db.insert(
        "INSERT INTO queued_lines (game_id, player_id, base_ply, plies, created_at)"
        " VALUES (?, ?, ?, ?, ?)",
        (
            game_id,
            player_id,
            base_ply,
            json.dumps([[move, int(mine)] for move, mine in steps]),
            now,
        ),
    )


async def lines_of(db: Db, game_id: int, player_id: int) -> list[LineRow]:
    """The player's lines in the game, oldest first."""
    return await LineRow.all(
        db,
        "SELECT * FROM queued_lines WHERE game_id = ? AND player_id = ? ORDER BY id",
        (game_id, player_id),
    )


async def game_lines(db: Db, game_id: int) -> list[LineRow]:
    """Every player's lines in the game, oldest first."""
    return await LineRow.all(
        db, "SELECT * FROM queued_lines WHERE game_id = ? ORDER BY id", (game_id,)
    )


async def remove_line(db: Db, line_id: int) -> None:
    """Drop one line."""
    await db.execute("DELETE FROM queued_lines WHERE id = ?", (line_id,))


async def remove_lines_of(db: Db, game_id: int, player_id: int) -> int:
    """Drop the player's lines in the game; how many."""
    return await db.execute(
        "DELETE FROM queued_lines WHERE game_id = ? AND player_id = ?", (game_id, player_id)
    )


async def clear_game(db: Db, game_id: int) -> int:
    """Drop every line of the game (a takeback, its end); how many."""
    return await db.execute("DELETE FROM queued_lines WHERE game_id = ?", (game_id,))
