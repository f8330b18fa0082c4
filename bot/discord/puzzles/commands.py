"""`/puzzle [game] [daily]`: a puzzle to solve, privately (from this server's finished games,
else from the set the project ships); with `daily`, a member who may manage the channel asks for
(or stops) the channel's daily puzzle."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.host import (
    Host,
    everywhere,
    game_choices,
    ls,
    require_game_permissions,
    user_locale,
)
from bot.discord.puzzles.solving import send_puzzle, visible_players
from bot.i18n import channel_mention, text
from bot.service.puzzle.errors import DailyPuzzlePermissionError, DailyPuzzleServerOnlyError

OPTIONS = ("game", "daily")


class PuzzleCog(commands.Cog):
    """Puzzles from finished games."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("command.puzzle.name"), description=ls("command.puzzle.description")
    )
    @app_commands.rename(**{o: ls(f"command.puzzle.option.{o}.name") for o in OPTIONS})
    @app_commands.describe(**{o: ls(f"command.puzzle.option.{o}.description") for o in OPTIONS})
    @app_commands.choices(
        daily=[app_commands.Choice(name=ls(f"choice.daily.{v}"), value=v) for v in ("on", "off")]
    )
    @everywhere  # a puzzle is private: the shipped ones anywhere, a server's in its server
    async def puzzle(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        daily: app_commands.Choice[str] | None = None,
    ) -> None:
        """A puzzle the user has not answered, privately; or the channel's daily puzzle."""
        if daily is not None:
            await self._daily(interaction, daily.value == "on")
            return
        puzzle = await self.bot.service.puzzles.pick(
            interaction.user.id, interaction.guild_id, game
        )
        await send_puzzle(interaction, puzzle, await visible_players(self.bot, interaction, puzzle))

    @puzzle.autocomplete("game")
    async def puzzle_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The games this bot offers."""
        return game_choices(self.bot, interaction, current)

    async def _daily(self, interaction: discord.Interaction, on: bool) -> None:
        """Start or stop the channel's daily puzzle: in a server, by a member who may manage
        the channel, where the bot may post."""
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        if guild_id is None or channel_id is None or not interaction.is_guild_integration():
            raise DailyPuzzleServerOnlyError("a daily puzzle is a server channel's")
        if not interaction.permissions.manage_channels:
            raise DailyPuzzlePermissionError("only who may manage the channel")
        locale = user_locale(interaction)
        daily = self.bot.service.daily_puzzles
        if on:
            require_game_permissions(interaction, new_thread=False)  # it posts here daily
            await daily.start(channel_id, guild_id, interaction.user.id)
            said = text(locale, "puzzle.daily_on", channel=channel_mention(channel_id))
        else:
            stopped = await daily.stop(channel_id)
            key = "puzzle.daily_off" if stopped else "puzzle.daily_none"
            said = text(locale, key, channel=channel_mention(channel_id))
        await interaction.response.send_message(said, ephemeral=True)
