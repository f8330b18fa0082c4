"""Small helpers every command module shares."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.announce import Announcer
from bot.discord.names import Names
from bot.discord.tree import report
from bot.i18n import lstr
from bot.service import GameService

log = logging.getLogger(__name__)

BOARD_WAIT = 2.0
"""Seconds to wait for the board before answering without it (Discord allows 3)."""


class Host(Protocol):
    """The bot as its cogs see it (`GameBot` is one): the service, what posts, the names."""

    @property
    def service(self) -> GameService:
        """The use cases."""
        ...

    @property
    def announcer(self) -> Announcer:
        """What posts the games' news."""
        ...

    @property
    def names(self) -> Names:
        """The players' display names."""
        ...

    @property
    def user(self) -> discord.ClientUser | None:
        """The bot's own user (the computer's side)."""
        ...


def bot_of(interaction: discord.Interaction) -> commands.Bot:
    """The bot handling `interaction` (to find a cog by name)."""
    return cast(commands.Bot, interaction.client)


def user_locale(interaction: discord.Interaction) -> str:
    """The language of the user who acted (for private answers)."""
    return str(interaction.locale)


def public_locale(interaction: discord.Interaction) -> str:
    """The language of the server (for messages everyone reads)."""
    return str(interaction.guild_locale or interaction.locale)


def ls(key: str) -> app_commands.locale_str:
    """A translatable command, option or choice text: English by default, the key for others."""
    return lstr(key)


GAME_PERMISSIONS = ("view_channel", "send_messages", "attach_files")
"""What the bot needs where a game is played: it posts boards there itself (a start, the
computer's moves, reminders, losses on time), not only as answers to commands."""
THREAD_GAME_PERMISSIONS = ("view_channel", "create_public_threads", "send_messages_in_threads")


def require_game_permissions(interaction: discord.Interaction, *, new_thread: bool) -> None:
    """Raise `BotMissingPermissions` naming every permission the bot lacks in this channel to
    host a game here (or in a new thread of it), as `interaction.app_permissions` tells."""
    in_thread = isinstance(interaction.channel, discord.Thread)
    needed = list(THREAD_GAME_PERMISSIONS if new_thread else GAME_PERMISSIONS)
    if in_thread and not new_thread:
        needed[needed.index("send_messages")] = "send_messages_in_threads"
    if new_thread:
        needed.append("attach_files")  # a thread takes its parent's attach permission
    have = interaction.app_permissions
    missing = [name for name in needed if not getattr(have, name)]
    if missing:
        raise app_commands.BotMissingPermissions(missing)


def action_button(action: str, custom_id: str, label: str) -> discord.ui.Button[Any]:
    """An Accept-style (green) or Decline-style (grey) button with a persistent custom id."""
    style = discord.ButtonStyle.success if action == "accept" else discord.ButtonStyle.secondary
    return discord.ui.Button(label=label or action, style=style, custom_id=custom_id)


def step_button(custom_id: str, label: str, *, disabled: bool) -> discord.ui.Button[Any]:
    """A grey button that turns a page or steps through a game (◀, ▶), disabled at an end."""
    return discord.ui.Button(
        label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id, disabled=disabled
    )


async def answering_errors(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a button's work; any failure is answered privately (and logged by `report`), as the
    command tree does for commands: buttons do not pass through its error handler."""
    try:
        await work
    except Exception as error:
        await report(interaction, error)


async def answer_with_board(
    interaction: discord.Interaction,
    content: str,
    board: Awaitable[discord.File],
    mentions: discord.AllowedMentions,
    *,
    wait: float = BOARD_WAIT,
    buttons: discord.ui.View | None = None,
    sent: Callable[[int | None], Awaitable[None]] | None = None,
) -> None:
    """Answer with a new message and the board image; `sent` hears the message's id (None if
    Discord did not say it) as soon as it is out, before a slow board's edit: the outbox must
    not post it again meanwhile.

    A new message, not a deferred one filled in later: Discord does not notify mentions in
    edited messages, and the player to move must be pinged. Rendering takes milliseconds; if it
    takes longer than `wait` (a name to fetch, a busy machine), the text goes first and the board
    follows by an edit, so the answer stays inside Discord's 3 seconds. Raises what sending the
    answer raises; a failed edit is only logged.
    """
    image = asyncio.ensure_future(board)
    await asyncio.wait({image}, timeout=wait)
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
