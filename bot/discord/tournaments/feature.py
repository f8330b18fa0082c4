"""What tournaments add to the bot: their commands and their buttons."""

from bot.discord.tournaments.commands import TournamentCog
from bot.discord.tournaments.signup import TournamentButton

COGS = (TournamentCog,)
BUTTONS = (TournamentButton,)
