"""Playing over days: `/notify` (direct messages at your turn, or reminders) and `/vacation`
(clocks stand still while you are away)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.host import Host, everywhere, ls, user_locale
from bot.i18n import counted, text, timestamp
from bot.service import VacationStatus
from bot.store import Notify

NOTIFY_CHOICES = tuple(mode.value for mode in Notify)


def vacation_text(status: VacationStatus, locale: str, action: str) -> str:
    """The answer to `/vacation`: started, ended, or where the player stands."""
    until = None if status.until is None else timestamp(status.until, "D")
    if action == "start":
        key = "vacation.started"
    elif action == "end":
        key = "vacation.ended"
    else:
        key = "vacation.status_home" if until is None else "vacation.status_away"
    games = counted(locale, "vacation.games", status.games)
    days_left = counted(locale, "vacation.days_left", status.days_left)
    return text(locale, key, until=until or "", days_left=days_left, games=games)


class DaysCog(commands.Cog):
    """Notifications and holidays."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("command.notify.name"), description=ls("command.notify.description")
    )
    @app_commands.rename(mode=ls("command.notify.option.mode.name"))
    @app_commands.describe(mode=ls("command.notify.option.mode.description"))
    @app_commands.choices(
        mode=[app_commands.Choice(name=ls(f"choice.notify.{m}"), value=m) for m in NOTIFY_CHOICES]
    )
    @everywhere
    async def notify(
        self, interaction: discord.Interaction, mode: app_commands.Choice[str] | None = None
    ) -> None:
        """Show or choose how you hear of your games (privately)."""
        locale = user_locale(interaction)
        service = self.bot.service
        if mode is None:
            chosen, closed = await service.notifications.notify_of(interaction.user.id)
            lines = [text(locale, "notify.current", mode=text(locale, f"choice.notify.{chosen}"))]
            if closed:
                lines.append(text(locale, "notify.closed"))
            await interaction.response.send_message("\n".join(lines), ephemeral=True)
            return
        chosen = await service.notifications.set_notify(
            interaction.user.id, Notify(mode.value), locale
        )
        content = text(locale, "notify.set", mode=text(locale, f"choice.notify.{chosen}"))
        await interaction.response.send_message(content, ephemeral=True)

    @app_commands.command(
        name=ls("command.vacation.name"), description=ls("command.vacation.description")
    )
    @app_commands.rename(
        days=ls("command.vacation.option.days.name"), end=ls("command.vacation.option.end.name")
    )
    @app_commands.describe(
        days=ls("command.vacation.option.days.description"),
        end=ls("command.vacation.option.end.description"),
    )
    @everywhere
    async def vacation(
        self, interaction: discord.Interaction, days: int | None = None, end: bool = False
    ) -> None:
        """Start or end a holiday, or see where you stand (privately); opponents are told in
        their games' channels."""
        status = await self.bot.service.vacations.vacation(interaction.user.id, days, end=end)
        action = "end" if end else "start" if days is not None else "status"
        content = vacation_text(status, user_locale(interaction), action)
        await interaction.response.send_message(content, ephemeral=True)
