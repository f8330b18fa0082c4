"""What challenges add to the bot: their commands (`/seek` too, the pool across servers) and
their buttons, Apps → Challenge on a member and the form it opens, and the buttons they lend:
Rematch under a finished game's last post, Challenge under another member's statistics
(`bot.discord.posting.slots`)."""

from bot.discord.challenges.blocks import BlocksCog
from bot.discord.challenges.challenging import ChallengeButton
from bot.discord.challenges.commands import ChallengeCog
from bot.discord.challenges.form import ChallengeMemberButton, challenge_member_button
from bot.discord.challenges.menu import challenge_menu, submission
from bot.discord.challenges.rematch import RematchButton, rematch_button
from bot.discord.challenges.seeking import SeekCog

COGS = (ChallengeCog, BlocksCog, SeekCog)
BUTTONS = (ChallengeButton, RematchButton, ChallengeMemberButton)
ENDING_BUTTONS = (rematch_button,)
MEMBER_BUTTONS = (challenge_member_button,)
MENUS = (challenge_menu,)
MODALS = (submission,)
