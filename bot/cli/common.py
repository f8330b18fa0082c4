"""The exit statuses of `python -m bot` (the README's "Exit statuses" lists them) and what its
commands share: one line on the standard error for a problem they know of, the setting that
names the database, and the warning about files other users may read."""

from __future__ import annotations

import logging
import stat
import sys
from pathlib import Path

from bot.settings import Settings
from bot.store import DatabaseUnavailableError

log = logging.getLogger(__name__)

EXIT_CONFIG = 2
"""A setting is missing or unusable (the message names it): restarting will not help."""
EXIT_DATABASE = 3
"""The database cannot be opened (the message names the setting and the cause)."""
EXIT_NOT_EMPTY = 4
"""`copy-database`: the target has rows already; nothing was copied."""
EXIT_NOT_COPIED = 5
"""`copy-database`: the copy failed and was undone; the target is as it was."""
EXIT_DISCORD = 6
"""Discord cannot be reached (the message names the address and what to check): restarting
later may help, as for a network that comes back."""
EXIT_BAD_RECORD = 7
"""`import`: the record is refused (the message says the rule it breaks and where)."""


def configuration_error(message: str) -> int:
    """Say `message` in one line on the standard error; return `EXIT_CONFIG`."""
    print(f"Configuration error: {message}", file=sys.stderr)
    return EXIT_CONFIG


def database_setting(settings: Settings) -> str:
    """The setting that names the database the bot uses."""
    return "DATABASE_URL" if settings.database_url else "DATABASE_PATH"


def database_error(setting: str, error: DatabaseUnavailableError) -> str:
    """The one line that says why the database named by `setting` cannot be opened."""
    return f"Database error: {setting}: {error}"


def shown_path(path: Path) -> str:
    """`path` as an admin reads it: its name if it is in the current folder, else in full."""
    return path.name if path.parent == Path.cwd() else str(path)


def warn_if_exposed(dotenv: Path | None, settings: Settings) -> None:
    """One warning line naming `.env` (the token, the database's password) and the SQLite file
    (every game, the dice's secret seeds) if other users of the machine may read them."""
    files = [] if dotenv is None else [shown_path(dotenv)]
    if settings.database_url is None:
        files.append(str(settings.database_path))
    exposed = [name for name in files if _others_may_read(Path(name))]
    if exposed:
        log.warning(
            "%s can be read by other users of this machine: chmod 600 %s",
            " and ".join(exposed),
            " ".join(exposed),
        )


def _others_may_read(path: Path) -> bool:
    try:
        mode = path.stat().st_mode
    except OSError:  # not there yet (the bot makes the database owner-only)
        return False
    return bool(mode & (stat.S_IRGRP | stat.S_IROTH))
