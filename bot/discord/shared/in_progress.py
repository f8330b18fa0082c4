"""The interactions a bot is handling now, so that a stop lets them finish before it logs out."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord

log = logging.getLogger(__name__)


class InProgress:
    """The interactions a bot is handling now, so that a stop lets them finish (`finished`):
    cut halfway, an answer fails and the posts it owes (a game's replay, a match's next game)
    are left to the next process, which posts them late, after newer news. `after` hears each
    interaction once its handling is done (its answer given)."""

    def __init__(self, after: Callable[[discord.Interaction], object] | None = None) -> None:
        self._tasks: set[asyncio.Task[object]] = set()
        self._after = after

    def add_current(self, interaction: discord.Interaction | None = None) -> None:
        """Count the running task (the one handling `interaction`) until it is done."""
        task = asyncio.current_task()
        if task is not None and task not in self._tasks:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            after = self._after
            if interaction is not None and after is not None:
                task.add_done_callback(lambda _: after(interaction))

    async def finished(self, timeout: float) -> int:
        """Wait until every interaction in progress is done (also those begun meanwhile), at
        most `timeout` seconds; return how many were still running then."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        pending = self._pending()
        if pending:
            log.info("waiting for %d interaction(s) in progress", len(pending))
        while pending and loop.time() < deadline:
            await asyncio.wait(pending, timeout=deadline - loop.time())
            pending = self._pending()
        if pending:
            log.warning("%d interaction(s) still in progress are cut off", len(pending))
        return len(pending)

    def _pending(self) -> set[asyncio.Task[object]]:
        return self._tasks - {asyncio.current_task()}


def handling(interaction: discord.Interaction) -> None:
    """Count the running task as handling `interaction` for its bot (`InProgress`), if the bot
    keeps count (`GameBot.in_progress`)."""
    in_progress = getattr(interaction.client, "in_progress", None)
    if isinstance(in_progress, InProgress):
        in_progress.add_current(interaction)
