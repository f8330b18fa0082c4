"""What play over days adds to the bot: its commands and its buttons."""

from bot.discord.days.commands import DaysCog

COGS = (DaysCog,)
BUTTONS = ()  # none: a takeback request's buttons are playing's
