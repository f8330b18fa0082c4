"""What the service tells the rest of the bot after a change is committed.

A use case that changes a game or a challenge publishes one event once its transaction has
committed; the scheduler (a deadline moved), the computer opponent (it may be its turn) and anyone
else subscribe here instead of being called by every command that makes a change. So no caller
can forget a follow-up, and a new follow-up is one more subscriber.

Subscribers are plain callables run in order on the event loop; they must return quickly (set an
`asyncio.Event`, create a task). One that raises is logged and does not keep the others from
their turn, nor the use case from returning its result.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.store.quick import quick_init

log = logging.getLogger(__name__)


@quick_init
@dataclass(frozen=True, slots=True)
class GameChanged:
    """A game started, moved on or ended, a draw or a takeback was asked or answered on it, or
    a holiday moved its clock: its deadline, whose turn, its status and its offers may differ
    (`revision` is the same for the changes that make no new revision)."""

    game_id: int
    revision: int
    active: bool
    computer_to_move: bool


@dataclass(frozen=True, slots=True)
class ChallengeChanged:
    """A challenge was made, answered, withdrawn or expired: the next expiry may differ."""

    challenge_id: int
    status: str


@dataclass(frozen=True, slots=True)
class AnalysisProgressed:
    """A turn of a finished game's analysis was reviewed: `done` of its turns are."""

    game_id: int
    done: int
    finished: bool


@quick_init
@dataclass(frozen=True, slots=True)
class PostOwed:
    """A change owed post `post_id` to Discord (about a server of `guild_id`, None: a direct
    message's)."""

    post_id: int
    guild_id: int | None


@dataclass(frozen=True, slots=True)
class PuzzlesFound:
    """Finished game `game_id` was looked at for puzzles: `found` new ones."""

    game_id: int
    found: int


Event = GameChanged | ChallengeChanged | AnalysisProgressed | PostOwed | PuzzlesFound
"""What the service publishes."""

E = TypeVar("E")


class Events(Generic[E]):
    """A small synchronous publish-subscribe hub (the service has one for its events, the
    computer opponent one for its own)."""

    def __init__(self) -> None:
        self._subscribers: list[Callable[[E], None]] = []

    def subscribe(self, subscriber: Callable[[E], None]) -> Callable[[], None]:
        """Call `subscriber` with every later event; return the function that unsubscribes."""
        self._subscribers.append(subscriber)
        return lambda: self._subscribers.remove(subscriber)

    def publish(self, event: E) -> None:
        """Hand `event` to every subscriber, in the order they subscribed."""
        for subscriber in list(self._subscribers):
            try:
                subscriber(event)
            except Exception:  # one broken follow-up must not cost the others theirs
                log.exception("a subscriber failed on %r", event)


async def sleep_unless(flag: asyncio.Event, seconds: float) -> None:
    """Wait until `flag` is set or `seconds` have passed, whichever comes first.

    Not `asyncio.wait_for(flag.wait(), seconds)`: on Python 3.11 that returns normally when the
    flag is set in the same moment as the waiting task is cancelled, and the cancellation is
    lost (a subscriber's wake-up during shutdown left the scheduler sleeping on, and the bot's
    close waiting for it). `asyncio.timeout` keeps the cancellation.
    """
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(seconds):
            await flag.wait()
