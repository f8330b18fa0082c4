"""What information adds to the bot: its commands and its buttons."""

from bot.discord.information.commands import GamesPageButton, InfoCog
from bot.discord.information.imports import ImportCog
from bot.discord.information.notes import NotesCog

COGS = (InfoCog, NotesCog, ImportCog)
BUTTONS = (GamesPageButton,)
