"""Rate limits per user: moves, clicks and connections of the web board.

A token bucket per key (a user and what they do): `burst` requests at once, refilled at `rate`
per second. In memory, per process: behind a load balancer each process limits what reaches it,
which still bounds what one user can make the bot do.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

MAX_KEYS = 10_000
"""Buckets kept at most; the fullest (idle) ones are forgotten first."""


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class RateLimit:
    """`burst` requests at once per key, then `rate` per second."""

    def __init__(
        self, burst: int, rate: float, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.burst, self.rate, self.clock = burst, rate, clock
        self._buckets: dict[Hashable, _Bucket] = {}

    def allow(self, key: Hashable) -> bool:
        """Take one request from `key`'s bucket; False when it is empty (refuse the request)."""
        now = self.clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= MAX_KEYS:
                self._forget_full(now)
            bucket = self._buckets[key] = _Bucket(float(self.burst), now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True

    def _forget_full(self, now: float) -> None:
        full = [
            key
            for key, bucket in self._buckets.items()
            if bucket.tokens + (now - bucket.at) * self.rate >= self.burst
        ]
        for key in full or list(self._buckets)[: MAX_KEYS // 10]:
            del self._buckets[key]


@dataclass(frozen=True, slots=True)
class Limits:
    """The web board's limits: what one user may do how often."""

    moves: RateLimit  # moves, resignations, draw and takeback requests and answers
    clicks: RateLimit  # the targets of a click
    connections: RateLimit  # live connections opened
    sign_ins: RateLimit  # sessions asked for (per instance and address)

    @classmethod
    def default(cls) -> Limits:
        """Enough for a person playing fast; far too little to make the bot work for a flood."""
        return cls(
            moves=RateLimit(burst=6, rate=0.5),
            clicks=RateLimit(burst=40, rate=4.0),
            connections=RateLimit(burst=8, rate=0.2),
            sign_ins=RateLimit(burst=6, rate=0.1),
        )
