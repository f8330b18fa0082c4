"""What play over days adds to the bot: its commands and its buttons, and the Follow button it
lends to a turn's board."""

from bot.discord.days.commands import DaysCog
from bot.discord.days.follows import FollowButton, FollowsCog, follow_button

COGS = (DaysCog, FollowsCog)
BUTTONS = (FollowButton,)  # a takeback request's buttons are playing's
WATCH_BUTTONS = (follow_button,)
