"""The slash commands (one cog per concern) and the persistent buttons."""

from bot.discord.announce import RematchButton
from bot.discord.commands.challenge import ChallengeButton, ChallengeCog
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
]
