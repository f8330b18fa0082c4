"""A game's actions besides moves: resigning, and offering, accepting and declining a draw (with
the offer's Accept and Decline buttons, which keep working after a restart). Each is the use case
its command names, answered with the posts it owes: the offer with its buttons (pinging the
opponent), the decline (the offer's message says so), the agreed draw (the final board, then the
replay); the computer refuses a draw at once."""

from __future__ import annotations

import re

import discord

from bot.discord import unseen
from bot.discord.host import (
    Host,
    PersistentButton,
    action_button,
    answer_change,
    public_locale,
)
from bot.discord.posting.drafts import pings
from bot.i18n import text
from bot.service import DrawAction, DrawResult
from bot.words.games import mention, refusal_key


class DrawButton(PersistentButton, template=r"draw:(?P<action>accept|decline):(?P<game>[0-9]+)"):
    """Accept or decline a draw offer in the game `game`."""

    def __init__(self, action: str, game_id: int, label: str = "") -> None:
        super().__init__(action_button(action, f"draw:{action}:{game_id}", label))
        self.action, self.game_id = action, game_id

    @classmethod
    def read(cls, match: re.Match[str]) -> DrawButton:
        return cls(match["action"], int(match["game"]))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Answer the offer; errors go privately to the one who pressed."""

        async def work() -> None:
            await answer_draw(host, interaction, self.game_id, accept=self.action == "accept")

        await unseen.first(host, interaction, work, game_id=self.game_id)


def draw_buttons(game_id: int, locale: str) -> discord.ui.View:
    """Accept and Decline under a draw offer."""
    view = discord.ui.View(timeout=None)
    view.add_item(DrawButton("accept", game_id, text(locale, "button.accept_draw")))
    view.add_item(DrawButton("decline", game_id, text(locale, "button.decline_draw")))
    return view


async def resign(
    host: Host,
    interaction: discord.Interaction,
    *,
    match: bool = False,
    channel_id: int | None = None,
) -> None:
    """/resign's work, for the command and the game menu's Resign (in the game of `channel_id`,
    by default the interaction's channel)."""
    channel_id = channel_id or interaction.channel_id or 0

    async def change() -> object:
        user = interaction.user.id
        return await host.service.moves.resign(channel_id, user, whole_match=match)

    async def work() -> None:
        await answer_change(host, interaction, change)

    await unseen.first(host, interaction, work, channel_id=channel_id)


async def offer_draw(
    host: Host, interaction: discord.Interaction, channel_id: int | None = None
) -> None:
    """/draw's work, for the command and the game menu's Offer draw: offer a draw, or accept
    the opponent's offer (in the game of `channel_id`, by default the interaction's channel)."""
    channel_id = channel_id or interaction.channel_id or 0

    async def change() -> DrawResult:
        return await host.service.moves.offer_draw(channel_id, interaction.user.id)

    async def work() -> None:
        await _answered(interaction, await answer_change(host, interaction, change))

    await unseen.first(host, interaction, work, channel_id=channel_id)


async def answer_draw(
    host: Host, interaction: discord.Interaction, game_id: int, *, accept: bool
) -> None:
    """A press on a draw offer's button."""

    async def change() -> DrawResult:
        user = interaction.user.id
        return await host.service.moves.answer_draw(game_id, user, accept=accept)

    await _answered(interaction, await answer_change(host, interaction, change))


async def _answered(interaction: discord.Interaction, result: DrawResult) -> None:
    """What no post says: the computer refuses a draw at once (nothing changed, nothing is
    owed: the answer says so)."""
    if result.action is DrawAction.REFUSED and not interaction.response.is_done():
        key = refusal_key("draw.computer_refuses", result.view)
        refused = text(public_locale(interaction), key, player=mention(result.by_id))
        await interaction.response.send_message(refused, allowed_mentions=pings())
