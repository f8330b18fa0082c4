"""Rematch, under a finished game's last post beside Analyse: the same game again with the first
move exchanged, as a challenge to the opponent, or at once against the computer. Its custom id
carries only the game, so it keeps working after a restart."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.analysis.buttons import AnalyseButton
from bot.discord.challenges.challenging import check_place
from bot.discord.commands import (
    Host,
    answer_change,
    answering_errors,
    host_of,
    user_locale,
)
from bot.discord.playing import unseen
from bot.discord.shared.reach import reach_of, why_not
from bot.i18n import text
from bot.service import GameView, Reach
from bot.words.matches import is_last_post


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rematch:(?P<game>[0-9]+)"
):
    """The Rematch button under a game's last post."""

    def __init__(self, game_id: int, label: str = "") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or "Rematch",
            style=discord.ButtonStyle.primary,
            custom_id=f"rematch:{game_id}",
        )
        super().__init__(button)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Ask for the rematch (refusals go privately to the one who pressed); an unseen loss
        on time of this channel's game comes first, as at every press of a game (the rematch
        then waits for the next press)."""
        host = host_of(interaction)

        async def work() -> None:
            await rematch(host, interaction, self.game_id)

        channel_id = interaction.channel_id or 0
        await answering_errors(
            interaction,
            unseen.first(host, interaction, work, channel_id=channel_id, keeps_buttons=True),
        )


def rematch_buttons(game_id: int, locale: str) -> discord.ui.View:
    """The Rematch and Analyse buttons for the last post of game `game_id`."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id, text(locale, "button.rematch")))
    view.add_item(AnalyseButton(game_id, text(locale, "button.analyse")))
    return view


def final_buttons(view: GameView, locale: str) -> discord.ui.View | None:
    """Rematch and Analyse for a finished game's last post; none while its match goes on (the
    next game starts by itself)."""
    return rematch_buttons(view.id, locale) if is_last_post(view.match) else None


async def rematch(host: Host, interaction: discord.Interaction, game_id: int) -> None:
    """A press on Rematch: the challenge, or the computer's game started at once."""
    # The game's reach decides, not this channel's permissions: a reply-only game's rematch
    # is answered through this press (the challenge, or the computer's start).
    finished = await host.service.queries.game(game_id)
    if finished.reach is Reach.REPLY and reach_of(interaction) is None:
        # The server forbids external apps now: every answer would be private.
        await interaction.response.send_message(why_not(user_locale(interaction)), ephemeral=True)
        return
    check_place(interaction, finished.reach, thread=False)
    host.names.remember(interaction.user)

    async def again() -> object:
        return await host.service.rematches.rematch(
            game_id, interaction.user.id, request_id=interaction.id
        )

    await answer_change(host, interaction, again)
