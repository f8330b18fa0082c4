"""``python -m bot [run|sync|invite|worker|migrate|ratings --recompute|copy-database]``: start
the bot, sync its commands globally, print the invite links (add to a server, add to my apps),
think for the computer without Discord, upgrade the database and stop, recompute every rating
from the stored results, or copy every game to another database. Settings come from `.env` and
the environment (see `.env.example`)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import socket
import stat
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from urllib.parse import urlencode

import aiohttp
import discord
from dotenv import find_dotenv, load_dotenv

from bot.discord.app import GameBot, SyncClient, open_bot
from bot.discord.endpoints import use_endpoints
from bot.discord.wiring import application_id_of, computer_id_of, open_service
from bot.discord.worker import run_worker
from bot.service import GameService
from bot.settings import Settings, SettingsError
from bot.store import (
    DatabaseUnavailableError,
    SchemaTooNewError,
    is_postgres_url,
    open_database,
)
from bot.store.copying import Copied, CopyFailedError, TargetNotEmptyError, copy_database
from bot.web import open_web

log = logging.getLogger(__name__)

EXIT_CONFIG = 2
"""A setting is missing or unusable (the message names it): restarting will not help."""
EXIT_DATABASE = 3
"""The database cannot be opened (the message names the setting and the cause)."""
EXIT_NOT_EMPTY = 4
"""`copy-database`: the target has rows already; nothing was copied."""
EXIT_NOT_COPIED = 5
"""`copy-database`: the copy failed and was undone; the target is as it was."""

NO_TOKEN = """\
No Discord bot token is configured.

  1. Create an application at https://discord.com/developers/applications,
     open its "Bot" page and copy the token.
  2. Set DISCORD_TOKEN=<your token> in .env (copy .env.example to .env
     first if there is none), or export DISCORD_TOKEN in the environment.
  3. Start the bot again with: python -m bot
"""

PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    attach_files=True,
    read_message_history=True,  # to edit its own challenge messages when they expire
)
"""The least the bot needs: post boards and files, open a thread per game when asked."""


AUTHORIZE = "https://discord.com/oauth2/authorize"
"""Discord's authorization URL (developers/docs/topics/oauth2#bot-authorization-flow)."""
GUILD_INSTALL, USER_INSTALL = 0, 1
"""The `integration_type` of an authorization: installed to a server, or to the user who
authorizes (developers/docs/resources/application#application-object-application-integration-
types; the parameter: developers/docs/topics/oauth2#bot-authorization-flow-bot-auth-parameters).
Given, it overrides the default install settings of the Developer Portal."""


def invite_url(application_id: int) -> str:
    """The link that adds the bot to a server with its slash commands and minimal permissions."""
    query = {
        "client_id": application_id,
        "permissions": PERMISSIONS.value,
        "scope": "bot applications.commands",
        "integration_type": GUILD_INSTALL,
    }
    return f"{AUTHORIZE}?{urlencode(query)}"


def user_install_url(application_id: int) -> str:
    """The link that adds the app to the user's own apps: its commands only (no bot user, no
    permissions: a user install has none), usable wherever the user is
    (developers/docs/resources/application#installation-context)."""
    query = {
        "client_id": application_id,
        "scope": "applications.commands",
        "integration_type": USER_INSTALL,
    }
    return f"{AUTHORIZE}?{urlencode(query)}"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument(
        "action",
        nargs="?",
        default="run",
        choices=("run", "sync", "invite", "worker", *MAINTENANCE, "web"),
        help="run the bot (default), sync its commands globally once, print the two invite links, "
        "think for the computer without Discord (worker), upgrade the database (migrate), work "
        "on the ratings (ratings --recompute), or copy the games to another database; web: "
        "serve the web board (the Activity) alone, without Discord",
    )
    parser.add_argument(
        "--recompute",
        action="store_true",
        help="with `ratings`: forget every rating and rate all stored results again, in order",
    )
    parser.add_argument("--from", dest="source", help="with `copy-database`: the SQLite file")
    parser.add_argument(
        "--to",
        dest="target",
        help="with `copy-database`: a postgresql:// URL (default: DATABASE_URL, which keeps "
        "the password off the command line)",
    )
    return parser


MAINTENANCE = ("migrate", "ratings", "copy-database")
"""Actions on the database alone: no token, no Discord."""


def main(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> int:
    """Parse the command line, check the settings, and run; return the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.action == "ratings" and not args.recompute:
        parser.error("ratings needs --recompute (the only thing it does)")
    if args.action == "copy-database" and not args.source:
        parser.error("copy-database needs --from (an SQLite file)")
    dotenv: Path | None = None
    if env is None:
        # Values already in the environment win over the file, as deployments expect.
        found = find_dotenv(usecwd=True)
        load_dotenv(found, override=False)
        dotenv, env = (Path(found) if found else None), os.environ
    try:
        settings = Settings.from_env(env)
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return EXIT_CONFIG
    if args.action in MAINTENANCE:
        logging.basicConfig(level=settings.log_level_number, format="%(levelname)s %(message)s")
        warn_if_exposed(dotenv, settings)
        if args.action == "copy-database":
            return asyncio.run(_copy(args.source, args.target, settings))
        return asyncio.run(_maintain(settings, args.action))
    if settings.token is None:
        print(NO_TOKEN, file=sys.stderr)
        return EXIT_CONFIG
    if args.action == "invite":
        return _print_invite(settings.token)
    if args.action == "worker":
        return _work(settings, dotenv)
    if args.action == "web":
        return _web(settings, dotenv)
    discord.utils.setup_logging(level=settings.log_level_number)
    logging.getLogger("discord.client").addFilter(_without_gateway_refusals)
    warn_if_exposed(dotenv, settings)
    use_endpoints(settings.api_base, settings.gateway_url)
    return asyncio.run(_run(settings, sync_only=args.action == "sync"))


def warn_if_exposed(dotenv: Path | None, settings: Settings) -> None:
    """One warning line naming `.env` (the token, the database's password) and the SQLite file
    (every game, the dice's secret seeds) if other users of the machine may read them."""
    files = [] if dotenv is None else [dotenv.name if dotenv.parent == Path.cwd() else dotenv]
    if settings.database_url is None:
        files.append(settings.database_path)
    exposed = [str(path) for path in files if _others_may_read(Path(path))]
    if exposed:
        names = " and ".join(exposed)
        log.warning(
            "%s can be read by other users of this machine: chmod 600 %s",
            names,
            " ".join(exposed),
        )


def _others_may_read(path: Path) -> bool:
    try:
        mode = path.stat().st_mode
    except OSError:  # not there yet (the bot makes the database owner-only)
        return False
    return bool(mode & (stat.S_IRGRP | stat.S_IROTH))


def database_setting(settings: Settings) -> str:
    """The setting that names the database the bot uses."""
    return "DATABASE_URL" if settings.database_url else "DATABASE_PATH"


def database_error(setting: str, error: DatabaseUnavailableError) -> str:
    """The one line that says why the database named by `setting` cannot be opened."""
    return f"Database error: {setting}: {error}"


async def _maintain(settings: Settings, action: str) -> int:
    """Migrate the database (opening it does), and recompute the ratings if asked; print what
    was done."""
    try:
        async with open_database(settings.database) as database:
            if action == "ratings":
                rated = await GameService(database).recompute_ratings()
                print(f"Recomputed every rating from {rated} rated results.")
            else:
                print(f"The database is at schema version {await database.schema_version()}.")
    except SchemaTooNewError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return EXIT_CONFIG
    except DatabaseUnavailableError as error:
        print(database_error(database_setting(settings), error), file=sys.stderr)
        return EXIT_DATABASE
    return 0


async def _copy(source: str, target: str | None, settings: Settings) -> int:
    """Copy every game of the SQLite file `source` into the empty database at `target` (by
    default DATABASE_URL's, so that no password need be on the command line)."""
    setting = "--to" if target else "DATABASE_URL"
    target = target or settings.database_url
    if target is None:
        print(
            "Configuration error: copy-database needs a postgresql:// URL: set DATABASE_URL "
            "(or give --to)",
            file=sys.stderr,
        )
        return EXIT_CONFIG
    if not is_postgres_url(target):
        print(f"Configuration error: {setting} must be a postgresql:// URL", file=sys.stderr)
        return EXIT_CONFIG
    if not Path(source).is_file():
        print(f"Configuration error: --from {source}: no such SQLite file", file=sys.stderr)
        return EXIT_CONFIG
    try:
        copied = await _copy_between(Path(source), target, setting)
    except SchemaTooNewError as error:
        print(f"Not copied: {error}", file=sys.stderr)
        return EXIT_CONFIG
    except _UnavailableError as error:
        print(database_error(error.setting, error.cause), file=sys.stderr)
        return EXIT_DATABASE
    except TargetNotEmptyError as error:
        print(f"Not copied: {error}", file=sys.stderr)
        return EXIT_NOT_EMPTY
    except CopyFailedError as error:
        print(f"Not copied: {error}", file=sys.stderr)
        return EXIT_NOT_COPIED
    for table, (before, after) in copied.counts.items():
        print(f"{table:<16} {before:>8} rows  ->  {after:>8}")
    print("Every row was copied.")
    return 0


class _UnavailableError(Exception):
    """Which of the two databases of a copy could not be opened, and why."""

    def __init__(self, setting: str, cause: DatabaseUnavailableError) -> None:
        super().__init__(setting)
        self.setting, self.cause = setting, cause


async def _copy_between(source: Path, target: str, target_setting: str) -> Copied:
    """The copy, the target opened first: a server that cannot be reached is said before the
    source file is touched (opening it migrates it)."""
    try:
        new = await open_database(target)
    except DatabaseUnavailableError as error:
        raise _UnavailableError(target_setting, error) from None
    try:
        try:
            old = await open_database(source)
        except DatabaseUnavailableError as error:
            raise _UnavailableError("--from", error) from None
        try:
            return await copy_database(old, new)
        finally:
            await old.close()
    finally:
        await new.close()


def _work(settings: Settings, dotenv: Path | None) -> int:
    """Think for the computer, without Discord, until stopped."""
    try:
        computer_id = computer_id_of(settings)
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return EXIT_CONFIG
    logging.basicConfig(level=settings.log_level_number, format="%(levelname)s %(message)s")
    warn_if_exposed(dotenv, settings)
    try:
        return asyncio.run(run_worker(settings, computer_id))
    except DatabaseUnavailableError as error:
        print(database_error(database_setting(settings), error), file=sys.stderr)
        return EXIT_DATABASE


def _web(settings: Settings, dotenv: Path | None) -> int:
    """Serve the web board alone (as many as needed behind a load balancer), until stopped."""
    if not settings.activities:
        print(
            "Configuration error: python -m bot web needs ACTIVITY_CLIENT_SECRET", file=sys.stderr
        )
        return EXIT_CONFIG
    try:
        computer_id = computer_id_of(settings)
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return EXIT_CONFIG
    logging.basicConfig(level=settings.log_level_number, format="%(levelname)s %(message)s")
    warn_if_exposed(dotenv, settings)
    try:
        return asyncio.run(_serve_web(settings, computer_id))
    except DatabaseUnavailableError as error:
        print(database_error(database_setting(settings), error), file=sys.stderr)
        return EXIT_DATABASE


async def _serve_web(settings: Settings, computer_id: int) -> int:
    """The web board over the database, with no Discord: a move made here stays owed to the
    bot process that serves its server, which NOTIFY wakes (`posts=False`)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    name = f"web {socket.gethostname()} {os.getpid()}"
    async with (
        open_service(settings, computer_id, name=name, posts=False) as service,
        open_web(settings, service, application_id=computer_id) as server,
    ):
        assert server is not None  # Activities are set up (see `_web`)
        await stop.wait()
    return 0


def _print_invite(token: str) -> int:
    try:
        application_id = application_id_of(token)
    except ValueError as error:
        print(f"Configuration error: DISCORD_TOKEN: {error}", file=sys.stderr)
        return EXIT_CONFIG
    print(f"Add to a server:  {invite_url(application_id)}")
    print(f"Add to my apps:   {user_install_url(application_id)}")
    return 0


async def _run(settings: Settings, *, sync_only: bool) -> int:
    if sync_only:
        return await _sync(settings.token or "")
    try:
        async with (
            open_bot(settings) as bot,
            # The web board beside it, when Activities are set up (ACTIVITY_CLIENT_SECRET); its
            # moves are posted as the computer's are: through the announcer, at once.
            open_web(
                settings,
                bot.service,
                application_id=computer_id_of(settings),
                make=bot.announcer.make,
            ),
        ):
            return await _serve(bot, settings.token or "")
    except (SettingsError, SchemaTooNewError) as error:
        log.error("%s", error)
        return EXIT_CONFIG
    except DatabaseUnavailableError as error:
        log.error("%s", database_error(database_setting(settings), error))
        return EXIT_DATABASE


async def _serve(bot: GameBot, token: str) -> int:
    """Run until the bot stops or a stop signal arrives; then one orderly shutdown."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        # discord.py only handles KeyboardInterrupt; a service manager stops us with SIGTERM.
        loop.add_signal_handler(signum, stop.set)
    running = asyncio.create_task(bot.start(token), name="bot")
    stopping = asyncio.create_task(stop.wait(), name="stop signal")
    try:
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopping.cancel()
        await bot.close()  # the scheduler, the computer, the gateway; the database after
    try:
        await running
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN")
        return EXIT_CONFIG
    except Exception as error:
        refusal = _gateway_refusal(error)
        if refusal is None:
            raise
        log.error(
            "The gateway refused the connection (HTTP %s at %s): check DISCORD_GATEWAY_URL",
            refusal.status,
            refusal.request_info.real_url,
        )
        return EXIT_CONFIG
    return 0


def _without_gateway_refusals(record: logging.LogRecord) -> bool:
    """Drop discord.py's traceback for a refused gateway handshake: `_serve` says it in one
    line that names the setting."""
    error = record.exc_info[1] if record.exc_info else None
    return error is None or _gateway_refusal(error) is None


def _gateway_refusal(error: BaseException) -> aiohttp.WSServerHandshakeError | None:
    """The gateway's refusal behind `error`, if that is what stopped the client. discord.py
    meets a refused handshake (a 404 from a wrong DISCORD_GATEWAY_URL) before it has a socket
    and then fails on the missing socket, so the refusal is only in the exception's context."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, aiohttp.WSServerHandshakeError):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


async def _sync(token: str) -> int:
    """Log in over REST only (no gateway, so no interactions are taken from a running bot,
    and no database), sync the commands globally in `setup_hook`, and stop."""
    try:
        async with SyncClient() as client:
            await client.login(token)
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN")
        return EXIT_CONFIG
    return 0


if __name__ == "__main__":
    sys.exit(main())
