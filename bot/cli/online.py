"""The commands that speak to Discord or think for it: `run` (the bot, until stopped), `sync`
(register the commands globally, over REST only) and `worker` (think for the computer, without
Discord). A problem they know of ends them with one line and its exit status (see `common`)."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from pathlib import Path

import discord

from bot.cli.common import (
    EXIT_CONFIG,
    EXIT_DATABASE,
    configuration_error,
    database_error,
    database_setting,
    warn_if_exposed,
)
from bot.cli.unreachable import Stage, StartWatch, explain
from bot.discord.app import GameBot, SyncClient, open_bot
from bot.discord.shared.endpoints import gateway, rest_base, use_endpoints
from bot.runtime.collector import settle
from bot.runtime.wiring import computer_id_of
from bot.runtime.worker import run_worker
from bot.settings import Settings, SettingsError
from bot.store import DatabaseUnavailableError, SchemaTooNewError
from bot.web import open_web

log = logging.getLogger(__name__)


def run_bot(settings: Settings, dotenv: Path | None) -> int:
    """Run the bot until Ctrl+C or SIGTERM (or until it cannot go on)."""
    try:
        note = settings.check_bot_process()
        _point_at_endpoints(settings)
    except SettingsError as error:
        return configuration_error(str(error))
    _log_as_discord_does(settings)
    warn_if_exposed(dotenv, settings)
    if note is not None:
        log.info("%s", note)
    return asyncio.run(_run(settings))


def sync(settings: Settings) -> int:
    """Register the commands globally, over REST only (no gateway, so no interactions are taken
    from a running bot, and no database), and stop."""
    try:
        _point_at_endpoints(settings)
    except SettingsError as error:
        return configuration_error(str(error))
    _log_as_discord_does(settings)
    return asyncio.run(_sync(settings))


def work(settings: Settings, dotenv: Path | None) -> int:
    """Think for the computer, without Discord, until stopped."""
    try:
        settings.check_worker()
        computer_id = computer_id_of(settings)
    except SettingsError as error:
        return configuration_error(str(error))
    logging.basicConfig(level=settings.log_level_number, format="%(levelname)s %(message)s")
    warn_if_exposed(dotenv, settings)
    try:
        return asyncio.run(run_worker(settings, computer_id))
    except SchemaTooNewError as error:
        return configuration_error(f"{database_setting(settings)}: {error}")
    except DatabaseUnavailableError as error:
        return _database_unavailable(settings, error)


def _database_unavailable(settings: Settings, error: DatabaseUnavailableError) -> int:
    print(database_error(database_setting(settings), error), file=sys.stderr)
    return EXIT_DATABASE


def _point_at_endpoints(settings: Settings) -> None:
    """Send discord.py to DISCORD_API_BASE and DISCORD_GATEWAY_URL (Discord's own where they
    are empty); raise `SettingsError` naming the one that cannot be used."""
    checks = (
        ("DISCORD_API_BASE", settings.api_base, rest_base),
        ("DISCORD_GATEWAY_URL", settings.gateway_url, gateway),
    )
    for key, value, check in checks:
        if value is not None:
            try:
                check(value)
            except ValueError as error:
                raise SettingsError(f"{key}: {error}") from None
    use_endpoints(settings.api_base, settings.gateway_url)


def _log_as_discord_does(settings: Settings) -> None:
    discord.utils.setup_logging(level=settings.log_level_number)
    # The bot never speaks in voice channels: discord.py's warnings at every start that the
    # voice libraries are missing would only puzzle an admin.
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False


async def _run(settings: Settings) -> int:
    try:
        async with (
            open_bot(settings) as bot,
            # The web board beside it where Activities are set up (ACTIVITY_CLIENT_SECRET).
            open_web(settings, bot.service, application_id=bot.service.computer_id or 0),
        ):
            settle()  # everything the process keeps for good exists by now
            return await _serve(bot, settings)
    except SettingsError as error:
        log.error("%s", error)
        return EXIT_CONFIG
    except SchemaTooNewError as error:
        log.error("%s: %s", database_setting(settings), error)
        return EXIT_CONFIG
    except DatabaseUnavailableError as error:
        log.error("%s", database_error(database_setting(settings), error))
        return EXIT_DATABASE


class _Start:
    """The bot's start as discord.py's `Client.start` makes it, in its two stages: the REST
    login (with the bot's start-up), then the gateway; `stage` is the one under way."""

    def __init__(self, bot: GameBot, token: str) -> None:
        self.bot, self.token = bot, token
        self.stage: Stage = "api"

    async def run(self) -> None:
        await self.bot.login(self.token)
        self.stage = "gateway"
        await self.bot.connect()


async def _serve(bot: GameBot, settings: Settings) -> int:
    """Run until the bot stops, a stop signal arrives, or its first connection to the gateway
    fails; then one orderly shutdown, and one line for what stopped it."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        # discord.py only handles KeyboardInterrupt; a service manager stops us with SIGTERM.
        loop.add_signal_handler(signum, stop.set)
    start = _Start(bot, settings.token or "")
    with StartWatch(bot.is_ready, stop.set).installed() as watch:
        running = asyncio.create_task(start.run(), name="bot")
        stopping = asyncio.create_task(stop.wait(), name="stop signal")
        unreached, asked = None, False
        try:
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            # Read now, not after the shutdown below, which may fail a connection under way.
            unreached = watch.failure
            asked = stop.is_set() and unreached is None
        finally:
            stopping.cancel()
            if unreached is not None:
                # The first connection failed: discord.py may be about to try it again (a
                # sharded client launching its shards would try forever, closed or not), so
                # no more, before closing the HTTP session it would try again with.
                await _cancel(running)
            await bot.close()  # the scheduler, the computer, the gateway; the database after
            await _cancel(running)
        error = await _outcome(running)
    problem = None if asked else unreached or error
    if problem is None:
        return 0
    failure = explain(problem, start.stage, settings)
    if failure is None:
        raise problem
    log.error("%s", failure.line)
    return failure.status


async def _cancel(task: asyncio.Task[None]) -> None:
    """Cancel `task` and wait until it has ended, cancelling again while it runs on: a
    cancellation that arrives just as discord.py's connection attempt fails is lost inside
    `asyncio.wait_for` (Python 3.11), and `AutoShardedClient.launch_shard` then logs the
    failure, sleeps and tries again, the next cancellation ending that sleep."""
    while not task.done():
        task.cancel()
        await asyncio.wait({task}, timeout=1.0)


async def _outcome(task: asyncio.Task[None]) -> Exception | None:
    """The error `task` ended with (None: it ended well, or was cancelled here)."""
    try:
        await task
    except asyncio.CancelledError:
        return None
    except Exception as error:
        return error
    return None


async def _sync(settings: Settings) -> int:
    try:
        async with SyncClient() as client:
            await client.login(settings.token or "")
    except Exception as error:
        failure = explain(error, "api", settings)
        if failure is None:
            raise
        log.error("%s", failure.line)
        return failure.status
    return 0
