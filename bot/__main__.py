"""`python -m bot [command] [options]`: the bot's command line. It reads the command line (each
command with options of its own, see `COMMANDS`), loads `.env` and the settings, checks the
token where the command needs one, and hands over to the command (`bot.cli`). Every problem it
knows of ends it with one line on the standard error and an exit status of its own (the
README's "Exit statuses")."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from urllib.parse import urlencode

import discord
from dotenv import find_dotenv, load_dotenv

from bot.cli import board, maintenance, online, records
from bot.cli.common import (
    EXIT_CONFIG,
    EXIT_DATABASE,
    EXIT_DISCORD,
    EXIT_NOT_COPIED,
    EXIT_NOT_EMPTY,
    configuration_error,
    shown_path,
)
from bot.runtime.wiring import application_id_of
from bot.settings import Settings, SettingsError

__all__ = [
    "COMMANDS",
    "EXIT_CONFIG",
    "EXIT_DATABASE",
    "EXIT_DISCORD",
    "EXIT_NOT_COPIED",
    "EXIT_NOT_EMPTY",
    "invite_url",
    "main",
    "user_install_url",
]

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
PORTAL = "https://discord.com/developers/applications"
"""Where a bot's token comes from: the application's Bot page."""


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


def _print_invite(token: str) -> int:
    application_id = application_id_of(token)  # its shape was checked before
    print(f"Add to a server:  {invite_url(application_id)}")
    print(f"Add to my apps:   {user_install_url(application_id)}")
    return 0


Run = Callable[[argparse.Namespace, Settings, Path | None], int]
"""A command's work: the parsed command line, the settings, the `.env` file read (if any)."""


def _no_options(parser: argparse.ArgumentParser) -> None:
    """A command without options of its own."""


def _ratings_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--recompute",
        action="store_true",
        required=True,
        help="forget every rating and rate all stored results again, in order",
    )


def _copy_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--from", dest="source", required=True, metavar="FILE", help="the SQLite file to copy"
    )
    parser.add_argument(
        "--to",
        dest="target",
        metavar="URL",
        help="the postgresql:// URL to copy into (default: DATABASE_URL, which keeps the "
        "password off the command line)",
    )


def _import_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="the record ('-' for standard input)")
    parser.add_argument(
        "--for",
        dest="user",
        type=int,
        metavar="USER_ID",
        help="keep it in the database as this Discord user's imported game (default: print it "
        "in the open format)",
    )


def _backup_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--to",
        dest="target",
        required=True,
        metavar="FILE",
        help="the new file to write the copy to (never overwritten; readable by you alone)",
    )


@dataclass(frozen=True, slots=True)
class Command:
    """One command of `python -m bot`: what `--help` says of it, its options, its work, and
    whether it needs the bot's token."""

    summary: str
    description: str
    run: Run
    needs_token: bool = False
    options: Callable[[argparse.ArgumentParser], None] = _no_options


COMMANDS: dict[str, Command] = {
    "run": Command(
        "run the bot (the default)",
        "Run the bot until Ctrl+C or SIGTERM. Settings come from the environment and .env.",
        lambda args, settings, dotenv: online.run_bot(settings, dotenv),
        needs_token=True,
    ),
    "sync": Command(
        "register the slash commands with Discord, for every server, and stop",
        "Register the slash commands globally (once per release; Discord may take a while "
        "to show them everywhere). It uses Discord's REST API only, so it can run beside a "
        "bot in service.",
        lambda args, settings, dotenv: online.sync(settings),
        needs_token=True,
    ),
    "invite": Command(
        "print the links that add the bot to a server, or to a player's own apps",
        "Print the two invite links: add the bot to a server, and add its commands to a "
        "player's own apps (Discord's user install).",
        lambda args, settings, dotenv: _print_invite(settings.token or ""),
        needs_token=True,
    ),
    "worker": Command(
        "think for the computer player without connecting to Discord",
        "Think for the computer player, for the bot processes that share a PostgreSQL "
        "database (DATABASE_URL), without connecting to Discord; AI_WORKERS moves at once.",
        lambda args, settings, dotenv: online.work(settings, dotenv),
        needs_token=True,
    ),
    "web": Command(
        "serve the web board (the Activity) alone, without Discord",
        "Serve the web board (the Discord Activity) alone, without connecting to Discord, for "
        "the bot processes that share a PostgreSQL database; as many as needed behind a load "
        "balancer. Needs ACTIVITY_CLIENT_SECRET; refused on the SQLite file, where the bot "
        "serves the board itself.",
        lambda args, settings, dotenv: board.serve(settings, dotenv),
        needs_token=True,
    ),
    "migrate": Command(
        "upgrade the database to this version of the bot, and stop",
        "Upgrade the database to this version of the bot (making it if it is an SQLite file "
        "that is not there yet), say its schema version, and stop. The bot does the same at "
        "every start.",
        lambda args, settings, dotenv: maintenance.migrate(settings, dotenv),
    ),
    "ratings": Command(
        "recompute every rating from the stored results (with --recompute)",
        "Forget every rating and rate all stored results again, in the order they were played.",
        lambda args, settings, dotenv: maintenance.recompute_ratings(settings, dotenv),
        options=_ratings_options,
    ),
    "backup": Command(
        "copy the SQLite file into a new file readable by you alone (with --to)",
        "Copy the SQLite file of DATABASE_PATH into a new file readable by you alone, as one "
        "consistent snapshot even while the bot runs (SQLite's own online backup). A "
        "PostgreSQL database is backed up with pg_dump instead.",
        lambda args, settings, dotenv: maintenance.backup(args.target, settings),
        options=_backup_options,
    ),
    "copy-database": Command(
        "copy every game of an SQLite file into an empty PostgreSQL database",
        "Copy every row of an SQLite file into an empty PostgreSQL database, ids kept, in one "
        "transaction that is undone if anything is amiss. Stop the bot first. The SQLite file "
        "is first upgraded in place to this version of the bot, as the bot does at start.",
        lambda args, settings, dotenv: maintenance.copy(args.source, args.target, settings, dotenv),
        options=_copy_options,
    ),
    "import": Command(
        "check a game record and print it in the open format, or keep it (with --for)",
        "Read a game record (this bot's open format, AbstractPlay's or boardspace's Ponte "
        "record; docs/records.md), replay it with every rule checked, and print it in the "
        "open format, or with --for keep it as that user's imported game, as /import does.",
        lambda args, settings, dotenv: records.import_record(args.file, args.user, settings),
        options=_import_options,
    ),
}
"""Every command, by name. A new one is one more entry here."""

DESCRIPTION = (
    "The Ponte & Verbindung Discord bot and its maintenance commands. Settings come from the "
    "environment and from a .env file in the current folder (.env.example describes each)."
)


DISTRIBUTION = "ponte-verbindung-bot"
"""The bot's name as pip installed it (pyproject.toml), under which its version is recorded."""


def bot_version() -> str:
    """This bot's version, as pip recorded it at the last install (the README's upgrade steps
    install again, so it follows a pull); CHANGELOG.md says what each one changed."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # run from a checkout pip never installed
        return "unknown (not installed: pip install -e .)"


def _parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The command line's parser, and each command's own."""
    parser = argparse.ArgumentParser(prog="python -m bot", description=DESCRIPTION)
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {bot_version()}", help="say the version"
    )
    chosen = parser.add_subparsers(
        dest="command", metavar="command", title="commands (run when none is given)"
    )
    parsers = {}
    for name, command in COMMANDS.items():
        own = chosen.add_parser(name, help=command.summary, description=command.description)
        command.options(own)
        parsers[name] = own
    return parser, parsers


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line, each option checked to be its command's own (argparse would otherwise
    say only "unrecognized arguments", and echo their values, a password among them)."""
    parser, parsers = _parser()
    args, extras = parser.parse_known_args(argv)
    args.command = args.command or "run"
    if extras:
        own = parsers[args.command]
        options = [extra.split("=", 1)[0] for extra in extras if extra.startswith("-")]
        if not options:
            own.error(f"{args.command} takes no argument {extras[0]!r}")
        option = options[0]
        owners = [name for name, other in parsers.items() if option in _option_names(other)]
        if owners:
            own.error(f"{option} is an option of {' and '.join(owners)}, not of {args.command}")
        own.error(f"{args.command} has no option {option}")
    return args


def _option_names(parser: argparse.ArgumentParser) -> set[str]:
    # argparse lists a parser's options nowhere public; its actions are stable since 3.2.
    return {name for action in parser._actions for name in action.option_strings}


def no_token(dotenv: Path | None) -> str:
    """What to do when DISCORD_TOKEN is empty: the line of `.env` to fill in (the README's first
    command made `.env` from `.env.example`), and where the token comes from."""
    line = None if dotenv is None else _token_line(dotenv)
    if dotenv is None:
        where = "set DISCORD_TOKEN in the environment, or in a .env file in this folder"
    elif line is None:
        where = f"add the line DISCORD_TOKEN=<your bot's token> to {shown_path(dotenv)}"
    else:
        where = (
            f"write your bot's token after DISCORD_TOKEN= on line {line} of {shown_path(dotenv)}"
        )
    return (
        f"DISCORD_TOKEN is empty: {where}. The token is on your application's Bot page at "
        f"{PORTAL} (Reset Token shows a new one)."
    )


def _token_line(dotenv: Path) -> int | None:
    """The number of the line of `dotenv` that sets DISCORD_TOKEN (None: no such line)."""
    setting = re.compile(r"\s*(export\s+)?DISCORD_TOKEN\s*=")
    try:
        lines = dotenv.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    return next((number for number, text in enumerate(lines, 1) if setting.match(text)), None)


def main(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> int:
    """Parse the command line, check the settings, and run the command; return the exit
    status. `env` in place of the environment and `.env` (for tests)."""
    args = _parse(argv)
    command = COMMANDS[args.command]
    dotenv: Path | None = None
    if env is None:
        # Values already in the environment win over the file, as deployments expect.
        found = find_dotenv(usecwd=True)
        load_dotenv(found, override=False)
        dotenv, env = (Path(found) if found else None), os.environ
    try:
        settings = Settings.from_env(env)
    except SettingsError as error:
        return configuration_error(str(error))
    if command.needs_token:
        if settings.token is None:
            return configuration_error(no_token(dotenv))
        try:
            application_id_of(settings.token)
        except ValueError as error:
            return configuration_error(f"DISCORD_TOKEN: {error}")
    return command.run(args, settings, dotenv)


if __name__ == "__main__":
    sys.exit(main())
