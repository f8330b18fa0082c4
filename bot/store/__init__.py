"""Persistence: the only package with SQL. SQLite through aiosqlite; see `connection`.

Use `Connection.open(path)` once at start, then `transaction()` (one use case, serialised) or
`read()`, passing the yielded connection to the functions of `games` and `challenges`.
"""

from bot.store import challenges, games, posts
from bot.store.connection import Connection
from bot.store.games import ChannelBusyError, NewGame, Position, Result
from bot.store.migrations import MIGRATIONS, SchemaTooNewError
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
    "MIGRATIONS",
    "ChallengeRow",
    "ChallengeStatus",
    "ChannelBusyError",
    "Connection",
    "GameRow",
    "GameStatus",
    "NewGame",
    "PlayerTotals",
    "Position",
    "PostKind",
    "PostRow",
    "Result",
    "SchemaTooNewError",
    "challenges",
    "games",
    "posts",
]
