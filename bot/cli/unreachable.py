"""Why the bot could not start talking to Discord, in one line and an exit status, in place of
the tracebacks of discord.py and aiohttp: a REST API or gateway that cannot be reached (a closed
port, a name that does not resolve, no answer), one that refuses what a setting names (a wrong
DISCORD_API_BASE or DISCORD_GATEWAY_URL, a DEV_GUILD_ID the bot is not in), or the token.

The bot starts in two stages, as discord.py's `Client.start` does: the REST login (which runs
the bot's start-up, `setup_hook`, with its command sync), then the gateway. The stage tells
which of the two addresses was out of reach."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Literal, TypeVar

import aiohttp
import discord
import yarl

from bot.cli.common import EXIT_CONFIG, EXIT_DISCORD
from bot.discord.shared.endpoints import DEFAULT_API_BASE, DEFAULT_GATEWAY, rest_base
from bot.settings import Settings

Stage = Literal["api", "gateway"]
"""Logging in over REST (and the start-up), or connecting to the gateway."""

STATUS_PAGE = "https://discordstatus.com"

E = TypeVar("E", bound=BaseException)


@dataclass(frozen=True, slots=True)
class Failure:
    """What stopped the start: one line for the log, and the exit status."""

    status: int
    line: str


def explain(error: BaseException, stage: Stage, settings: Settings) -> Failure | None:
    """The line and status for `error`, which ended the bot's start at `stage`; None for an
    error that is none of these (a bug, for its traceback)."""
    if isinstance(error, discord.LoginFailure):
        return Failure(EXIT_CONFIG, "Discord refused the token: check DISCORD_TOKEN")
    refusal = _in_chain(error, aiohttp.WSServerHandshakeError)
    if refusal is not None:
        return _refused_gateway(refusal, settings)
    problem = connection_problem(error, stage)
    if problem is not None:
        return _unreachable(problem, stage, settings)
    if isinstance(error, discord.HTTPException):
        return _refused_request(error, settings)
    return None


def connection_problem(error: BaseException, stage: Stage) -> BaseException | None:
    """The failed connection behind `error`, if that is what it is: refused, reset, a name
    that does not resolve, TLS, no answer in time (a timeout counts at the gateway only:
    the start-up's own work may time out for other reasons)."""
    kinds: tuple[type[BaseException], ...] = (aiohttp.ClientConnectionError, ConnectionError)
    if stage == "gateway":
        kinds += (TimeoutError,)
    return _in_chain(error, *kinds)


def describe(problem: BaseException) -> str:
    """The cause of a failed connection in a few words."""
    if isinstance(problem, aiohttp.ClientConnectorDNSError):
        return "its host name cannot be resolved"
    if isinstance(problem, aiohttp.ClientConnectorCertificateError | aiohttp.ClientSSLError):
        return "TLS failed"
    if isinstance(problem, aiohttp.ClientConnectorError):
        problem = problem.os_error
    if isinstance(problem, ConnectionRefusedError):
        return "connection refused"
    if isinstance(problem, TimeoutError):
        return "no answer in time"
    if isinstance(problem, aiohttp.ServerDisconnectedError):
        return "the connection was closed"
    return str(problem).strip() or type(problem).__name__


def _unreachable(problem: BaseException, stage: Stage, settings: Settings) -> Failure:
    if stage == "api":
        what, setting = "its API", "DISCORD_API_BASE" if settings.api_base else None
        address = rest_base(settings.api_base) if settings.api_base else DEFAULT_API_BASE
    else:
        what, setting = "its gateway", "DISCORD_GATEWAY_URL" if settings.gateway_url else None
        address = settings.gateway_url or str(DEFAULT_GATEWAY)
    check = (
        f"check {setting}, and that what it names is running"
        if setting
        else f"check this machine's network connection, and {STATUS_PAGE}"
    )
    line = f"Discord cannot be reached: no connection to {what} at {address} ("
    return Failure(EXIT_DISCORD, f"{line}{describe(problem)}); {check}")


def _refused_gateway(refusal: aiohttp.WSServerHandshakeError, settings: Settings) -> Failure:
    """A gateway that answered, but not with a websocket (a 404 from a wrong path)."""
    answer = f"HTTP {refusal.status} at {refusal.request_info.real_url}"
    if settings.gateway_url:
        line = f"The gateway refused the connection ({answer}): check DISCORD_GATEWAY_URL"
        return Failure(EXIT_CONFIG, line)
    line = f"Discord's gateway refused the connection ({answer}); check {STATUS_PAGE}"
    return Failure(EXIT_DISCORD, line)


def _refused_request(error: discord.HTTPException, settings: Settings) -> Failure | None:
    """A REST request of the start that Discord (or what DISCORD_API_BASE names) refused."""
    path = yarl.URL(str(error.response.url)).path
    request = f"{getattr(error.response, 'method', 'the request to')} {path}"
    answer = f"HTTP {error.status}" + (f": {error.text}" if error.text else "")
    guild = settings.dev_guild_id
    if guild is not None and f"/guilds/{guild}/commands" in path:
        return Failure(
            EXIT_CONFIG,
            f"DEV_GUILD_ID {guild}: Discord refused the bot's commands there ({answer}): add "
            "the bot to that server (python -m bot invite prints the link), or correct "
            "DEV_GUILD_ID",
        )
    if error.status >= 500:
        line = f"Discord's API answers {request} with an error ({answer}); check {STATUS_PAGE}"
        return Failure(EXIT_DISCORD, line)
    if settings.api_base:
        line = f"DISCORD_API_BASE: {request} was answered {answer}: check DISCORD_API_BASE"
        return Failure(EXIT_CONFIG, line)
    return None


def _in_chain(error: BaseException, *kinds: type[E]) -> E | None:
    """The first exception of `kinds` in `error`'s chain of causes and contexts."""
    seen: BaseException | None = error
    for _ in range(32):  # a chain is short; never loop on a cycle
        if seen is None:
            return None
        if isinstance(seen, kinds):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


class StartWatch(logging.Filter):
    """discord.py's own log of a gateway connection that failed. While the bot starts, the
    first such failure is kept from the log and remembered, and `on_failure` called (a sharded
    client would try its first connections again forever, a traceback each time), so that
    the bot stops and says it in one line. Any other such record (a reconnection after an
    outage, which discord.py retries) is logged in one line, without its traceback."""

    LOGGERS = ("discord.client", "discord.shard")
    CONNECTING = ("connect", "launch_shard", "_handle_disconnect")
    """The functions of discord.py that log a failed gateway connection: `Client.connect`
    (before trying again), `AutoShardedClient.launch_shard` (a shard's first connection) and
    `Shard._handle_disconnect` (a shard's reconnection)."""
    STARTING = ("connect", "launch_shard")
    """Those of them that a first connection fails in."""

    def __init__(self, is_ready: Callable[[], bool], on_failure: Callable[[], object]) -> None:
        super().__init__()
        self._is_ready = is_ready
        self._on_failure = on_failure
        self.failure: BaseException | None = None

    def filter(self, record: logging.LogRecord) -> bool:
        """False for a record to drop; a record kept may lose its traceback."""
        error = record.exc_info[1] if record.exc_info else None
        if error is None or record.funcName not in self.CONNECTING:
            return True
        refusal = _in_chain(error, aiohttp.WSServerHandshakeError)
        problem = refusal or connection_problem(error, "gateway")
        if problem is None:
            return True
        if record.funcName in self.STARTING and not self._is_ready():
            if self.failure is None:
                self.failure = error
                self._on_failure()
            return False
        cause = describe(problem) if refusal is None else f"HTTP {refusal.status}"
        record.msg, record.args = f"{record.getMessage()} ({cause})", None
        record.exc_info, record.exc_text = None, None
        return True

    @contextmanager
    def installed(self) -> Iterator[StartWatch]:
        """The watch on discord.py's loggers, for the time of the `with` block."""
        loggers = [logging.getLogger(name) for name in self.LOGGERS]
        for logger in loggers:
            logger.addFilter(self)
        try:
            yield self
        finally:
            for logger in loggers:
                logger.removeFilter(self)
