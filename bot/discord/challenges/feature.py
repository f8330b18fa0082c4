"""What challenges add to the bot: their commands and their buttons."""

from bot.discord.challenges.blocks import BlocksCog
from bot.discord.challenges.challenging import ChallengeButton
from bot.discord.challenges.commands import ChallengeCog
from bot.discord.challenges.rematch import RematchButton, rematch_button

COGS = (ChallengeCog, BlocksCog)
BUTTONS = (ChallengeButton, RematchButton)
ENDING_BUTTONS = (rematch_button,)
