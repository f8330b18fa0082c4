"""The slash commands (one cog per concern) and the persistent buttons."""

from typing import Any, cast

from discord import app_commands

from bot.discord.announce import RematchButton
from bot.discord.commands.challenge import ChallengeButton, ChallengeCog
from bot.discord.commands.common import Host
from bot.discord.commands.days import DaysCog, TakebackButton
from bot.discord.commands.info import GamesPageButton, InfoCog
from bot.discord.commands.play import DrawButton, HistoryButton, PlayCog
from bot.discord.commands.ranking import LeaderboardButton, RankingCog

COGS = (ChallengeCog, PlayCog, InfoCog, RankingCog, DaysCog)
DYNAMIC_ITEMS = (
    ChallengeButton,
    DrawButton,
    RematchButton,
    LeaderboardButton,
    TakebackButton,
    HistoryButton,
    GamesPageButton,
)


def declared_commands() -> list[app_commands.Command[Any, ..., Any] | app_commands.Group]:
    """Every slash command as the cogs declare it, for syncing without running the bot (and for
    checking the commands). Each cog is made around no bot: its commands are only read here,
    never run, and a cog uses its bot only when one runs."""
    unserved = cast(Host, None)
    return [command for cog in COGS for command in cog(unserved).get_app_commands()]


__all__ = [
    "COGS",
    "DYNAMIC_ITEMS",
    "ChallengeButton",
    "ChallengeCog",
    "DaysCog",
    "DrawButton",
    "GamesPageButton",
    "HistoryButton",
    "InfoCog",
    "LeaderboardButton",
    "RankingCog",
    "TakebackButton",
    "declared_commands",
]
