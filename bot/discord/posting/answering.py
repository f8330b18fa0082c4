"""Answering an interaction with a message and its board image, inside Discord's 3 seconds and
so that its mentions ping (a new message, never a deferral filled in later)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from bot.discord.posting.drafts import Draft

log = logging.getLogger(__name__)

Sent = Callable[[int | None], Awaitable[None]]
"""Told the id of the message an answer became (None if Discord did not say), as soon as it is
out."""

BOARD_WAIT = 2.0
"""Seconds to wait for the board before answering without it (Discord allows 3)."""


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


async def answer_with_draft(
    interaction: discord.Interaction, draft: Draft, *, sent: Sent | None = None
) -> None:
    """Answer `interaction` with `draft` as a new message (a follow-up if it was answered
    already), so that its mentions ping; its pictures follow by an edit if they take longer
    than `BOARD_WAIT` to draw, keeping the answer inside Discord's 3 seconds. `sent` hears
    the message's id as soon as it is out. Raises what sending the answer raises."""
    await _answer(interaction, draft, draft.files(), sent)


async def _answer(
    interaction: discord.Interaction,
    draft: Draft,
    files_soon: Awaitable[list[discord.File]],
    sent: Sent | None,
) -> None:
    if interaction.response.is_done():
        message = await interaction.followup.send(
            draft.content,
            files=await files_soon,
            allowed_mentions=draft.mentions,
            view=draft.buttons or discord.utils.MISSING,
            wait=True,
        )
        if sent is not None:
            await sent(message.id)
        return
    drawing = asyncio.ensure_future(files_soon)
    await asyncio.wait({drawing}, timeout=BOARD_WAIT)
    ready = drawing.done()
    try:
        callback = await interaction.response.send_message(
            draft.content,
            files=drawing.result() if ready else [],
            allowed_mentions=draft.mentions,
            view=draft.buttons or discord.utils.MISSING,
        )
        if sent is not None:
            answer = callback.resource
            await sent(answer.id if isinstance(answer, discord.InteractionMessage) else None)
    except BaseException:
        drawing.cancel()
        raise
    if not ready:
        try:
            await interaction.edit_original_response(attachments=await drawing)
        except discord.HTTPException:
            log.warning("could not add the pictures to the answer of %s", interaction.id)
