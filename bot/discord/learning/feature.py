"""What learning adds to the bot: `/learn`, the lesson's buttons and its answer box."""

from bot.discord.learning.commands import LearnCog
from bot.discord.learning.lesson import (
    LessonAgainButton,
    LessonMoveButton,
    LessonPlayButton,
    submission,
)

COGS = (LearnCog,)
BUTTONS = (LessonMoveButton, LessonAgainButton, LessonPlayButton)
MODALS = (submission,)
