"""`/analyze [game]` and the Analyse button: the computer's analysis of a finished game (issue
29), asked for by anyone who may see the game, answered publicly with its progress (the message
the analysis then edits) or, when it is done, with its result at once (`buttons.analyse`)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.analysis.buttons import analyse
from bot.discord.host import Host, everywhere, ls


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
        await analyse(self.bot, interaction, game)
