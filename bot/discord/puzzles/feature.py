"""What puzzles add to the bot: `/puzzle`, Solve and its answer box."""

from bot.discord.puzzles.commands import PuzzleCog
from bot.discord.puzzles.solving import SolveButton, submission

COGS = (PuzzleCog,)
BUTTONS = (SolveButton,)
MODALS = (submission,)
