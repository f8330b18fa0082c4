"""`/analyze [game]` and the Analyse button: the computer's analysis of a finished game (issue
29), asked for by anyone who may see the game, answered publicly with its progress (the message
the analysis then edits) or, when it is done, with its result at once."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.analysis import progress_text
from bot.discord.announce import pings
from bot.discord.commands.common import Host, everywhere, ls, public_locale
from bot.discord.reach import reach_of
from bot.i18n import text
from bot.service import Analysis, Reach

log = logging.getLogger(__name__)


class AnalysisCog(commands.Cog):
    """The analyses of finished games."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("command.analyze.name"), description=ls("command.analyze.description")
    )
    @app_commands.rename(game=ls("command.analyze.option.game.name"))
    @app_commands.describe(game=ls("command.analyze.option.game.description"))
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def analyze(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None
    ) -> None:
        """The analysis of a finished game (by default the asker's last one here)."""
        await self.analyse_game(interaction, game)

    async def analyse_game(self, interaction: discord.Interaction, game_id: int | None) -> None:
        """/analyze's work, for the command and the Analyse button: find the game, check that
        the asker may see it (as /board game:N does), ask, and answer with the progress or
        the stored result. Refusals are raised, so they are answered privately."""
        service, user_id = self.bot.service, interaction.user.id
        channel_id, guild_id = interaction.channel_id or 0, interaction.guild_id
        view = await service.analyses.analysable(
            user_id, game_id=game_id, channel_id=channel_id, guild_id=guild_id
        )
        await self.bot.sight.require(interaction, view)
        request = await service.analyses.request_analysis(
            user_id, game_id=view.id, channel_id=channel_id, guild_id=guild_id
        )
        if request.new:
            self.bot.analyst.look()
        await interaction.response.defer(thinking=True)  # the result's images take a moment
        await self._answer(interaction, request.analysis)

    async def _answer(self, interaction: discord.Interaction, analysis: Analysis) -> None:
        locale = public_locale(interaction)
        shower = self.bot.analyses
        if analysis.finished:
            shown = await shower.result(analysis, locale)
            await interaction.followup.send(
                shown.content, files=shown.files, allowed_mentions=pings()
            )
            return
        content = progress_text(analysis, locale)
        if reach_of(interaction) is not Reach.POST:
            # Only the interaction's token could edit the answer here, for 15 minutes: the
            # player asks again to see the result (the analysis is not asked for twice).
            content += "\n" + text(locale, "analysis.reply_only")
            await interaction.followup.send(content, allowed_mentions=pings())
            return
        message = await interaction.followup.send(content, allowed_mentions=pings(), wait=True)
        # The latest answer is the one the analysis edits as it goes on.
        channel_id = interaction.channel_id or 0
        await self.bot.service.analyses.set_analysis_message(
            analysis.view.id, channel_id, message.id
        )
        self.bot.analyst.look()
