"""What the Activity adds to the bot: the Open board button (no command of its own: Discord's
Entry Point command launches it from the App Launcher)."""

from bot.discord.activity.button import OpenBoardButton, open_board_button

COGS = ()
BUTTONS = (OpenBoardButton,)
BOARD_BUTTONS = (open_board_button,)
