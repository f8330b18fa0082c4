"""What playing adds to the bot: its commands and its buttons."""

from bot.discord.playing.actions import DrawButton
from bot.discord.playing.commands import PlayCog
from bot.discord.playing.history import HistoryButton
from bot.discord.playing.menu import GameActionButton, GameMenuButton
from bot.discord.playing.moves import MakeMoveButton, submission
from bot.discord.playing.premoves import PremoveCog, line_submission
from bot.discord.playing.takebacks import TakebackButton

COGS = (PlayCog, PremoveCog)
BUTTONS = (
    MakeMoveButton,
    GameMenuButton,
    GameActionButton,
    DrawButton,
    HistoryButton,
    TakebackButton,
)
MODALS = (submission, line_submission)
