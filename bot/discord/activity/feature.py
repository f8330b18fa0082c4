"""What the Activity adds to the bot: the Open board and Open lobby buttons (no command of its
own: Discord's Entry Point command launches it from the App Launcher)."""

from bot.discord.activity.button import (
    OpenBoardButton,
    OpenLobbyButton,
    open_board_button,
    open_lobby_button,
)

COGS = ()
BUTTONS = (OpenBoardButton, OpenLobbyButton)
BOARD_BUTTONS = (open_board_button,)
LOBBY_BUTTONS = (open_lobby_button,)
