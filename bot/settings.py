"""The bot's configuration, read from the environment (and a `.env` file loaded at start)."""

from __future__ import annotations

import errno
import ipaddress
import logging
import math
import socket
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

from bot.shards import Shards

DEFAULT_DATABASE = Path("data") / "bot.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
AI_THINK_SECONDS = 2.0
AI_THINK_RANGE = (0.1, 60.0)
"""Less than a tenth of a second is too little for any search; over a minute, players wait."""
AI_WORKERS = 1
AI_WORKERS_MAX = 32
SHARDS_MAX = 4096
PENDING_CHALLENGES = 5
COMPUTER_GAMES = 3
ANALYSES_PER_DAY = 5
WEB_HOST = "127.0.0.1"
WEB_PORT = 8080
PRIVILEGED_PORTS = 1024
"""Ports below this one are the system administrator's alone (unless granted otherwise)."""
LIMIT_RANGE = (1, 100)
"""The limits against pestering (issue 27): one is the least that lets anyone play at all."""


class SettingsError(ValueError):
    """A setting is present but unusable; the message names the key and what is expected."""


@dataclass(frozen=True)
class Settings:
    """Everything the bot reads from its environment. `repr` never shows the token."""

    token: str | None = field(default=None, repr=False)
    database_path: Path = DEFAULT_DATABASE
    database_url: str | None = field(default=None, repr=False)  # it may hold a password
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    api_base: str | None = None
    gateway_url: str | None = None
    ai_think_seconds: float = AI_THINK_SECONDS
    ai_workers: int = AI_WORKERS
    shard_count: int | None = None  # None: one process serves every server
    shard_ids: tuple[int, ...] | None = None  # this process's shards (None: all of them)
    pending_challenges: int = PENDING_CHALLENGES  # a player's challenges waiting at once
    computer_games: int = COMPUTER_GAMES  # a player's active games against the computer (a server)
    analyses_per_day: int = ANALYSES_PER_DAY  # analyses a player may ask for in 24 hours
    # The Activity (the web board, `bot.web`): its OAuth2 client secret, kept like the token;
    # without it nothing of the web board starts and no Open board button is shown.
    activity_client_secret: str | None = field(default=None, repr=False)
    web_host: str = WEB_HOST  # where the web board listens
    web_port: int = WEB_PORT  # 0: any free port (tests)
    # The proxies (addresses or networks) whose X-Forwarded-For / Forwarded the web board
    # believes; from anyone else a request's address is the connection's.
    web_trusted_proxies: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()
    # The application's public key (32 bytes; DISCORD_PUBLIC_KEY, hex as the Developer Portal
    # shows it): with it a sign-in the Activity proxy signed is limited per user, not per the
    # proxy's address that every user inside Discord shares (bot/web/proxyauth.py).
    discord_public_key: bytes | None = None
    # Where players read every rule (docs/rules.md of the bot's repository, as published): /rules
    # links each game's section of it; None: /rules gives the summary alone.
    rules_url: str | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Settings:
        """Read and check every setting; raise `SettingsError` naming the first bad one."""

        def get(key: str) -> str | None:
            value = env.get(key, "").strip()
            return value or None

        shard_count, shard_ids = _shards(get("SHARD_COUNT"), get("SHARD_IDS"))
        return cls(
            token=get("DISCORD_TOKEN"),
            database_path=Path(get("DATABASE_PATH") or DEFAULT_DATABASE),
            database_url=_database_url(get("DATABASE_URL")),
            dev_guild_id=_snowflake("DEV_GUILD_ID", get("DEV_GUILD_ID")),
            log_level=_log_level(get("LOG_LEVEL") or "INFO"),
            api_base=_url("DISCORD_API_BASE", get("DISCORD_API_BASE"), ("http", "https")),
            gateway_url=_url("DISCORD_GATEWAY_URL", get("DISCORD_GATEWAY_URL"), ("ws", "wss")),
            ai_think_seconds=_think_seconds(get("AI_THINK_SECONDS")),
            ai_workers=_workers(get("AI_WORKERS")),
            shard_count=shard_count,
            shard_ids=shard_ids,
            pending_challenges=_limit("PENDING_CHALLENGES", get("PENDING_CHALLENGES")),
            computer_games=_limit("COMPUTER_GAMES", get("COMPUTER_GAMES")),
            analyses_per_day=_limit("ANALYSES_PER_DAY", get("ANALYSES_PER_DAY")),
            activity_client_secret=get("ACTIVITY_CLIENT_SECRET"),
            web_host=get("WEB_HOST") or WEB_HOST,
            web_port=_port(get("WEB_PORT")),
            web_trusted_proxies=_networks("WEB_TRUSTED_PROXIES", get("WEB_TRUSTED_PROXIES")),
            discord_public_key=_public_key(get("DISCORD_PUBLIC_KEY")),
            rules_url=_url("RULES_URL", get("RULES_URL"), ("https",)),
        )

    @property
    def database(self) -> str | Path:
        """Where the games are kept: the PostgreSQL server of `DATABASE_URL` when it is set,
        else the SQLite file `DATABASE_PATH`."""
        return self.database_url or self.database_path

    @property
    def activities(self) -> bool:
        """Whether the Activity (the web board) is set up: ACTIVITY_CLIENT_SECRET is set. Without
        it the web board does not start and boards get no Open board button."""
        return bool(self.activity_client_secret)

    @property
    def shards(self) -> Shards | None:
        """The shards this process connects (None: every server, in one shard)."""
        if self.shard_count is None:
            return None
        return Shards(self.shard_count, self.shard_ids or tuple(range(self.shard_count)))

    @property
    def process_name(self) -> str:
        """This process among the bot's processes, the same after a restart: its shards."""
        shards = self.shards
        return "bot" if shards is None else "shards " + ",".join(map(str, shards.ids))

    @property
    def log_level_number(self) -> int:
        """The log level as the `logging` module's number."""
        return logging.getLevelNamesMapping()[self.log_level]

    def check_bot_process(self) -> str | None:
        """Check the settings of a bot process (`python -m bot`): on the SQLite file it is the
        bot's only process (other processes share the games only through PostgreSQL, whose
        NOTIFY tells them of each other's changes), so nothing may be left to others. Raise
        `SettingsError` for what would be; return a line for the log where a setting means
        something else here than with DATABASE_URL (None: nothing to say)."""
        if self.database_url is not None:
            return None
        alone = (
            "which share the games only through DATABASE_URL (PostgreSQL); with the SQLite "
            "file of DATABASE_PATH this process is the bot's only one"
        )
        if self.ai_workers == 0:
            raise SettingsError(
                f"AI_WORKERS=0 leaves the computer's moves to other processes, {alone}: set "
                "AI_WORKERS to 1 or more (or set DATABASE_URL)"
            )
        shards = self.shards
        if shards is None:
            return None
        others = sorted(set(range(shards.count)) - set(shards.ids))
        if others:
            raise SettingsError(
                f"SHARD_IDS leaves shards {_numbers(others)} of SHARD_COUNT={shards.count} to "
                f"other processes, {alone}: leave SHARD_IDS empty (or set DATABASE_URL)"
            )
        return (
            f"SHARD_COUNT={shards.count} with the SQLite file: this process connects every "
            f"shard ({_numbers(shards.ids)}) and serves every server itself"
        )

    def check_web(self) -> None:
        """Check the settings of a web process (`python -m bot web`), which serves the board for
        the bot processes that share its PostgreSQL database: only NOTIFY tells it of their moves
        and them of its own, so on the SQLite file it would be deaf and mute."""
        if self.database_url is None:
            raise SettingsError(
                "DATABASE_URL: python -m bot web serves the board beside bot processes that "
                "share a PostgreSQL database with it, each telling the others of its moves; "
                "with the SQLite file of DATABASE_PATH no other process could tell it of one, "
                "and the bot (python -m bot) serves the board itself: set "
                "ACTIVITY_CLIENT_SECRET for the bot, and start no web process"
            )

    def cannot_listen(self, error: OSError) -> SettingsError:
        """Why the web board cannot listen on WEB_HOST:WEB_PORT, naming the setting to change:
        a port another program holds, one this user may not take, a host that is not this
        machine's or not a name at all. Restarting changes none of these."""
        host, port = self.web_host, self.web_port
        if isinstance(error, socket.gaierror):
            return SettingsError(
                f"WEB_HOST: the web board cannot start: {host!r} is neither an address nor a "
                f"name that resolves ({error.strerror}): give an address of this machine such "
                "as 127.0.0.1, or 0.0.0.0 for all of them"
            )
        causes = {
            errno.EADDRINUSE: (
                "WEB_PORT",
                f"port {port} on {host} is in use by another program (another bot or web "
                "process?): stop it, or choose another WEB_PORT",
            ),
            errno.EACCES: (
                "WEB_PORT",
                f"port {port} is reserved to the system administrator (ports below 1024): "
                "choose a port from 1024 up, with a reverse proxy in front if needed"
                if port < PRIVILEGED_PORTS
                else f"this user may not listen on port {port} ({error.strerror})",
            ),
            errno.EADDRNOTAVAIL: (
                "WEB_HOST",
                f"{host} is no address of this machine: give one of its addresses, or "
                "0.0.0.0 for all of them",
            ),
        }
        key, cause = causes.get(
            error.errno or 0,
            ("WEB_HOST, WEB_PORT", f"cannot listen on {host}:{port}: {error.strerror or error}"),
        )
        return SettingsError(f"{key}: the web board cannot start: {cause}")

    def check_worker(self) -> None:
        """Check the settings of a worker (`python -m bot worker`), which only thinks for the
        computer, for the bot processes that share its PostgreSQL database; raise
        `SettingsError` where it could think for nobody."""
        if self.database_url is None:
            raise SettingsError(
                "DATABASE_URL: a worker thinks for the bot processes that share a PostgreSQL "
                "database with it; with the SQLite file of DATABASE_PATH the bot thinks itself "
                "(AI_WORKERS), so no worker is needed"
            )
        if self.ai_workers == 0:
            raise SettingsError(
                "AI_WORKERS=0: a worker does nothing but think for the computer; give it 1 or "
                "more (how many moves it thinks about at once)"
            )


def _snowflake(key: str, value: str | None) -> int | None:
    if value is None:
        return None
    if not value.isdigit():
        raise SettingsError(f"{key} must be a Discord server id (digits only), not {value!r}")
    return int(value)


def _database_url(value: str | None) -> str | None:
    if value is None:
        return None
    parsed = urlparse(value)
    if parsed.scheme not in ("postgresql", "postgres") or not parsed.hostname:
        raise SettingsError(
            "DATABASE_URL must be a PostgreSQL URL such as "
            "postgresql://user:password@host:5432/database (leave it empty for SQLite)"
        )
    return value


def _log_level(value: str) -> str:
    level = value.upper()
    if level not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {value!r}")
    return level


def _url(key: str, value: str | None, schemes: tuple[str, ...]) -> str | None:
    if value is None:
        return None
    parsed = urlparse(value)
    if parsed.scheme not in schemes or not parsed.netloc:
        wanted = " or ".join(f"{scheme}://" for scheme in schemes)
        raise SettingsError(f"{key} must be a URL starting with {wanted}, not {value!r}")
    if key == "DISCORD_GATEWAY_URL":
        return value  # its trailing slash is part of the path: a proxy may serve /gw/, not /gw
    return value.rstrip("/")  # the API base's routes are appended after one slash


def _think_seconds(value: str | None) -> float:
    if value is None:
        return AI_THINK_SECONDS
    low, high = AI_THINK_RANGE
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not low <= seconds <= high:  # also false for nan
        raise SettingsError(
            f"AI_THINK_SECONDS must be a number of seconds from {low:g} to {high:g}, not {value!r}"
        )
    return seconds


def _workers(value: str | None) -> int:
    if value is None:
        return AI_WORKERS
    # isascii: str.isdigit also accepts digits such as '²' that int() refuses.
    if not (value.isascii() and value.isdigit()) or not 0 <= int(value) <= AI_WORKERS_MAX:
        raise SettingsError(
            f"AI_WORKERS must be a whole number from 0 (this process does not think) to "
            f"{AI_WORKERS_MAX}, not {value!r}"
        )
    return int(value)


def _limit(key: str, value: str | None) -> int:
    if value is None:
        defaults = {"PENDING_CHALLENGES": PENDING_CHALLENGES, "ANALYSES_PER_DAY": ANALYSES_PER_DAY}
        return defaults.get(key, COMPUTER_GAMES)
    low, high = LIMIT_RANGE
    # isascii: str.isdigit also accepts digits such as '²' that int() refuses.
    if not (value.isascii() and value.isdigit()) or not low <= int(value) <= high:
        raise SettingsError(f"{key} must be a whole number from {low} to {high}, not {value!r}")
    return int(value)


def _port(value: str | None) -> int:
    if value is None:
        return WEB_PORT
    if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= 65535:
        raise SettingsError(f"WEB_PORT must be a TCP port from 1 to 65535, not {value!r}")
    return int(value)


def _public_key(value: str | None) -> bytes | None:
    """An Ed25519 public key: 64 hex digits, as the Developer Portal's General Information
    shows the application's Public Key."""
    if value is None:
        return None
    try:
        key = bytes.fromhex(value)
    except ValueError:
        key = b""
    if len(key) != 32:
        raise SettingsError(
            "DISCORD_PUBLIC_KEY must be the application's Public Key from the Developer Portal"
            " (64 hex digits)"
        )
    return key


def _networks(
    key: str, value: str | None
) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    """Addresses or networks separated by commas (or spaces): `127.0.0.1, 10.0.0.0/8, ::1`."""
    networks = []
    for part in (value or "").replace(",", " ").split():
        try:
            networks.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise SettingsError(
                f"{key} must list IP addresses or networks (such as 127.0.0.1, 10.0.0.0/8),"
                f" not {part!r}"
            ) from None
    return tuple(networks)


def _shards(count: str | None, ids: str | None) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS ("0-3", "4,5", "0-1,6"): this process's part of the bot."""
    if count is None:
        if ids is not None:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT (how many shards the bot has)")
        return None, None
    if not (count.isascii() and count.isdigit()) or not 1 <= int(count) <= SHARDS_MAX:
        raise SettingsError(f"SHARD_COUNT must be a whole number from 1 to {SHARDS_MAX}")
    total = int(count)
    if ids is None:
        return total, None
    chosen: set[int] = set()
    for part in ids.replace(" ", "").split(","):
        first, _, last = part.partition("-")
        if not (first.isascii() and first.isdigit() and (not last or last.isdigit())):
            raise SettingsError(f"SHARD_IDS must be shard numbers like 0-3 or 4,5, not {ids!r}")
        chosen.update(range(int(first), int(last or first) + 1))
    if not chosen or max(chosen) >= total:
        raise SettingsError(f"SHARD_IDS must name shards from 0 to {total - 1}, not {ids!r}")
    return total, tuple(sorted(chosen))


def _numbers(shards: Sequence[int]) -> str:
    """Shard numbers as SHARD_IDS writes them: `0-3`, `4,6-7`."""
    runs: list[list[int]] = []
    for shard in shards:
        if runs and shard == runs[-1][-1] + 1:
            runs[-1].append(shard)
        else:
            runs.append([shard])
    return ",".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)
