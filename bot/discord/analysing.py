"""The Analyse button under a finished game's last post (issue 29), beside Rematch: the same as
`/analyze game:<number>` for that game. Its custom id carries only the game, so it keeps
working after a restart."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.presses import presses_of


class AnalyseButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"analyse:(?P<game>[0-9]+)"
):
    """Asks for the analysis of game `game` (anyone who may see it may press it)."""

    def __init__(self, game_id: int, label: str = "") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or "Analyse",
            style=discord.ButtonStyle.secondary,
            custom_id=f"analyse:{game_id}",
        )
        super().__init__(button)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AnalyseButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Ask for the analysis (refusals go privately to the one who pressed)."""
        await presses_of(interaction).analyse(interaction, self.game_id)
