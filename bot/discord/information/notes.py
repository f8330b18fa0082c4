"""`/note [text] [turn] [game]`: a private note on a game or one of its turns (issue 54, point
2), kept, replaced, removed (`-`) or listed (no text). Every answer is private: a note is its
author's alone, and the game is found as /export finds it (a number only if the author may see
that game)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.host import Host, everywhere, ls, user_locale
from bot.service import GameView
from bot.words.notes import notes_text, written_text

REMOVE = "-"
"""The text that removes a note (Discord sends no empty text)."""


async def noted_game(host: Host, interaction: discord.Interaction, game: int | None) -> GameView:
    """Game `game` if the user may see it, else this channel's game (the running one, else the
    last one). Raises `GameNotFoundError` or `NoGameHereError`."""
    if game is None:
        return await host.service.queries.latest_game_in(interaction.channel_id or 0)
    view = await host.service.queries.game_here(game, interaction.guild_id)
    await host.sight.require(interaction, view)
    return view


class NotesCog(commands.Cog):
    """Private notes on games."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name=ls("command.note.name"), description=ls("command.note.description"))
    @app_commands.rename(
        text=ls("command.note.option.text.name"),
        turn=ls("command.note.option.turn.name"),
        game=ls("command.note.option.game.name"),
    )
    @app_commands.describe(
        text=ls("command.note.option.text.description"),
        turn=ls("command.note.option.turn.description"),
        game=ls("command.note.option.game.description"),
    )
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def note(
        self,
        interaction: discord.Interaction,
        text: str | None = None,
        turn: app_commands.Range[int, 0] | None = None,
        game: app_commands.Range[int, 1] | None = None,
    ) -> None:
        """Keep (or replace, or with `-` remove) the caller's note on a turn of the game, or
        with no text list their notes on it; privately."""
        view = await noted_game(self.bot, interaction, game)
        locale, author = user_locale(interaction), interaction.user.id
        if text is None:
            content = notes_text(view.id, await self.bot.service.notes.of(author, view.id), locale)
        else:
            body = "" if text.strip() == REMOVE else text
            written = await self.bot.service.notes.write(author, view.id, turn, body)
            content = written_text(written, locale)
        await interaction.response.send_message(
            content, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )
