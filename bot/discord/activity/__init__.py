"""The Activity from Discord's side (issue 47): the Open board button on board messages, which
answers with `LAUNCH_ACTIVITY`, and the command sync that keeps the Entry Point command Discord
created when Activities were enabled (a bulk overwrite without it fails with 50240).

    OpenBoardButton, open_board_button(view, locale)   the button (a `DynamicItem`)
    sync_commands(tree, guild=None)                    `tree.sync()` keeping the Entry Point

The web board itself (`bot.web`) trusts only Discord for where an Activity runs, so launching
records nothing: games are found by their channel, never by an Activity instance.
"""

from bot.discord.activity.button import OpenBoardButton, open_board_button
from bot.discord.activity.sync import ENTRY_POINT, sync_commands

__all__ = ["ENTRY_POINT", "OpenBoardButton", "open_board_button", "sync_commands"]
