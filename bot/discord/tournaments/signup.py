"""A tournament's sign-up: the Join and Leave buttons under its message (issue 30). The answer is
private; the sign-up message's list is owed anew and edited by the deliverer."""

from __future__ import annotations

import re

import discord

from bot.discord.host import (
    Host,
    PersistentButton,
    plain_button,
    user_locale,
)
from bot.i18n import text


class TournamentButton(
    PersistentButton,
    template=r"tournament:(?P<action>join|leave):(?P<id>[0-9]+)",
):
    """Join or Leave under a sign-up message; the custom id carries only the action and the
    tournament, so the buttons work after a restart."""

    def __init__(self, action: str, tournament_id: int, label: str = "") -> None:
        style = discord.ButtonStyle.success if action == "join" else discord.ButtonStyle.secondary
        super().__init__(
            plain_button(f"tournament:{action}:{tournament_id}", label or action, style)
        )
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    def read(cls, match: re.Match[str]) -> TournamentButton:
        return cls(match["action"], int(match["id"]))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Join or leave; refusals go privately to the one who pressed."""
        join = self.action == "join"
        await sign(host, interaction, self.tournament_id, join=join)


def signup_buttons(tournament_id: int, locale: str) -> discord.ui.View:
    """Join and Leave."""
    view = discord.ui.View(timeout=None)
    view.add_item(TournamentButton("join", tournament_id, text(locale, "button.join")))
    view.add_item(TournamentButton("leave", tournament_id, text(locale, "button.leave")))
    return view


async def sign(
    host: Host, interaction: discord.Interaction, tournament_id: int, *, join: bool
) -> None:
    """Join or Leave pressed under a sign-up message: answered privately."""
    user = interaction.user.id
    if join:
        await host.service.tournaments.join_tournament(tournament_id, user)
    else:
        await host.service.tournaments.leave_tournament(tournament_id, user)
    message = "tournament.joined" if join else "tournament.left"
    await say(interaction, message, id=tournament_id)


async def say(interaction: discord.Interaction, message: str, **params: object) -> None:
    """Answer privately (the posts the change owes are the deliverer's)."""
    content = text(user_locale(interaction), message, **params)
    await interaction.response.send_message(
        content, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )
