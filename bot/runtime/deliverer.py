"""The one deliverer of everything the bot owes Discord (issue 45).

It claims the posts that are due (each the oldest unsettled post of its subject, of a server
this process serves), hands each to the courier (the Discord adapter's, which draws it by its
kind and sends it), and accounts for the outcome: settled, refused (tried again later, with a
growing pause, and given up after a bound with one log line) or unsure (the connection broke:
tried again soon, while Discord still knows its nonce). It wakes when a change owes a post
(the service's event), when another process says one of this process's servers owes one
(NOTIFY), and when the next post falls due; it keeps no state a restart could lose.

A command delivers what its own change owed at once, as its answer (`deliver_now`), through the
same courier, and after each command or press the answers kept for its user there
(`show_kept`: a command of theirs whose answer never reached Discord, where the bot may only
answer). At start the claims of this process's previous life are released, so what it owed
then goes out within moments. A clean stop lets the post in flight finish (or, cut short, hands
it back), so that it is posted exactly once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterator
from datetime import datetime
from types import TracebackType
from typing import Any, Protocol, Self

from bot.service import Clock, GameService
from bot.service.context import WAKE
from bot.service.deadlines import epoch
from bot.service.events import Event, PostOwed, sleep_unless
from bot.store.outbox import OutboxRow

log = logging.getLogger(__name__)

MAX_SLEEP = 300.0
"""Look again at least this often (seconds), in case another process changed the database."""
RETRY_AFTER = 30.0
"""After a round that failed, wait this long before the next (never spin on a broken database)."""
STOP_GRACE = 10.0
"""Seconds a clean stop waits for the post in flight before cutting it short."""


class PostRefusedError(Exception):
    """Discord answered the post with an error: nothing was posted."""


class PostUnsureError(Exception):
    """Nobody knows whether Discord acted on the post (the connection broke)."""


class Courier(Protocol):
    """How posts reach Discord (the Discord adapter's): rebuild a post, draw it by its kind,
    send it and settle it; raise `PostRefusedError` or `PostUnsureError`."""

    async def deliver(self, row: OutboxRow, via: object | None = None) -> None:
        """Deliver `row`, as the answer to (or a follow-up of) the command `via` if given."""
        ...

    async def show_kept(self, row: OutboxRow, via: Any) -> None:
        """Show kept answer `row` as a follow-up of `via`, its asker's command, answered."""
        ...


class Deliverer:
    """Delivers the owed posts while entered with `async with`."""

    def __init__(
        self,
        service: GameService,
        courier: Courier,
        clock: Clock,
        *,
        ready: Callable[[], Awaitable[object]] | None = None,
    ) -> None:
        self.service = service
        self.courier = courier
        self.clock = clock
        self._ready = ready  # drawing needs the server cache (each server's language) first
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self._delivering = False  # the loop has begun (it first waits for the bot to be ready)
        self._unsubscribe: Callable[[], None] | None = None
        self._planned: datetime | None = None
        self._in_flight = 0  # deliveries under way (a command's posts count as one)
        self._idle = asyncio.Event()
        self._idle.set()

    async def __aenter__(self) -> Self:
        """At work: release this process's claims from before a restart (before it takes any
        command, whose posts it claims anew), then hear every post a change owes here, and
        what other processes say is owed in this process's servers (NOTIFY)."""
        released = await self.service.outbox.release_claims()
        if released:
            log.info("released %d posts claimed before a restart", released)
        self._unsubscribe = self.service.events.subscribe(self.on_event)
        try:
            await self.service.connection.listen(WAKE, self.heard)
        except BaseException:
            await self.stop()
            raise
        self._task = asyncio.create_task(self._run(), name="deliverer")
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.stop()

    async def stop(self) -> None:
        """Stop: no delivery begins any more; the posts in flight (the loop's, and those a
        command is delivering as its answer) may finish for `STOP_GRACE` seconds, then the loop
        ends (a post it cut short is handed back; one a command owed and did not send stays
        claimed, and this process's next start releases it). Safe to repeat."""
        self._stopping = True
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        task, self._task = self._task, None
        self._wake.set()
        if self._in_flight:
            log.info("stopping: %d delivery(ies) in flight may finish first", self._in_flight)
        waiting: set[asyncio.Future[Any]] = {asyncio.ensure_future(self._idle.wait())}
        if task is not None and not self._delivering:
            task.cancel()  # still waiting for the bot to be ready: nothing of its is in flight
        if task is not None:
            waiting.add(task)
        _, pending = await asyncio.wait(waiting, timeout=STOP_GRACE)
        for unfinished in pending:
            unfinished.cancel()
        await asyncio.wait(waiting)

    async def idle(self) -> None:
        """Wait until no delivery is under way (a command's posts included)."""
        await self._idle.wait()

    def wake(self) -> None:
        """Look for due posts now."""
        self._wake.set()

    def on_event(self, event: Event) -> None:
        """The service's subscriber: a change owed a post (of a server this process serves)."""
        if isinstance(event, PostOwed) and self._serves(event.guild_id):
            self.wake()

    def heard(self, payload: str) -> None:
        """Another process says a post of a server (`guild:epoch seconds`) falls due: look if
        it is one of this process's and due before the next look."""
        guild, _, due = payload.partition(":")
        if not self._serves(int(guild or 0) or None):
            return
        if self._planned is None or int(due or 0) <= epoch(self._planned):
            self.wake()

    def _serves(self, guild_id: int | None) -> bool:
        shards = self.service.shards
        return shards is None or shards.serves(guild_id)

    async def deliver_now(self, post_ids: list[int], via: object) -> bool:
        """Deliver the posts a command's change owed (claimed for this process), in order, the
        first that can be its answer as its answer; whether every one went out. One that fails
        stays owed: the loop delivers it later."""
        delivered = True
        with self._busy():
            for post_id in post_ids:
                if self._stopping:  # left claimed: this process's next start releases it
                    return False
                row = await self.service.outbox.post(post_id)
                if row is None or row.delivered_at is not None:
                    continue
                if row.claimed_by != self.service.name:
                    continue
                delivered &= await self._deliver(row, via)
        self.wake()  # the posts that waited behind these
        return delivered

    async def show_kept(self, user_id: int, channel_id: int, via: object) -> None:
        """After `user_id`'s command or press `via` in `channel_id` was answered: the answers
        kept for them there (their command's answer never reached Discord, where the bot may
        only answer; issue 52, point 7) follow it up, each once."""
        if self._stopping:
            return
        with self._busy():
            for row in await self.service.outbox.kept_for(user_id, channel_id):
                if self._stopping:
                    return
                try:
                    await self.courier.show_kept(row, via)
                except Exception:  # put back: the next interaction tries again
                    log.exception("post %s (%s): could not show it", row.id, row.kind)
                    return

    @contextlib.contextmanager
    def _busy(self) -> Iterator[None]:
        """Count a delivery under way (for `idle` and a clean stop)."""
        self._in_flight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._in_flight -= 1
            if not self._in_flight:
                self._idle.set()

    async def _run(self) -> None:
        if self._ready is not None:
            await self._ready()
        self._delivering = True
        while not self._stopping:
            self._wake.clear()
            try:
                await self.run_round()
            except Exception:  # the database failed under it: look again a little later
                log.exception("the deliverer's round failed")
                await sleep_unless(self._wake, RETRY_AFTER)
                continue
            if not self._stopping:
                await sleep_unless(self._wake, await self._delay())

    async def run_round(self) -> int:
        """Deliver every post that is due now (what the background task does each time it
        wakes), until none is left; return how many were tried."""
        tried = 0
        while not self._stopping:
            with self._busy():  # from the claim on: a post claimed is one under way
                try:
                    rows = await self.service.outbox.claim_due(self.clock())
                except Exception:  # the database is away: look again later, never spin
                    log.exception("could not claim the posts that are due")
                    return tried
                if not rows:
                    return tried
                for row in rows:
                    if self._stopping:
                        await self.service.outbox.hand_back(row.id)
                        continue
                    await self._deliver(row, None)
                    tried += 1
        return tried

    async def _deliver(self, row: OutboxRow, via: object | None) -> bool:
        """Deliver one post; whether it went out (or was settled without one)."""
        try:
            await self.courier.deliver(row, via)
        except asyncio.CancelledError:
            await asyncio.shield(self.service.outbox.hand_back(row.id))
            raise
        except PostRefusedError as refused:
            log.warning("post %s (%s): Discord refused it: %s", row.id, row.kind, refused)
            await self.service.outbox.failed(row.id)
            return False
        except PostUnsureError as unsure:
            log.warning("post %s (%s): no answer from Discord: %s", row.id, row.kind, unsure)
            await self.service.outbox.failed(row.id, uncertain=True)
            return False
        except Exception:  # one broken post must not hold up the others
            log.exception("post %s (%s) could not be delivered", row.id, row.kind)
            await self.service.outbox.failed(row.id)
            return False
        return True

    async def _delay(self) -> float:
        try:
            due = await self.service.outbox.next_post_due()
        except Exception:
            log.exception("could not read when the next post is due")
            return MAX_SLEEP
        if due is None:
            self._planned = None
            return MAX_SLEEP
        self._planned = due
        return min(max((due - self.clock()).total_seconds(), 0.0), MAX_SLEEP)
