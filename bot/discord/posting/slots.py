"""The buttons one feature's posts carry for another feature's work: Rematch (challenges) and
Analyse (analysis) under a finished game's last post, Open board (the Activity) on a turn's
board, Follow (play over days) under every turn's board. No feature imports another (the import
contract in `pyproject.toml`), so the posts that show these buttons cannot name their classes:
each feature lends its own in its `feature.py` (`ENDING_BUTTONS`, `BOARD_BUTTONS`,
`WATCH_BUTTONS`), `bot.discord.features` gathers them, and the scribe carries them to every
renderer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.service import GameView
from bot.words.matches import is_last_post

LentButton = Callable[[GameView, str], discord.ui.Item[Any]]
"""A feature's button for a post about a game, labelled in a language."""


@dataclass(frozen=True)
class ButtonSlots:
    """The buttons lent to the posts of a game, in the order they are shown."""

    board: tuple[LentButton, ...] = ()
    """Beside Make move and ⋯ More under a turn's board, where the board opens as an Activity."""
    ending: tuple[LentButton, ...] = ()
    """Under the last post of a finished game (or match)."""
    watch: tuple[LentButton, ...] = ()
    """Under every turn's board, for those who watch the game (Follow)."""

    def on_board(self, buttons: discord.ui.View, view: GameView, locale: str) -> None:
        """Add the board's lent buttons to a turn's `buttons`."""
        for button in self.board:
            buttons.add_item(button(view, locale))

    def for_watchers(self, buttons: discord.ui.View, view: GameView, locale: str) -> None:
        """Add the buttons lent for a game's watchers to a turn's `buttons`."""
        for button in self.watch:
            buttons.add_item(button(view, locale))

    def final(self, view: GameView, locale: str) -> discord.ui.View | None:
        """The buttons of a finished game's last post; none while its match goes on (the next
        game starts by itself)."""
        if not self.ending or not is_last_post(view.match):
            return None
        buttons = discord.ui.View(timeout=None)
        for button in self.ending:
            buttons.add_item(button(view, locale))
        return buttons
