"""`/import [file] [record]`: a game record (ours, AbstractPlay's, boardspace's) read into a
finished game of its own, the importer's alone (issue 54, point 3). The file is fetched only
when Discord says it is small enough, and read with a time limit; every answer is private."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.host import Host, everywhere, ls, user_locale
from bot.i18n import text
from bot.service import GameView
from bot.words.games import game_title
from engine.exchange import MAX_RECORD_BYTES

FETCH_SECONDS = 10
"""How long fetching an attached record may take."""
TEXT_LIMIT = 6000
"""The longest record pasted as text (Discord's longest option text)."""


class ImportCog(commands.Cog):
    """Reading records into games."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("command.import.name"), description=ls("command.import.description")
    )
    @app_commands.rename(
        file=ls("command.import.option.file.name"), record=ls("command.import.option.record.name")
    )
    @app_commands.describe(
        file=ls("command.import.option.file.description"),
        record=ls("command.import.option.record.description"),
    )
    @everywhere
    async def import_record(
        self,
        interaction: discord.Interaction,
        file: discord.Attachment | None = None,
        record: app_commands.Range[str, 1, TEXT_LIMIT] | None = None,
    ) -> None:
        """Read the attached (or pasted) record and keep it as the caller's imported game."""
        locale = user_locale(interaction)
        if (file is None) == (record is None):
            await interaction.response.send_message(text(locale, "import.one"), ephemeral=True)
            return
        if file is not None and file.size > MAX_RECORD_BYTES:
            refusal = text(locale, "import.too_large", kib=MAX_RECORD_BYTES // 1024)
            await interaction.response.send_message(refusal, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        content = record if file is None else await _fetched(file)
        if content is None:
            await interaction.followup.send(text(locale, "import.unreadable"), ephemeral=True)
            return
        view = await self.bot.service.imports.import_record(interaction.user.id, content)
        board = await self.bot.scribe.board(view, locale)
        await interaction.followup.send(imported_text(view, locale), file=board, ephemeral=True)


async def _fetched(file: discord.Attachment) -> str | None:
    """The attached file's text, None if it cannot be fetched in time, is larger than it said
    or is not UTF-8."""
    try:
        data = await asyncio.wait_for(file.read(), FETCH_SECONDS)
    except (TimeoutError, discord.HTTPException):
        return None
    if len(data) > MAX_RECORD_BYTES:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def imported_text(view: GameView, locale: str) -> str:
    """What an import answers: the game's number, its players and how it ended."""
    names = view.player_names()
    players = " · ".join(
        f"{text(locale, f'colour.{colour}')} {name}" for colour, name in names.items()
    )
    ending = view.ending
    result = ending.result if ending is not None else "draw"
    won = (
        text(locale, "import.drawn")
        if result == "draw"
        else text(locale, "import.won", colour=text(locale, f"colour.{result}"))
    )
    return text(
        locale,
        "import.done",
        game=view.id,
        title=game_title(locale, view.kind.key),
        players=players,
        result=won,
    )
