"""What analysis adds to the bot: its command and its button."""

from bot.discord.analysis.buttons import AnalyseButton, analyse_button
from bot.discord.analysis.commands import AnalysisCog

COGS = (AnalysisCog,)
BUTTONS = (AnalyseButton,)
ENDING_BUTTONS = (analyse_button,)
