"""What challenges add to the bot: their commands and their buttons, Apps → Challenge on a
member and the form it opens (the Challenge button under a member's /stats opens it too)."""

from bot.discord.challenges.blocks import BlocksCog
from bot.discord.challenges.challenging import ChallengeButton
from bot.discord.challenges.commands import ChallengeCog
from bot.discord.challenges.menu import challenge_menu, submission
from bot.discord.challenges.rematch import RematchButton
from bot.discord.shared.challenge_form import ChallengeMemberButton

COGS = (ChallengeCog, BlocksCog)
BUTTONS = (ChallengeButton, RematchButton, ChallengeMemberButton)
MENUS = (challenge_menu,)
MODALS = (submission,)
