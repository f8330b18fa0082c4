"""What play over days adds to the bot: its commands and its buttons."""

from bot.discord.days.commands import DaysCog
from bot.discord.days.takebacks import TakebackButton

COGS = (DaysCog,)
BUTTONS = (TakebackButton,)
