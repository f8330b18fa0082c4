"""Rate limits of the web board: sign-ins, moves, clicks and connections.

Each limit is a token bucket per key (a user, an Activity instance, a client address): `burst`
requests at once, refilled at `rate` per second. Sign-ins, moves and connections are counted in
the database (`bot.store.limits`), so a limit holds across every process behind a load balancer
however it spreads them, and across a restart. Clicks (the targets of a click, a few per move,
answered from the position the process already has) are counted in the process's memory: they
cost only the CPU of the process that answers, which its own bucket protects, and a database
write for each would cost more than the answer.
"""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass

MAX_KEYS = 10_000
"""Buckets kept in memory at most; the full (idle) ones are forgotten first."""
FORGET_SECONDS = 600.0
"""How often the database's full buckets are dropped (at a request, never by a timer)."""


@dataclass(frozen=True, slots=True)
class RateLimit:
    """`burst` requests at once per key, then `rate` per second."""

    burst: int
    rate: float

    @property
    def interval(self) -> int:
        """Milliseconds between two requests once the burst is spent."""
        return max(1, round(1000 / self.rate))


class TooManyError(Exception):
    """A request over its limit: `retry_after` whole seconds until one is allowed again."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many; retry after {retry_after} s")
        self.retry_after = retry_after


@dataclass(frozen=True, slots=True)
class Limits:
    """The web board's limits: what one user (one instance, one address) may do how often."""

    moves: RateLimit  # moves, resignations, draw and takeback requests and answers, per user
    clicks: RateLimit  # the targets of a click, per user (in memory)
    connections: RateLimit  # live connections opened, per user
    sign_ins: RateLimit  # sessions asked for, per Discord user
    # Every sign-in of one Activity instance (a channel) by a user Discord confirmed: a full
    # channel signs in at once.
    instance_sign_ins: RateLimit = RateLimit(burst=250, rate=2.0)
    # Every sign-in from one client address: behind a proxy not named in WEB_TRUSTED_PROXIES
    # every user has the proxy's address, so this too lets a full channel in at once. A sign-in
    # Discord's proxy signed (DISCORD_PUBLIC_KEY) takes from `sign_ins` of its user instead.
    address_sign_ins: RateLimit = RateLimit(burst=250, rate=4.0)

    @classmethod
    def default(cls) -> Limits:
        """Enough for a person playing fast and for a full channel signing in at once; far too
        little to make the bot work for a flood."""
        return cls(
            moves=RateLimit(burst=6, rate=0.5),
            clicks=RateLimit(burst=40, rate=4.0),
            connections=RateLimit(burst=8, rate=0.2),
            sign_ins=RateLimit(burst=6, rate=0.1),
        )


Taker = Callable[[list[tuple[str, int, int]], int], Awaitable[int]]
"""Takes a request from shared buckets at once: ([(key, interval, burst)], now in ms) -> ms to
wait, 0 if every one was taken (`Actions.take`); `Forgetter` drops the full buckets at a time
in ms."""
Forgetter = Callable[[int], Awaitable[int]]


class Limiter:
    """Applies `Limits`: the shared ones through the database, clicks in memory."""

    def __init__(
        self,
        limits: Limits,
        take: Taker,
        forget: Forgetter,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.limits, self.clock = limits, clock
        self._take, self._forget = take, forget
        self._forgotten_at = clock()
        self._clicks = MemoryBuckets(limits.clicks, clock)

    async def check(self, limit: RateLimit, what: str, key: object) -> None:
        """Take one of `what`'s requests for `key` from the shared bucket; raise
        `TooManyError` when it is empty."""
        await self.check_all([(limit, what, key)])

    async def check_all(self, checks: list[tuple[RateLimit, str, object]]) -> None:
        """`check` each of `checks` (limit, what, key), all in one go; raise `TooManyError`
        when any bucket is empty (the others still count the request)."""
        now = self.clock()
        if now - self._forgotten_at >= FORGET_SECONDS:
            self._forgotten_at = now
            await self._forget(_ms(now))
        buckets = [(f"{what}:{key}", limit.interval, limit.burst) for limit, what, key in checks]
        wait = await self._take(buckets, _ms(now))
        if wait:
            raise TooManyError(_seconds(wait))

    def check_click(self, user_id: int) -> None:
        """Take one click of `user_id`'s; raise `TooManyError` when they click too fast."""
        wait = self._clicks.take(user_id)
        if wait:
            raise TooManyError(_seconds(wait))


@dataclass(slots=True)
class _Due:
    at: int  # epoch ms at which the bucket is full again


class MemoryBuckets:
    """The same buckets as the database's, in this process's memory."""

    def __init__(self, limit: RateLimit, clock: Callable[[], float]) -> None:
        self.limit, self.clock = limit, clock
        self._buckets: dict[Hashable, _Due] = {}

    def take(self, key: Hashable) -> int:
        """Take one request from `key`'s bucket: 0, or the milliseconds until one is allowed."""
        now, interval = _ms(self.clock()), self.limit.interval
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= MAX_KEYS:
                self._forget_full(now)
            bucket = self._buckets[key] = _Due(now)
        later = max(bucket.at, now)
        if later + interval - now > self.limit.burst * interval:
            return max(1, bucket.at - (self.limit.burst - 1) * interval - now)
        bucket.at = later + interval
        return 0

    def _forget_full(self, now: int) -> None:
        full = [key for key, bucket in self._buckets.items() if bucket.at <= now]
        for key in full or list(self._buckets)[: MAX_KEYS // 10]:
            del self._buckets[key]


def _ms(seconds: float) -> int:
    return int(seconds * 1000)


def _seconds(ms: int) -> int:
    """Whole seconds to wait (Retry-After's unit), at least one."""
    return max(1, math.ceil(ms / 1000))
