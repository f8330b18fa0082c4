"""Persistence: the only package with SQL, for both backends: SQLite (aiosqlite, the embedded
default) and PostgreSQL (asyncpg), the same SQL for both (see `connection`).

Use `open_database(path_or_url)` once at start, then `transaction()` (one use case) or `read()`,
passing the yielded `Db` to the functions of `games`, `challenges`, `outbox` and the rest.
"""

from bot.store import (
    analyses,
    blocks,
    challenges,
    follows,
    games,
    imports,
    jobs,
    matches,
    notes,
    outbox,
    premoves,
    ratings,
    stats,
    tournaments,
    users,
)
from bot.store.connection import Db, IntegrityError
from bot.store.database import Database, DatabaseUnavailableError, is_postgres_url
from bot.store.games import ChannelBusyError, NewGame, Position, Result
from bot.store.migrations import SCHEMA_VERSION, SchemaTooNewError
from bot.store.opening import open_database
from bot.store.rows import (
    ChallengeRow,
    ChallengeStatus,
    GameRow,
    GameStatus,
    MatchGame,
    MatchRow,
    MatchStatus,
    Notify,
    PlayerResult,
    PlayerTotals,
    RatedResult,
    RatingRow,
    Reach,
    UserSettings,
    Vacation,
)
from bot.store.urls import redact_url, scrub_url

__all__ = [
    "SCHEMA_VERSION",
    "ChallengeRow",
    "ChallengeStatus",
    "ChannelBusyError",
    "Database",
    "DatabaseUnavailableError",
    "Db",
    "GameRow",
    "GameStatus",
    "IntegrityError",
    "MatchGame",
    "MatchRow",
    "MatchStatus",
    "NewGame",
    "Notify",
    "PlayerResult",
    "PlayerTotals",
    "Position",
    "RatedResult",
    "RatingRow",
    "Reach",
    "Result",
    "SchemaTooNewError",
    "UserSettings",
    "Vacation",
    "analyses",
    "blocks",
    "challenges",
    "follows",
    "games",
    "imports",
    "is_postgres_url",
    "jobs",
    "matches",
    "notes",
    "open_database",
    "outbox",
    "premoves",
    "ratings",
    "redact_url",
    "scrub_url",
    "stats",
    "tournaments",
    "users",
]
