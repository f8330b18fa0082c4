"""The slash commands (one cog per concern) and the persistent buttons."""

from bot.announce import RematchButton
from bot.commands.challenge import ChallengeButton, ChallengeCog
from bot.commands.info import InfoCog
from bot.commands.play import DrawButton, PlayCog

COGS = (ChallengeCog, PlayCog, InfoCog)
DYNAMIC_ITEMS = (ChallengeButton, DrawButton, RematchButton)

__all__ = ["COGS", "DYNAMIC_ITEMS", "ChallengeButton", "ChallengeCog", "DrawButton", "InfoCog"]
