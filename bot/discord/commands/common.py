"""Small helpers every command module shares."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any, Protocol

import discord
from discord import app_commands

from bot.discord.announce import Announcer
from bot.discord.names import Names
from bot.discord.tree import report
from bot.i18n import lstr
from bot.service import GameService

log = logging.getLogger(__name__)


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
