"""Snowflake ids and timestamps as Discord makes them."""

from __future__ import annotations

import base64
import secrets
import time
from collections.abc import Callable
from datetime import UTC, datetime

DISCORD_EPOCH_MS = 1_420_070_400_000
# Worker and process bits of the ids; any value works, fixed ones make ids easy to recognise.
_WORKER, _PROCESS = 1, 7


class Snowflakes:
    """Makes unique snowflakes from the current time, strictly increasing.

    discord.py derives creation times from ids (for example `Interaction.created_at` and the
    15-minute expiry of an interaction token), so the ids must be recent, not small counters:
    `now` (seconds since the Unix epoch) is the wall clock unless a test gives another.
    """

    def __init__(self, now: Callable[[], float] = time.time) -> None:
        self._now = now
        self._last = 0

    def next(self) -> int:
        """A new snowflake, later than every one made before."""
        now_ms = round(self._now() * 1000) - DISCORD_EPOCH_MS
        candidate = (now_ms << 22) | (_WORKER << 17) | (_PROCESS << 12)
        self._last = max(candidate, self._last + 1)
        return self._last


def snowflake_time(snowflake: int) -> datetime:
    """When `snowflake` was made (UTC)."""
    return datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, tz=UTC)


def iso_now() -> str:
    """The current time as Discord writes timestamps (ISO 8601 with offset)."""
    return datetime.now(UTC).isoformat()


def new_token(prefix: str) -> str:
    """A random token, unguessable like Discord's interaction tokens."""
    return f"{prefix}.{secrets.token_urlsafe(24)}"


def bot_token_prefix(user_id: int) -> str:
    """The first part of a bot token: the bot's user id as unpadded base64 (as Discord's)."""
    return base64.b64encode(str(user_id).encode()).decode().rstrip("=")
