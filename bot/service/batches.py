"""Requests written together (a group commit): the first request runs at once, as a batch of
one; those made while a batch is being written wait for the next, which writes them all in one
transaction. Nothing waits for a timer: alone, a request is as quick as before; a crowd is
written in a few transactions instead of one each (the pool's seeks, `bot.service.seeks`)."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

Request = TypeVar("Request")
Outcome = TypeVar("Outcome")

Write = Callable[[list[Request]], Awaitable[list[Outcome | Exception]]]
"""Writes a batch; returns each request's outcome, or the error that refused it alone."""


class Batches(Generic[Request, Outcome]):
    """Collects requests into batches of at most `most`, each written by `write`."""

    def __init__(self, write: Write[Request, Outcome], most: int) -> None:
        self._write = write
        self._most = most
        self._waiting: list[tuple[Request, asyncio.Future[Outcome]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def submit(self, request: Request) -> Outcome:
        """Write `request` with the next batch; its outcome, or raise its error (a batch that
        failed as a whole raises its error to each of its requests)."""
        outcome: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        self._waiting.append((request, outcome))
        if self._writer is None:
            # In a context of its own: the batch is nobody's command (`owed.current_answer`).
            self._writer = asyncio.create_task(self._drain(), context=contextvars.Context())
        return await outcome

    async def _drain(self) -> None:
        """Write the batches until no request waits."""
        try:
            while self._waiting:
                batch = self._waiting[: self._most]
                del self._waiting[: self._most]
                await self._write_one(batch)
        except BaseException:  # cancelled (a shutdown): nobody is left waiting for ever
            for _, outcome in self._waiting:
                outcome.cancel()
            self._waiting.clear()
            raise
        finally:
            self._writer = None

    async def _write_one(self, batch: list[tuple[Request, asyncio.Future[Outcome]]]) -> None:
        try:
            outcomes = await self._write([request for request, _ in batch])
            if len(outcomes) != len(batch):
                raise RuntimeError(f"{len(outcomes)} outcomes for {len(batch)} requests")
        except Exception as error:  # every request of the batch hears of it
            outcomes = [error] * len(batch)
        except BaseException:
            for _, future in batch:
                future.cancel()
            raise
        for (_, future), outcome in zip(batch, outcomes, strict=True):
            if future.done():  # its caller gave up waiting (cancelled)
                continue
            if isinstance(outcome, Exception):
                future.set_exception(outcome)
            else:
                future.set_result(outcome)
