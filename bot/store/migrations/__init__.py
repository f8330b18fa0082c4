"""The numbered schema migrations of both backends (`sqlite`, `postgres`), numbered alike: a
database of either kind at version N has the same tables and columns."""

from bot.store.migrations import postgres, sqlite
from bot.store.migrations.common import SchemaTooNewError

SCHEMA_VERSION = len(sqlite.MIGRATIONS)
"""The version this code migrates every database to."""

assert len(postgres.MIGRATIONS) == SCHEMA_VERSION, "every migration exists for both backends"

__all__ = ["SCHEMA_VERSION", "SchemaTooNewError", "postgres", "sqlite"]
