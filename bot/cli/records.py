"""`python -m bot import FILE [--for USER_ID]`: a game record (ours, AbstractPlay's,
boardspace's; docs/records.md) read and checked, every rule replayed; written out in the open
format (another site's record converted), or with `--for` kept in the database as that user's
imported game, as `/import` keeps it."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.cli.common import (
    EXIT_BAD_RECORD,
    EXIT_DATABASE,
    configuration_error,
    database_error,
    database_setting,
)
from bot.games import GAMES
from bot.i18n import describe_error
from bot.service import GameService
from bot.service.errors import ServiceError
from bot.service.records import turn_numbers
from bot.settings import Settings
from bot.store import DatabaseUnavailableError, SchemaTooNewError, open_database
from engine.errors import EngineError
from engine.exchange import MAX_RECORD_BYTES, RecordFormatError, read_any, write_open
from engine.exchange.imports import detect, place, replay

PROG = "python -m bot import"


def import_record(path: str, user_id: int | None, settings: Settings) -> int:
    """Check the record at `path` ('-': standard input); print it in the open format, or keep
    it as `user_id`'s import. Exit status 0, `EXIT_BAD_RECORD` for a refused record, 2 for a
    file that cannot be read, 3 for a database that cannot be opened."""
    text = _read(path)
    if text is None:
        return configuration_error(f"{path}: cannot be read as a UTF-8 text of at most 64 KiB")
    if user_id is None:
        return _convert(text)
    return asyncio.run(_keep(text, user_id, settings))


def _read(path: str) -> str | None:
    try:
        data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1) if path == "-" else _head(Path(path))
        return None if len(data) > MAX_RECORD_BYTES else data.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _head(path: Path) -> bytes:
    with path.open("rb") as handle:
        return handle.read(MAX_RECORD_BYTES + 1)


def _convert(text: str) -> int:
    try:
        form = detect(text)
        _, tagged = read_any(text)
        kind = GAMES.kind(tagged.record.game)
        game, kept = replay(tagged, kind.game)
    except KeyError as error:
        return _refused(f"this bot has no game {error}")
    except RecordFormatError as error:
        return _refused(str(error))
    except EngineError as error:
        return _refused(f"{place(error, form)}: {error}")
    print(write_open(kept.tags, game.record(), turn_numbers(game)), end="")
    return 0


async def _keep(text: str, user_id: int, settings: Settings) -> int:
    setting = database_setting(settings)
    try:
        async with open_database(settings.database) as database:
            view = await GameService(database).imports.import_record(user_id, text)
    except ServiceError as error:  # said as /import says it, in English
        return _refused(describe_error(error, "en-US"))
    except SchemaTooNewError as error:
        return configuration_error(f"{setting}: {error}")
    except DatabaseUnavailableError as error:
        print(database_error(setting, error), file=sys.stderr)
        return EXIT_DATABASE
    print(f"Imported as game {view.id} ({view.kind.key}, {view.variant}) for user {user_id}.")
    return 0


def _refused(message: str) -> int:
    print(f"{PROG}: the record is refused: {message}", file=sys.stderr)
    return EXIT_BAD_RECORD
