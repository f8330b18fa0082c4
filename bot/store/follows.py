"""SQL for followers of games (issue 54, point 4): who asked to hear of a game by direct message,
at its end or at every move. A follow stays after the game's end (its last letter checks it),
so the bounds count only the follows of games still being played."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.connection import Db
from bot.store.rows import _FromRow


@dataclass(frozen=True, slots=True)
class FollowRow(_FromRow):
    """`user_id` follows game `game_id` (`every_move`: a letter at each move, not only the end)."""

    game_id: int
    user_id: int
    every_move: int
    created_at: int


async def follow(db: Db, game_id: int, user_id: int, *, every_move: bool, now: int) -> None:
    """`user_id` follows the game (again: with the choice of `every_move` now made)."""
    await db.execute(
        "INSERT INTO game_follows (game_id, user_id, every_move, created_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (game_id, user_id) DO UPDATE SET every_move = excluded.every_move",
        (game_id, user_id, int(every_move), now),
    )


async def unfollow(db: Db, game_id: int, user_id: int) -> bool:
    """`user_id` no longer follows the game; False if they did not."""
    removed = await db.execute(
        "DELETE FROM game_follows WHERE game_id = ? AND user_id = ?", (game_id, user_id)
    )
    return removed == 1


async def follow_of(db: Db, game_id: int, user_id: int) -> FollowRow | None:
    """`user_id`'s follow of the game, if they follow it."""
    return await FollowRow.one(
        db, "SELECT * FROM game_follows WHERE game_id = ? AND user_id = ?", (game_id, user_id)
    )


async def followers(db: Db, game_id: int) -> list[FollowRow]:
    """Who follows the game, in the order they began."""
    return await FollowRow.all(
        db,
        "SELECT * FROM game_follows WHERE game_id = ? ORDER BY created_at, user_id",
        (game_id,),
    )


async def count_followers(db: Db, game_id: int) -> int:
    """How many follow the game."""
    return await db.number("SELECT count(*) FROM game_follows WHERE game_id = ?", (game_id,)) or 0


async def count_active_follows(db: Db, user_id: int) -> int:
    """How many games still being played `user_id` follows."""
    found = await db.number(
        "SELECT count(*) FROM game_follows f JOIN games g ON g.id = f.game_id"
        " WHERE f.user_id = ? AND g.status = 'active'",
        (user_id,),
    )
    return found or 0


async def drop_user(db: Db, user_id: int) -> int:
    """`user_id` follows nothing any more (Discord refused them a letter); how many follows."""
    return await db.execute("DELETE FROM game_follows WHERE user_id = ?", (user_id,))
