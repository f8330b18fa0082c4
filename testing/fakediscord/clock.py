"""The fake's clock for Discord's deadlines (the 3 seconds to acknowledge an interaction).

By default it is the event loop's clock: real seconds, so a test of the real bot finds out
whether the bot answers in time. A test of the fake itself can pass a `ManualClock` instead and
move it by hand (`FakeDiscord.advance_clock`), so a deadline passes exactly when the test says,
without waiting for it.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

WAIT = 60.0
"""Seconds a wait for the bot gives it before calling it hung: every wait of the fake and of the
tests' helpers (a READY, a message, an interaction's answer, a process's stop). Generous, for a
loaded machine (issue 52, point 17: a run of 2,530 tests failed on a bound of 5 s that the same
test met in 9 s alone): a bound costs nothing when the test passes. Discord's own deadlines
(the 3 seconds to acknowledge an interaction, on the fake's clock) are behaviour, not bounds."""

MANUAL_GUARD = WAIT
"""Real seconds a wait on a `ManualClock` deadline lasts before it fails (a test that never moves
the clock nor gets an answer would otherwise hang)."""


class Clock(Protocol):
    """Where the fake reads the time of a dispatch, an answer or a request."""

    def now(self) -> float:
        """The time in seconds (only differences count)."""
        ...

    def real_wait(self, seconds: float) -> float:
        """How many real seconds to wait for `seconds` of this clock to pass."""
        ...


class LoopClock:
    """The running event loop's monotonic clock: real time."""

    def now(self) -> float:
        """`loop.time()`."""
        return asyncio.get_running_loop().time()

    def real_wait(self, seconds: float) -> float:
        """The same seconds: this clock is real time."""
        return seconds


class ManualClock:
    """A clock that stands still until a test moves it (`FakeDiscord.advance_clock`)."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        """The time the test has moved the clock to."""
        return self._now

    def advance(self, seconds: float) -> None:
        """Move the clock on by `seconds` (use `FakeDiscord.advance_clock`, which also wakes
        whoever waits for a deadline)."""
        if seconds < 0:
            raise ValueError("a clock does not go back")
        self._now += seconds

    def real_wait(self, seconds: float) -> float:
        """A bound, not a measure: the clock moves only when the test moves it, and that wakes
        the waiters; after `MANUAL_GUARD` real seconds a wait gives up."""
        return MANUAL_GUARD
