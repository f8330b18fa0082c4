"""A tournament's sign-up: the Join and Leave buttons under its message (issue 30). The answer is
private; the sign-up message's list is owed anew and edited by the deliverer."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.host import Host, answering_errors, host_of, user_locale
from bot.i18n import text


class TournamentButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tournament:(?P<action>join|leave):(?P<id>[0-9]+)",
):
    """Join or Leave under a sign-up message; the custom id carries only the action and the
    tournament, so the buttons work after a restart."""

    def __init__(self, action: str, tournament_id: int, label: str = "") -> None:
        style = discord.ButtonStyle.success if action == "join" else discord.ButtonStyle.secondary
        custom_id = f"tournament:{action}:{tournament_id}"
        super().__init__(discord.ui.Button(label=label or action, style=style, custom_id=custom_id))
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TournamentButton:
        """Rebuild the button from its custom id."""
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Join or leave; refusals go privately to the one who pressed."""
        join = self.action == "join"
        work = sign(host_of(interaction), interaction, self.tournament_id, join=join)
        await answering_errors(interaction, work)


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
