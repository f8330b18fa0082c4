"""What information adds to the bot: its commands and its buttons."""

from bot.discord.information.commands import GamesPageButton, InfoCog

COGS = (InfoCog,)
BUTTONS = (GamesPageButton,)
