"""SQL for ratings: the rated results, each player's current rating, and its history."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.connection import Db
from bot.store.rows import RatedResult, RatingRow, _FromRow

_RATINGS = f"SELECT {RatingRow.columns()} FROM ratings"
_RESULTS = f"SELECT {RatedResult.columns()} FROM rated_results"


@dataclass(frozen=True, slots=True)
class HistoryPoint(_FromRow):
    """A player's rating after one result."""

    result_id: int
    finished_at: int
    mu: float
    sigma: float


async def insert_result(
    db: Db,
    *,
    guild_id: int,
    game_kind: str,
    first_id: int,
    second_id: int,
    winner_id: int | None,
    finished_at: int,
    game_id: int | None = None,
    match_id: int | None = None,
    rated: bool = True,
) -> RatedResult:
    """Record a result between two people (of a game or of a match), rated or not; return it
    with its id."""
    result_id = await db.insert(
        "INSERT INTO rated_results (guild_id, game_kind, first_id, second_id, winner_id,"
        " game_id, match_id, finished_at, rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            guild_id,
            game_kind,
            first_id,
            second_id,
            winner_id,
            game_id,
            match_id,
            finished_at,
            int(rated),
        ),
    )
    return RatedResult(
        id=result_id,
        guild_id=guild_id,
        game_kind=game_kind,
        first_id=first_id,
        second_id=second_id,
        winner_id=winner_id,
        game_id=game_id,
        match_id=match_id,
        finished_at=finished_at,
        rated=int(rated),
    )


async def ratings_of(db: Db, guild_id: int, game_kind: str, users: list[int]) -> list[RatingRow]:
    """The stored ratings of these users (those who have one) in one game on one server."""
    marks = ", ".join("?" * len(users))
    return await RatingRow.all(
        db,
        f"{_RATINGS} WHERE guild_id = ? AND game_kind = ? AND user_id IN ({marks}){db.for_update}",
        (guild_id, game_kind, *users),
    )


async def means_of(db: Db, guild_id: int, game_kind: str, users: list[int]) -> dict[int, float]:
    """The rating means (`mu`) of these users who have one in one game on one server, read
    without building whole rows (a batch of the pool's seekers, `bot.service.seeks`)."""
    if not users:
        return {}
    rows = await db.fetch_all(
        "SELECT user_id, mu FROM ratings WHERE guild_id = ? AND game_kind = ?"
        f" AND user_id IN ({', '.join('?' * len(users))})",
        (guild_id, game_kind, *users),
    )
    return {row["user_id"]: float(row["mu"]) for row in rows}


async def save_rating(db: Db, rating: RatingRow) -> None:
    """Store a player's rating (new, or replacing the old one)."""
    names = RatingRow.columns()
    updates = ", ".join(
        f"{name} = excluded.{name}"
        for name in ("mu", "sigma", "results", "wins", "losses", "draws", "updated_at")
    )
    await db.execute(
        f"INSERT INTO ratings ({names}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        f" ON CONFLICT (guild_id, game_kind, user_id) DO UPDATE SET {updates}",
        (
            rating.guild_id,
            rating.game_kind,
            rating.user_id,
            rating.mu,
            rating.sigma,
            rating.results,
            rating.wins,
            rating.losses,
            rating.draws,
            rating.updated_at,
        ),
    )


async def add_history(db: Db, result_id: int, user_id: int, mu: float, sigma: float) -> None:
    """Note a player's rating after result `result_id`."""
    await db.execute(
        "INSERT INTO rating_history (result_id, user_id, mu, sigma) VALUES (?, ?, ?, ?)",
        (result_id, user_id, mu, sigma),
    )


async def leaderboard(
    db: Db, guild_id: int, game_kind: str, *, limit: int, offset: int = 0
) -> list[RatingRow]:
    """The server's rated players of one game, best first."""
    return await RatingRow.all(
        db,
        f"{_RATINGS} WHERE guild_id = ? AND game_kind = ?"
        " ORDER BY mu DESC, results DESC, user_id LIMIT ? OFFSET ?",
        (guild_id, game_kind, limit, offset),
    )


async def count_rated(db: Db, guild_id: int, game_kind: str) -> int:
    """How many players of one game have a rating on the server."""
    return (
        await db.number(
            "SELECT count(*) FROM ratings WHERE guild_id = ? AND game_kind = ?",
            (guild_id, game_kind),
        )
        or 0
    )


async def rank_of(db: Db, rating: RatingRow) -> int:
    """The place of `rating` on its server's board (1 for the best)."""
    ahead = await db.number(
        "SELECT count(*) FROM ratings WHERE guild_id = ? AND game_kind = ? AND mu > ?",
        (rating.guild_id, rating.game_kind, rating.mu),
    )
    return (ahead or 0) + 1


async def history(
    db: Db, guild_id: int, game_kind: str, user_id: int, *, limit: int
) -> list[HistoryPoint]:
    """A player's rating after each of their last `limit` results, oldest first."""
    newest_first = await HistoryPoint.all(
        db,
        "SELECT h.result_id, r.finished_at, h.mu, h.sigma FROM rating_history h"
        " JOIN rated_results r ON r.id = h.result_id"
        " WHERE h.user_id = ? AND r.guild_id = ? AND r.game_kind = ?"
        " ORDER BY h.result_id DESC LIMIT ?",
        (user_id, guild_id, game_kind, limit),
    )
    return newest_first[::-1]


async def all_results(db: Db) -> list[RatedResult]:
    """Every rated result, in the order they happened (for a recomputation)."""
    return await RatedResult.all(db, f"{_RESULTS} WHERE rated = 1 ORDER BY id", ())


async def unjudged_results(db: Db) -> list[RatedResult]:
    """The results stored before the rule on what is rated: not yet judged by it."""
    return await RatedResult.all(db, f"{_RESULTS} WHERE rated IS NULL ORDER BY id", ())


async def set_rated(db: Db, result_id: int, rated: bool) -> None:
    """Note whether a result counts in the ratings."""
    await db.execute("UPDATE rated_results SET rated = ? WHERE id = ?", (int(rated), result_id))


async def unrated_results(db: Db) -> int:
    """How many results still need a recomputation: rated ones with no ratings computed yet
    (after the migration that introduced ratings, say), and those not judged yet."""
    return (
        await db.number(
            "SELECT count(*) FROM rated_results r WHERE r.rated IS NULL OR (r.rated = 1"
            " AND NOT EXISTS (SELECT 1 FROM rating_history h WHERE h.result_id = r.id))"
        )
        or 0
    )


async def opponents_of(db: Db, guild_id: int, game_kind: str, user_id: int) -> int:
    """How many different opponents a player's rating in one game on a server rests on."""
    count = await db.number(
        "SELECT count(DISTINCT CASE WHEN first_id = ? THEN second_id ELSE first_id END)"
        " FROM rated_results WHERE guild_id = ? AND game_kind = ? AND rated = 1"
        " AND (first_id = ? OR second_id = ?)",
        (user_id, guild_id, game_kind, user_id, user_id),
    )
    return count or 0


async def clear(db: Db) -> None:
    """Forget every rating and its history (the results stay), before a recomputation."""
    await db.execute("DELETE FROM rating_history")
    await db.execute("DELETE FROM ratings")
