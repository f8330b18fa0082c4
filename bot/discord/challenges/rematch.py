"""Rematch, under a finished game's last post beside Analyse (lent to the game's posts,
`bot.discord.posting.slots`): the same game again with the first move exchanged, as a challenge
to the opponent, or at once against the computer. Its custom id carries only the game, so it
keeps working after a restart."""

from __future__ import annotations

import re

import discord

from bot.discord import unseen
from bot.discord.host import (
    Host,
    PersistentButton,
    answer_change,
    check_place,
    plain_button,
    user_locale,
)
from bot.discord.shared.reach import reach_of, why_not
from bot.i18n import text
from bot.service import GameView, Reach


class RematchButton(PersistentButton, template=r"rematch:(?P<game>[0-9]+)"):
    """The Rematch button under a game's last post."""

    def __init__(self, game_id: int, label: str = "") -> None:
        primary = discord.ButtonStyle.primary
        super().__init__(plain_button(f"rematch:{game_id}", label or "Rematch", primary))
        self.game_id = game_id

    @classmethod
    def read(cls, match: re.Match[str]) -> RematchButton:
        return cls(int(match["game"]))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Ask for the rematch; an unseen loss on time of this channel's game comes first, as
        at every press of a game (the rematch then waits for the next press)."""

        async def work() -> None:
            await rematch(host, interaction, self.game_id)

        channel_id = interaction.channel_id or 0
        await unseen.first(host, interaction, work, channel_id=channel_id, keeps_buttons=True)


def rematch_button(view: GameView, locale: str) -> RematchButton:
    """Rematch under the last post of finished game `view`, labelled in `locale`."""
    return RematchButton(view.id, text(locale, "button.rematch"))


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
