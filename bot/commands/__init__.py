"""The slash commands (one cog per concern) and the persistent buttons."""

from bot.announce import RematchButton
from bot.commands.challenge import ChallengeButton, ChallengeCog
from bot.commands.days import DaysCog, TakebackButton
from bot.commands.info import GamesPageButton, InfoCog
from bot.commands.play import DrawButton, HistoryButton, PlayCog
from bot.commands.ranking import LeaderboardButton, RankingCog

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
