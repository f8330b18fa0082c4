"""`python -m bot web`: the web board (the Activity) alone, without Discord, as many as needed
behind a load balancer. A move made there owes its channel post as every move does; the bot
process that serves the game's server posts it, woken by NOTIFY."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
from pathlib import Path

from bot.cli.common import (
    EXIT_DATABASE,
    configuration_error,
    database_error,
    database_setting,
    warn_if_exposed,
)
from bot.runtime.wiring import computer_id_of, open_service
from bot.settings import Settings, SettingsError
from bot.store import DatabaseUnavailableError, SchemaTooNewError
from bot.web import open_web


def serve(settings: Settings, dotenv: Path | None) -> int:
    """Serve the web board alone until Ctrl+C or SIGTERM."""
    try:
        # The SQLite file first: there the secret would only lead to this refusal.
        settings.check_web()
        if not settings.activities:
            return configuration_error("python -m bot web needs ACTIVITY_CLIENT_SECRET")
        computer_id = computer_id_of(settings)
    except SettingsError as error:
        return configuration_error(str(error))
    logging.basicConfig(level=settings.log_level_number, format="%(levelname)s %(message)s")
    warn_if_exposed(dotenv, settings)
    try:
        return asyncio.run(_serve(settings, computer_id))
    except SettingsError as error:  # WEB_HOST or WEB_PORT, found unusable when listening
        return configuration_error(str(error))
    except SchemaTooNewError as error:
        return configuration_error(f"{database_setting(settings)}: {error}")
    except DatabaseUnavailableError as error:
        logging.getLogger(__name__).error("%s", database_error(database_setting(settings), error))
        return EXIT_DATABASE


async def _serve(settings: Settings, computer_id: int) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    name = f"web {socket.gethostname()} {os.getpid()}"
    async with (
        open_service(settings, computer_id, name=name, posts=False) as service,
        open_web(settings, service, application_id=computer_id) as server,
    ):
        assert server is not None  # Activities are set up (see `serve`)
        await stop.wait()
    return 0
