"""⋯ More: the second button on every active game's board, and the private menu it opens (Offer
draw, Resign, Take back), so that a player without slash commands (a friend who did not install
the app, in a group DM or a server without the bot) does by button what /draw, /resign and
/takeback do. Both custom ids carry the game, and both are `DynamicItem`s: they keep working
after a restart."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.presses import presses_of
from bot.i18n import text

ACTIONS = ("draw", "resign", "takeback")
"""The menu's actions, in the order of its buttons."""
LABELS = {"draw": "button.offer_draw", "resign": "button.resign", "takeback": "button.take_back"}


class GameMenuButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gamemenu:(?P<game>[0-9]+)"
):
    """⋯ More on a board of game `game`."""

    def __init__(self, game_id: int, label: str = "") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or "More",
            style=discord.ButtonStyle.secondary,
            custom_id=f"gamemenu:{game_id}",
        )
        super().__init__(button)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameMenuButton:
        """Rebuild the button from its custom id (after a restart, too)."""
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """The menu, privately, to a player; anyone else is answered privately."""
        await presses_of(interaction).game_menu(interaction, self.game_id)


class GameActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gameact:(?P<action>draw|resign|takeback):(?P<game>[0-9]+)",
):
    """One of the menu's actions in game `game`."""

    def __init__(self, action: str, game_id: int, label: str = "") -> None:
        style = discord.ButtonStyle.danger if action == "resign" else discord.ButtonStyle.secondary
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or action, style=style, custom_id=f"gameact:{action}:{game_id}"
        )
        super().__init__(button)
        self.action, self.game_id = action, game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameActionButton:
        """Rebuild the button from its custom id (after a restart, too)."""
        return cls(match["action"], int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Do the action as its command does; refusals privately."""
        await presses_of(interaction).game_action(interaction, self.action, self.game_id)


def menu_button(game_id: int, locale: str) -> GameMenuButton:
    """⋯ More for a board of game `game_id`."""
    return GameMenuButton(game_id, text(locale, "button.game_menu"))


def menu_view(game_id: int, locale: str) -> discord.ui.View:
    """The private menu's buttons: Offer draw, Resign, Take back."""
    view = discord.ui.View(timeout=None)
    for action in ACTIONS:
        view.add_item(GameActionButton(action, game_id, text(locale, LABELS[action])))
    return view


def on_public(interaction: discord.Interaction) -> bool:
    """Whether `interaction` is a press on a public message (an offer's or a request's own
    buttons, which it strips), not on the private game menu, whose actions are answered as
    their commands are: a new public message."""
    message = interaction.message
    return message is not None and not message.flags.ephemeral
