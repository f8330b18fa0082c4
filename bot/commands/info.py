"""Looking things up: `/games`, `/rules`, `/export`, `/help` (all answered privately)."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import games
from bot.announce import mention
from bot.commands.common import ls, user_locale
from bot.i18n import text
from bot.service import GameView
from bot.wording import short_score

if TYPE_CHECKING:
    from bot.app import GameBot

GAME_KEYS = tuple(spec.key for spec in games.specs())
"""The games offered as choices (those registered when the command is declared)."""
LISTED = 15
"""Games shown per list: a private message stays readable on a phone."""
MESSAGE_LIMIT = 2000
"""Discord refuses longer message contents."""


def fit_message(lines: list[str], limit: int = MESSAGE_LIMIT) -> str:
    """`lines` joined, cut at a whole line with an ellipsis so that Discord accepts it."""
    kept: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > limit - 2:
            kept.append("…")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept)


class InfoCog(commands.Cog):
    """Commands that change nothing."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("command.games.name"), description=ls("command.games.description")
    )
    async def games(self, interaction: discord.Interaction) -> None:
        """The active games of this server and the caller's own."""
        locale = user_locale(interaction)
        service = self.bot.service
        here = await service.games(guild_id=interaction.guild_id, limit=LISTED)
        mine = await service.games(user_id=interaction.user.id, limit=LISTED)
        sections = [(text(locale, "games.yours"), mine)]
        if interaction.guild_id is not None:  # in a DM there is no server to list
            sections.insert(0, (text(locale, "games.server"), here))
        listed: set[int] = set()
        lines = []
        for title, views in sections:
            fresh = [v for v in views if v.id not in listed]
            listed.update(v.id for v in fresh)
            lines.append(f"**{title}**")
            lines += [self._line(v, locale) for v in fresh] or [text(locale, "games.none")]
        await interaction.response.send_message(fit_message(lines), ephemeral=True)

    def _line(self, view: GameView, locale: str) -> str:
        players = " vs ".join(mention(u) for u in view.players.values())
        game = text(locale, view.kind.title_key)
        player = mention(view.to_move_id or 0)
        if self.bot.announcer.is_computer(view.to_move_id):  # no time limit: it is thinking
            turn = text(locale, "games.computer_turn", player=player)
        else:
            turn = text(locale, "games.turn", player=player, deadline=f"<t:{view.deadline_at}:R>")
        match = "" if view.match is None else f" ({short_score(view.match, locale)})"
        return f"• {game}{match} <#{view.channel_id}>: {players} · {turn}"

    @app_commands.command(
        name=ls("command.rules.name"), description=ls("command.rules.description")
    )
    @app_commands.rename(game=ls("command.rules.option.game.name"))
    @app_commands.describe(game=ls("command.rules.option.game.description"))
    @app_commands.choices(
        game=[app_commands.Choice(name=ls(f"choice.game.{k}"), value=k) for k in GAME_KEYS]
    )
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        """A short summary of a game's rules and notation."""
        content = text(user_locale(interaction), f"rules.{game.value}")
        await interaction.response.send_message(content, ephemeral=True)

    @app_commands.command(
        name=ls("command.export.name"), description=ls("command.export.description")
    )
    @app_commands.guild_only()  # a game lives in a server's channel
    async def export(self, interaction: discord.Interaction) -> None:
        """The record of this channel's game (the running one, else the last one) as a file."""
        view = await self.bot.service.latest_game_in(interaction.channel_id or 0)
        names = await self.bot.names.many(list(view.players.values()))
        export = await self.bot.service.export(view.id, names)
        file = discord.File(io.BytesIO(export.text.encode()), filename=export.filename)
        await interaction.response.send_message(file=file, ephemeral=True)

    @app_commands.command(name=ls("command.help.name"), description=ls("command.help.description"))
    async def help(self, interaction: discord.Interaction) -> None:
        """How to play with the bot."""
        await interaction.response.send_message(
            text(user_locale(interaction), "help"), ephemeral=True
        )
