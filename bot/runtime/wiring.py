"""What a bot process and a thinking-only worker (``python -m bot worker``) are built from: the
computer's user id from the token, the service over the database the settings name, and the
computer opponent. In one place, so that the two kinds of process cannot drift apart."""

from __future__ import annotations

import base64
import binascii
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from bot.computer.search import Search
from bot.games import GAMES, Registry
from bot.runtime.opponent import ComputerOpponent
from bot.service import Clock, GameService, SeedSource, random_seed, utc_now
from bot.service.limits import Limits
from bot.settings import Settings, SettingsError
from bot.shards import Shards
from bot.store import open_database


def application_id_of(token: str) -> int:
    """The bot's id, which a token carries in its first part (base64); raise `ValueError`."""
    first = token.split(".", maxsplit=1)[0]
    try:
        decoded = base64.b64decode(first + "=" * (-len(first) % 4), validate=True).decode()
    except (binascii.Error, UnicodeDecodeError):
        raise ValueError("the token does not look like a Discord bot token") from None
    if not (decoded.isascii() and decoded.isdigit()):
        raise ValueError("the token does not look like a Discord bot token")
    return int(decoded)


def computer_id_of(settings: Settings) -> int:
    """The user id the computer plays under: the bot's own, from DISCORD_TOKEN; raise
    `SettingsError` for a token that names no bot."""
    try:
        return application_id_of(settings.token or "")
    except ValueError as error:
        raise SettingsError(f"DISCORD_TOKEN: {error}") from None


@asynccontextmanager
async def open_service(
    settings: Settings,
    computer_id: int,
    *,
    name: str,
    shards: Shards | None = None,
    posts: bool = True,
    clock: Clock = utc_now,
    seeds: SeedSource = random_seed,
    registry: Registry = GAMES,
) -> AsyncIterator[GameService]:
    """The service over the database the settings name, which is closed on leaving.

    `name` is the process among the bot's processes (its claims carry it); `shards` the servers
    it serves (None: every one); `posts` False for a process without Discord, which leaves every
    post to the bots; `registry` the games it offers. Raises `SchemaTooNewError` for a
    database made by a newer bot.
    """
    async with open_database(settings.database) as database:
        yield GameService(
            database,
            clock=clock,
            seeds=seeds,
            computer_id=computer_id,
            name=name,
            shards=shards,
            posts=posts,
            registry=registry,
            limits=Limits(
                settings.pending_challenges, settings.computer_games, settings.analyses_per_day
            ),
        )


def computer_opponent(
    settings: Settings,
    service: GameService,
    *,
    name: str,
    search: Search | None = None,
    ready: Callable[[], Awaitable[object]] | None = None,
) -> ComputerOpponent:
    """The computer opponent over `service`, thinking for AI_THINK_SECONDS in up to AI_WORKERS
    processes at once (at least one; `search`, by default the computer's own in a process per
    move); its moves owe their posts, which the bots deliver. It is at work while entered
    with `async with`."""
    return ComputerOpponent(
        service,
        seconds=settings.ai_think_seconds,
        workers=max(settings.ai_workers, 1),
        search=search,
        ready=ready,
        name=name,
    )
