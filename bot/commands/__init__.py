"""The slash commands (one cog per concern) and the persistent buttons."""

from bot.announce import RematchButton
from bot.commands.challenge import ChallengeButton, ChallengeCog
from bot.commands.info import InfoCog
from bot.commands.play import DrawButton, PlayCog
from bot.commands.ranking import LeaderboardButton, RankingCog

COGS = (ChallengeCog, PlayCog, InfoCog, RankingCog)
DYNAMIC_ITEMS = (ChallengeButton, DrawButton, RematchButton, LeaderboardButton)

__all__ = [
    "COGS",
    "DYNAMIC_ITEMS",
    "ChallengeButton",
    "ChallengeCog",
    "DrawButton",
    "InfoCog",
    "LeaderboardButton",
    "RankingCog",
]
