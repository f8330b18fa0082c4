"""Persistence: the only package with SQL, for both backends: SQLite (aiosqlite, the embedded
default) and PostgreSQL (asyncpg), the same SQL for both (see `db`).

Use `open_database(path_or_url)` once at start, then `transaction()` (one use case) or `read()`,
passing the yielded `Db` to the functions of `games`, `challenges` and `posts`.
"""

from bot.store import challenges, games, posts
from bot.store.database import Database, is_postgres_url
from bot.store.db import Db, IntegrityError
from bot.store.games import ChannelBusyError, NewGame, Position, Result
from bot.store.migrations import SCHEMA_VERSION, SchemaTooNewError
from bot.store.opening import open_database
from bot.store.rows import (
    ChallengeRow,
    ChallengeStatus,
    GameRow,
    GameStatus,
    PlayerTotals,
    PostKind,
    PostRow,
)

__all__ = [
    "SCHEMA_VERSION",
    "ChallengeRow",
    "ChallengeStatus",
    "ChannelBusyError",
    "Database",
    "Db",
    "GameRow",
    "GameStatus",
    "IntegrityError",
    "NewGame",
    "PlayerTotals",
    "Position",
    "PostKind",
    "PostRow",
    "Result",
    "SchemaTooNewError",
    "challenges",
    "games",
    "is_postgres_url",
    "open_database",
    "posts",
]
