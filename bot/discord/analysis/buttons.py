"""The Analyse button under a finished game's last post (issue 29), beside Rematch, and the work
it shares with `/analyze`: find the game, check that the asker may see it (as /board game:N
does), ask, and answer publicly with the analysis's message (its progress, which the analysis
then edits, or its stored result at once), and the asker's own notes on the game beside it,
privately. Its custom id carries only the game, so it keeps
working after a restart."""

from __future__ import annotations

import re

import discord

from bot.discord.host import Host, PersistentButton, answer_change, plain_button, user_locale
from bot.i18n import text
from bot.service import AnalysisRequest, GameView
from bot.words.notes import notes_text


class AnalyseButton(PersistentButton, template=r"analyse:(?P<game>[0-9]+)"):
    """Asks for the analysis of game `game` (anyone who may see it may press it)."""

    def __init__(self, game_id: int, label: str = "") -> None:
        super().__init__(plain_button(f"analyse:{game_id}", label or "Analyse"))
        self.game_id = game_id

    @classmethod
    def read(cls, match: re.Match[str]) -> AnalyseButton:
        return cls(int(match["game"]))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Ask for the analysis."""
        await analyse(host, interaction, self.game_id)


def analyse_button(view: GameView, locale: str) -> AnalyseButton:
    """Analyse under the last post of finished game `view`, labelled in `locale`."""
    return AnalyseButton(view.id, text(locale, "button.analyse"))


async def analyse(host: Host, interaction: discord.Interaction, game_id: int | None) -> None:
    """Ask for the analysis of game `game_id` (None: the asker's last finished game here) and
    answer with its message. Refusals are raised, so they are answered privately."""
    service, user_id = host.service, interaction.user.id
    channel_id, guild_id = interaction.channel_id or 0, interaction.guild_id
    view = await service.analyses.analysable(
        user_id, game_id=game_id, channel_id=channel_id, guild_id=guild_id
    )
    await host.sight.require(interaction, view)

    async def ask() -> AnalysisRequest:
        return await service.analyses.request_analysis(
            user_id, game_id=view.id, channel_id=channel_id, guild_id=guild_id
        )

    request = await answer_change(host, interaction, ask)
    if request.new:
        host.analyst.look()
    await show_notes(host, interaction, view.id)


async def show_notes(host: Host, interaction: discord.Interaction, game_id: int) -> None:
    """The asker's own notes on the game, beside the analysis they see: a private follow-up
    (the analysis is a public post; a note is its author's alone). Nothing when they have
    none, or when the analysis could not be the answer yet (the token stays its own)."""
    notes = await host.service.notes.of(interaction.user.id, game_id)
    if not notes or not interaction.response.is_done():
        return
    content = notes_text(game_id, notes, user_locale(interaction))
    none = discord.AllowedMentions.none()
    await interaction.followup.send(content, ephemeral=True, allowed_mentions=none)
