"""`/block player` and `/unblock player`: a player refuses (or accepts again) challenges and
rematches from someone, on every server. The answers are private; the one blocked is never told
more than that the player does not accept challenges from them."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.host import Host, everywhere, ls, user_locale
from bot.i18n import text
from bot.words.games import mention


class BlocksCog(commands.Cog):
    """Blocking and unblocking challengers."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("command.block.name"), description=ls("command.block.description")
    )
    @app_commands.rename(player=ls("command.block.option.player.name"))
    @app_commands.describe(player=ls("command.block.option.player.description"))
    @everywhere
    async def block(self, interaction: discord.Interaction, player: discord.User) -> None:
        """Refuse challenges and rematches from `player` (privately)."""
        await self.bot.service.blocks.block(interaction.user.id, player.id)
        content = text(user_locale(interaction), "block.blocked", player=mention(player.id))
        await interaction.response.send_message(content, ephemeral=True)

    @app_commands.command(
        name=ls("command.unblock.name"), description=ls("command.unblock.description")
    )
    @app_commands.rename(player=ls("command.unblock.option.player.name"))
    @app_commands.describe(player=ls("command.unblock.option.player.description"))
    @everywhere
    async def unblock(self, interaction: discord.Interaction, player: discord.User) -> None:
        """Accept challenges from `player` again (privately)."""
        await self.bot.service.blocks.unblock(interaction.user.id, player.id)
        content = text(user_locale(interaction), "block.unblocked", player=mention(player.id))
        await interaction.response.send_message(content, ephemeral=True)
