"""SQL for a player's statistics on a server, from `player_results` (one row per player of
each finished game, the computer's games included)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.connection import Db
from bot.store.rows import PlayerResult

_SELECT = f"SELECT {PlayerResult.columns()} FROM player_results"


@dataclass(frozen=True, slots=True)
class Tally:
    """Wins, losses and draws."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        """How many games the tally counts."""
        return self.wins + self.losses + self.draws


@dataclass(frozen=True, slots=True)
class KindTotals:
    """A player's results in one game: against people, and apart from them against the
    computer."""

    game_kind: str
    people: Tally
    computer: Tally


_TALLY = (
    "count(*) FILTER (WHERE outcome = 'win' AND {who}) AS {prefix}wins,"
    " count(*) FILTER (WHERE outcome = 'loss' AND {who}) AS {prefix}losses,"
    " count(*) FILTER (WHERE outcome = 'draw' AND {who}) AS {prefix}draws"
)


async def totals(db: Db, guild_id: int, user_id: int, computer_id: int) -> list[KindTotals]:
    """A player's results per game on a server, those against the computer apart."""
    people = _TALLY.format(who="opponent_id <> ?", prefix="p_")
    computer = _TALLY.format(who="opponent_id = ?", prefix="c_")
    rows = await db.fetch_all(
        f"SELECT game_kind, {people}, {computer} FROM player_results"
        " WHERE guild_id = ? AND user_id = ? GROUP BY game_kind ORDER BY game_kind",
        (*[computer_id] * 6, guild_id, user_id),
    )
    return [
        KindTotals(
            row["game_kind"],
            Tally(row["p_wins"], row["p_losses"], row["p_draws"]),
            Tally(row["c_wins"], row["c_losses"], row["c_draws"]),
        )
        for row in rows
    ]


async def recent(
    db: Db,
    guild_id: int,
    user_id: int,
    game_kind: str | None,
    *,
    limit: int,
    not_against: int | None = None,
) -> list[PlayerResult]:
    """A player's last finished games on a server (of one game, or of all), newest first;
    without those against `not_against` (the computer), when given."""
    kind = "" if game_kind is None else " AND game_kind = ?"
    other = "" if not_against is None else " AND opponent_id <> ?"
    params: tuple[object, ...] = (
        guild_id,
        user_id,
        *([game_kind] if game_kind else []),
        *([not_against] if not_against is not None else []),
        limit,
    )
    return await PlayerResult.all(
        db,
        f"{_SELECT} WHERE guild_id = ? AND user_id = ?{kind}{other}"
        " ORDER BY finished_at DESC, game_id DESC LIMIT ?",
        params,
    )


async def head_to_head(
    db: Db, guild_id: int, user_id: int, opponent_id: int, game_kind: str | None
) -> Tally:
    """How `user_id` fared against `opponent_id` on a server (in one game, or in all)."""
    kind = "" if game_kind is None else " AND game_kind = ?"
    row = await db.fetch_one(
        f"SELECT {_TALLY.format(who='TRUE', prefix='')} FROM player_results"
        f" WHERE guild_id = ? AND user_id = ? AND opponent_id = ?{kind}",
        (guild_id, user_id, opponent_id, *([game_kind] if game_kind else [])),
    )
    return Tally(0, 0, 0) if row is None else Tally(**row)
