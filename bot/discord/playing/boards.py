"""An older board: a board's buttons (Make move, ⋯ More) carry the revision of the position it
shows, so a press knows whether that board is still its game's latest; a press on one that is
not says privately where the game stands, and takes that board's buttons away."""

from __future__ import annotations

import discord

from bot.discord.host import Host, user_locale
from bot.discord.shared.tree import reply_privately
from bot.i18n import text
from bot.service import GameView


def outdated(view: GameView, revision: int) -> bool:
    """Whether a board of `view`'s game at `revision` is no longer its latest turn."""
    return not view.is_active or view.revision != revision


async def say_outdated(host: Host, interaction: discord.Interaction, view: GameView) -> None:
    """Where the game stands, privately; the outdated board loses its buttons."""
    locale = user_locale(interaction)
    status = host.scribe.texts.status_text(view, locale)
    content = f"{text(locale, 'makemove.outdated')}\n{status}"
    message = interaction.message
    if message is not None and message.components and not message.flags.ephemeral:
        await interaction.response.edit_message(view=None)
    await reply_privately(interaction, content)
