"""`/learn game [again]`: the lesson of a game, privately, at the step the learner is on (or from
its first step, `again`); the lesson goes on in its message (`lesson`)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.host import CHOICES, Host, everywhere, ls, user_locale
from bot.discord.learning.lesson import send_lesson
from bot.i18n import text

OPTIONS = ("game", "again")


class LearnCog(commands.Cog):
    """The games' lessons."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("command.learn.name"), description=ls("command.learn.description")
    )
    @app_commands.rename(**{o: ls(f"command.learn.option.{o}.name") for o in OPTIONS})
    @app_commands.describe(**{o: ls(f"command.learn.option.{o}.description") for o in OPTIONS})
    @everywhere  # a private lesson works anywhere, the bot's DM too
    async def learn(self, interaction: discord.Interaction, game: str, again: bool = False) -> None:
        """The learner's step of the lesson, privately."""
        step = await self.bot.service.lessons.show(interaction.user.id, game, again=again)
        await send_lesson(interaction, step)

    @learn.autocomplete("game")
    async def learn_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The games that have a lesson, named in the user's language."""
        locale, typed = user_locale(interaction), current.strip().lower()
        registry = self.bot.service.registry
        named = [
            (text(locale, registry.kind(key).title_key), key)
            for key in self.bot.service.lessons.games()
        ]
        fits = [(n, k) for n, k in named if typed in n.lower() or k.startswith(typed)]
        return [app_commands.Choice(name=n, value=k) for n, k in fits][:CHOICES]
