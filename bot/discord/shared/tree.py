"""The command tree with the one central error handler (DESIGN.md: Discord conventions)."""

from __future__ import annotations

import copy
import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord.shared.in_progress import handling
from bot.i18n import describe_error, is_expected
from bot.i18n.errors import unwrap
from bot.service.errors import RequestAlreadyHandledError

log = logging.getLogger(__name__)

ALREADY_ACKNOWLEDGED = 40060
"""Discord's code for a second answer to one interaction ("Interaction has already been
acknowledged"): expected when the interaction was delivered twice, or to two processes of one
shard, and the other delivery answered first."""


def answered_elsewhere(error: BaseException) -> bool:
    """Whether `error` is Discord refusing an answer because the interaction has one already."""
    error = unwrap(error)
    return isinstance(error, discord.HTTPException) and error.code == ALREADY_ACKNOWLEDGED


async def reply_privately(interaction: discord.Interaction, content: str) -> None:
    """An ephemeral answer, whether or not the interaction was answered already."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(content, ephemeral=True)
        else:
            await interaction.response.send_message(content, ephemeral=True)
    except discord.HTTPException as error:
        if answered_elsewhere(error):
            log.info("interaction %s was answered by another delivery of it", interaction.id)
        else:
            log.warning("could not send an error reply to interaction %s", interaction.id)


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user, in their language, what went wrong; log what is not their doing. A
    second delivery of an interaction that was handled already says nothing (the first one
    answers), and neither does one whose answer Discord refused because another delivery
    answered first."""
    if isinstance(unwrap(error), RequestAlreadyHandledError) or answered_elsewhere(error):
        log.info("interaction %s was delivered twice; it was handled once", interaction.id)
        return
    if is_expected(error):  # a refusal the user caused: no log, just the reason
        await reply_privately(interaction, describe_error(error, interaction.locale))
        return
    command = interaction.command.qualified_name if interaction.command else interaction.data
    log.error(
        "interaction %s by user %s in channel %s (%s) failed",
        interaction.id,
        interaction.user.id,
        interaction.channel_id,
        command,
        exc_info=error,
    )
    await reply_privately(interaction, describe_error(error, interaction.locale))


Command = app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu


class GameTree(app_commands.CommandTree):
    """Turns the errors of every command into short private replies."""

    def development_copies(self) -> list[Command]:
        """The global commands as a development server's commands: without where they may be
        used and by which install, which Discord takes for global commands only ("only for
        globally-scoped commands", developers/docs/interactions/application-commands
        #application-command-object). Copies: the global commands keep theirs."""
        copies = []
        for command in self.get_commands():
            assert isinstance(
                command, app_commands.Command | app_commands.Group | app_commands.ContextMenu
            )
            bare = copy.copy(command)  # shares the callback, options and cog
            bare.allowed_contexts = bare.allowed_installs = None
            copies.append(bare)
        return copies

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Every command is counted as in progress until it is done, so that a stop lets it
        finish (`bot.discord.shared.in_progress.InProgress`)."""
        handling(interaction)
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Answer the user; see `report`."""
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await report(interaction, original)
