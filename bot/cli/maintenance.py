"""The commands that work on the database alone, without a token or Discord: `migrate` (upgrade
it and stop), `ratings --recompute` (rate every stored result again), `copy-database` (every
row of an SQLite file into an empty PostgreSQL database) and `backup` (a private copy of the
SQLite file). Each says what it did, or in one line why not."""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

from bot.cli.common import (
    EXIT_DATABASE,
    EXIT_NOT_COPIED,
    EXIT_NOT_EMPTY,
    configuration_error,
    database_error,
    database_setting,
    warn_if_exposed,
)
from bot.service import GameService
from bot.settings import Settings
from bot.store import (
    DatabaseUnavailableError,
    SchemaTooNewError,
    is_postgres_url,
    open_database,
)
from bot.store.backup import BackupExistsError, back_up
from bot.store.copying import Copied, CopyFailedError, TargetNotEmptyError, copy_database


def migrate(settings: Settings, dotenv: Path | None) -> int:
    """Open the database (which migrates it, creating an SQLite file that is not there yet)
    and say its schema version."""
    _prepare(settings, dotenv)
    return asyncio.run(_maintain(settings, recompute=False))


def recompute_ratings(settings: Settings, dotenv: Path | None) -> int:
    """Forget every rating and rate every stored result again, in order. An SQLite file that
    is not there holds no results: that is said, and no empty file made."""
    if settings.database_url is None and not settings.database_path.exists():
        return configuration_error(
            f"DATABASE_PATH {settings.database_path}: no such file, so there are no ratings to "
            "recompute (DATABASE_PATH names the bot's database, which the bot makes at its "
            "first start)"
        )
    _prepare(settings, dotenv)
    return asyncio.run(_maintain(settings, recompute=True))


def _prepare(settings: Settings, dotenv: Path | None) -> None:
    """Plain log lines (the store says which database it opened), and the warning about
    files that others may read."""
    logging.basicConfig(level=settings.log_level_number, format="%(levelname)s %(message)s")
    warn_if_exposed(dotenv, settings)


async def _maintain(settings: Settings, *, recompute: bool) -> int:
    setting = database_setting(settings)
    try:
        async with open_database(settings.database) as database:
            if recompute:
                rated = await GameService(database).ratings.recompute_ratings()
                print(f"Recomputed every rating from {rated} rated results.")
            else:
                print(f"The database is at schema version {await database.schema_version()}.")
    except SchemaTooNewError as error:
        return configuration_error(f"{setting}: {error}")
    except DatabaseUnavailableError as error:
        print(database_error(setting, error), file=sys.stderr)
        return EXIT_DATABASE
    return 0


def backup(target: str, settings: Settings) -> int:
    """Copy the SQLite file of DATABASE_PATH into the new file `target`, readable by its owner
    alone, as one snapshot even while the bot runs; say what the copy holds."""
    if settings.database_url is not None:
        return configuration_error(
            "DATABASE_URL: python -m bot backup copies the SQLite file of DATABASE_PATH; back "
            "up a PostgreSQL database with pg_dump (docs/upkeep.md says how)"
        )
    try:
        held = back_up(settings.database_path, Path(target))
    except BackupExistsError as error:
        return configuration_error(f"--to {error}: a backup never overwrites, name a new file")
    except DatabaseUnavailableError as error:
        print(database_error("DATABASE_PATH", error), file=sys.stderr)
        return EXIT_DATABASE
    games = "1 game" if held.games == 1 else f"{held.games} games"
    print(
        f"Backed up {settings.database_path} (schema version {held.schema_version}, {games}) "
        f"to {target}, readable by you alone."
    )
    return 0


def copy(source: str, target: str | None, settings: Settings, dotenv: Path | None) -> int:
    """Copy every row of the SQLite file `source` (upgraded in place to this bot's schema
    first, as the bot would at start) into the empty PostgreSQL database at `target`, by
    default DATABASE_URL's (so that no password need be on the command line)."""
    if is_postgres_url(source):
        return configuration_error(
            "--from takes the SQLite file to copy (the old bot's DATABASE_PATH), not a URL"
        )
    if not Path(source).is_file():
        return configuration_error(f"--from {source}: no such SQLite file")
    setting = "--to" if target else "DATABASE_URL"
    target = target or settings.database_url
    if target is None:
        return configuration_error(
            "copy-database copies into PostgreSQL: set DATABASE_URL to its postgresql:// URL "
            "(or give --to)"
        )
    if not is_postgres_url(target):
        return configuration_error(f"{setting} must be a postgresql:// URL")
    _prepare(settings, dotenv)
    return asyncio.run(_copy(Path(source), target, setting))


async def _copy(source: Path, target: str, setting: str) -> int:
    try:
        copied = await _copy_between(source, target, setting)
    except _NotOpenedError as error:
        if isinstance(error.cause, SchemaTooNewError):
            return configuration_error(f"{error.setting}: {error.cause}")
        print(database_error(error.setting, error.cause), file=sys.stderr)
        return EXIT_DATABASE
    except TargetNotEmptyError as error:
        print(f"Not copied: {setting}: {error}", file=sys.stderr)
        return EXIT_NOT_EMPTY
    except CopyFailedError as error:
        print(f"Not copied: {error}", file=sys.stderr)
        return EXIT_NOT_COPIED
    print("\n".join(counts_table(copied)))
    total = sum(after for _, after in copied.counts.values())
    print(f"Every row was copied ({total} in all).")
    return 0


def counts_table(copied: Copied) -> list[str]:
    """Each table's rows in the source and, after the copy, in the target, in columns under
    their headings."""
    width = max(len("table"), *map(len, copied.counts))
    rows = [("table", "source", "target")]
    rows += [(table, str(before), str(after)) for table, (before, after) in copied.counts.items()]
    return [f"{table:<{width}}  {before:>8}  {after:>8}" for table, before, after in rows]


class _NotOpenedError(Exception):
    """Which of the two databases of a copy could not be opened (the setting or option that
    names it), and why."""

    def __init__(self, setting: str, cause: DatabaseUnavailableError | SchemaTooNewError) -> None:
        super().__init__(setting)
        self.setting, self.cause = setting, cause


async def _copy_between(source: Path, target: str, target_setting: str) -> Copied:
    """The copy, the target opened first: a server that cannot be reached is said before the
    source file is touched (opening it migrates it)."""
    try:
        new = await open_database(target)
    except (DatabaseUnavailableError, SchemaTooNewError) as error:
        raise _NotOpenedError(target_setting, error) from None
    try:
        try:
            old = await open_database(source)
        except (DatabaseUnavailableError, SchemaTooNewError) as error:
            raise _NotOpenedError(f"--from {source}", error) from None
        try:
            return await copy_database(old, new)
        finally:
            await old.close()
    finally:
        await new.close()
