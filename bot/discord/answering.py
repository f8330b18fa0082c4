"""Answering an interaction with a message and its board image, inside Discord's 3 seconds and
so that its mentions ping (a new message, never a deferral filled in later)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import discord

log = logging.getLogger(__name__)

BOARD_WAIT = 2.0
"""Seconds to wait for the board before answering without it (Discord allows 3)."""


class InProgress:
    """The interactions a bot is handling now, so that a stop lets them finish (`finished`):
    cut halfway, an answer fails and the posts it owes (a game's replay, a match's next game)
    are left to the next process, which posts them late, after newer news."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[object]] = set()

    def add_current(self) -> None:
        """Count the running task (the one handling an interaction) until it is done."""
        task = asyncio.current_task()
        if task is not None and task not in self._tasks:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

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
        in_progress.add_current()


async def answer_with_board(
    interaction: discord.Interaction,
    content: str,
    board: Awaitable[discord.File],
    mentions: discord.AllowedMentions,
    *,
    wait: float | None = None,
    buttons: discord.ui.View | None = None,
    sent: Callable[[int | None], Awaitable[None]] | None = None,
) -> None:
    """Answer with a new message and the board image; `sent` hears the message's id (None if
    Discord did not say it) as soon as it is out, before a slow board's edit: the outbox must
    not post it again meanwhile.

    A new message, not a deferred one filled in later: Discord does not notify mentions in
    edited messages, and the player to move must be pinged. Rendering takes milliseconds; if it
    takes longer than `wait` (`BOARD_WAIT` by default: a name to fetch, a busy machine), the
    text goes first and the board follows by an edit, so the answer stays inside Discord's 3
    seconds. Raises what sending the answer raises; a failed edit is only logged.
    """
    if interaction.response.is_done():
        # Answered already (a press that updated its message, a computer's move after its
        # player's): a follow-up is a new message too, so its mentions ping.
        message = await interaction.followup.send(
            content,
            file=await board,
            allowed_mentions=mentions,
            view=buttons or discord.utils.MISSING,
            wait=True,
        )
        if sent is not None:
            await sent(message.id)
        return
    image = asyncio.ensure_future(board)
    await asyncio.wait({image}, timeout=BOARD_WAIT if wait is None else wait)
    ready = image.done()
    try:
        callback = await interaction.response.send_message(
            content,
            files=[image.result()] if ready else [],
            allowed_mentions=mentions,
            view=buttons or discord.utils.MISSING,
        )
        if sent is not None:
            answer = callback.resource
            await sent(answer.id if isinstance(answer, discord.InteractionMessage) else None)
    except BaseException:
        image.cancel()
        raise
    if not ready:
        try:
            await interaction.edit_original_response(attachments=[await image])
        except discord.HTTPException:
            log.warning("could not add the board to the answer of interaction %s", interaction.id)
