"""The buttons one feature's posts carry for another feature's work: Rematch (challenges) and
Analyse (analysis) under a finished game's last post, Open board (the Activity) on a turn's
board, Open lobby (the Activity) under an open challenge and /games' list, Follow (play over
days) under every turn's board, and Challenge (challenges) under another member's statistics
(rankings). No feature imports another (the import contract in `pyproject.toml`), so the posts
that show these buttons cannot name their classes: each feature lends its own in its
`feature.py` (`ENDING_BUTTONS`, `BOARD_BUTTONS`, `WATCH_BUTTONS`, `MEMBER_BUTTONS`,
`LOBBY_BUTTONS`), `bot.discord.features` gathers them, and the scribe carries them to every
renderer (and to the commands, through the host's scribe)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.service import GameView
from bot.service.seeks import is_pool_place
from bot.words.matches import is_last_post

LentButton = Callable[[GameView, str], discord.ui.Item[Any]]
"""A feature's button for a post about a game, labelled in a language."""
MemberButton = Callable[[int, str], discord.ui.Item[Any]]
"""A feature's button for an answer about a member (by id), labelled in a language."""
PlaceButton = Callable[[str], discord.ui.Item[Any]]
"""A feature's button for a post about a place (its channel), labelled in a language."""


@dataclass(frozen=True)
class ButtonSlots:
    """The buttons lent between features (to the posts of a game, to an answer about a
    member), in the order they are shown."""

    board: tuple[LentButton, ...] = ()
    """Beside Make move and ⋯ More under a turn's board, where the board opens as an Activity."""
    ending: tuple[LentButton, ...] = ()
    """Under the last post of a finished game (or match)."""
    watch: tuple[LentButton, ...] = ()
    """Under every turn's board, for those who watch the game (Follow)."""
    member: tuple[MemberButton, ...] = ()
    """Under what the bot shows one member of another (their statistics): Challenge."""
    lobby: tuple[PlaceButton, ...] = ()
    """Under an open challenge and /games' list, where the board opens as an Activity: Open
    lobby."""

    def to_lobby(self, buttons: discord.ui.View, locale: str) -> discord.ui.View:
        """`buttons` with the lobby's lent buttons added."""
        for button in self.lobby:
            buttons.add_item(button(locale))
        return buttons

    def for_member(self, member_id: int, locale: str) -> discord.ui.View | None:
        """The buttons of an answer about member `member_id`; None when none is lent."""
        if not self.member:
            return None
        buttons = discord.ui.View(timeout=None)
        for button in self.member:
            buttons.add_item(button(member_id, locale))
        return buttons

    def on_board(self, buttons: discord.ui.View, view: GameView, locale: str) -> None:
        """Add the board's lent buttons to a turn's `buttons`."""
        for button in self.board:
            buttons.add_item(button(view, locale))

    def for_watchers(self, buttons: discord.ui.View, view: GameView, locale: str) -> None:
        """Add the buttons lent for a game's watchers to a turn's `buttons`: none under a pool
        game's, which only its two players see (in their direct messages)."""
        if is_pool_place(view.channel_id):
            return
        for button in self.watch:
            buttons.add_item(button(view, locale))

    def final(self, view: GameView, locale: str) -> discord.ui.View | None:
        """The buttons of a finished game's last post; none while its match goes on (the next
        game starts by itself), nor under a pool game's (issue 53): its players' DMs are no
        place for a rematch's challenge or an analysis's post yet."""
        if not self.ending or not is_last_post(view.match) or is_pool_place(view.channel_id):
            return None
        buttons = discord.ui.View(timeout=None)
        for button in self.ending:
            buttons.add_item(button(view, locale))
        return buttons
