"""Looking things up: `/games`, `/rules`, `/export` (with the asker's own notes), `/help` (all
answered privately)."""

from __future__ import annotations

import io
import re

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown

from bot.discord.host import (
    Host,
    PersistentButton,
    everywhere,
    game_choices,
    ls,
    step_button,
    user_locale,
)
from bot.i18n import text
from bot.service import FinishedPage, GameView
from bot.service.seeks import is_pool_place
from bot.words.games import game_title, mention, rules_text
from bot.words.matches import short_score

LISTED = 15
IMPORTS = 5
"""The asker's newest imports /games lists (the board page's lobby lists more)."""
"""Games shown per list: a private message stays readable on a phone."""
MESSAGE_LIMIT = 2000
"""Discord refuses longer message contents."""


class GamesPageButton(PersistentButton, template=r"games:finished:(?P<page>[0-9]+):(?P<slot>[pn])"):
    """Turn /games' list of finished games to page `page` (of the one who pressed)."""

    def __init__(self, page: int, slot: str, label: str = "", *, disabled: bool = False) -> None:
        custom_id = f"games:finished:{page}:{slot}"
        super().__init__(step_button(custom_id, label or slot, disabled=disabled))
        self.page = page

    @classmethod
    def read(cls, match: re.Match[str]) -> GamesPageButton:
        return cls(int(match["page"]), match["slot"])

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Show that page in place."""
        await games_page(host, interaction, self.page)


def finished_buttons(finished: FinishedPage, locale: str) -> discord.ui.View:
    """◀ and ▶ through a player's finished games (none when they fit one page)."""
    view = discord.ui.View(timeout=None)
    if finished.pages > 1:
        last = finished.pages - 1
        back, on = max(finished.page - 1, 0), min(finished.page + 1, last)
        first, final = finished.page == 0, finished.page == last
        view.add_item(GamesPageButton(back, "p", text(locale, "button.previous"), disabled=first))
        view.add_item(GamesPageButton(on, "n", text(locale, "button.next"), disabled=final))
    return view


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


async def games_page(host: Host, interaction: discord.Interaction, page: int) -> None:
    """A press on /games' ◀ or ▶: the list with that page of finished games, in place."""
    content, pages = await games_text(host, interaction, page)
    await interaction.response.edit_message(content=content, view=pages)


async def games_text(
    host: Host, interaction: discord.Interaction, page: int
) -> tuple[str, discord.ui.View]:
    locale = user_locale(interaction)
    service = host.service
    here = await _visible(host, interaction)
    mine = await service.queries.games(user_id=interaction.user.id, limit=LISTED)
    sections = [(text(locale, "games.yours"), mine)]
    if interaction.guild_id is not None:  # in a DM there is no server to list
        sections.insert(0, (text(locale, "games.server"), here))
    listed: set[int] = set()
    lines = []
    for title, views in sections:
        fresh = [v for v in views if v.id not in listed]
        listed.update(v.id for v in fresh)
        lines.append(f"**{title}**")
        lines += [await _line(host, v, locale) for v in fresh] or [text(locale, "games.none")]
    finished = await service.queries.finished_games(
        interaction.user.id, guild_id=interaction.guild_id, page=page
    )
    lines += await _finished(host, finished, interaction.user.id, locale)
    lines += _imported(await service.imports.imports_of(interaction.user.id, IMPORTS), locale)
    buttons = finished_buttons(finished, locale)
    if host.scribe.activities and interaction.guild_id is not None:
        host.scribe.slots.to_lobby(buttons, locale)  # the server's challenges and games, live
    return fit_message(lines), buttons


async def _visible(host: Host, interaction: discord.Interaction) -> list[GameView]:
    """The server's active games in channels the user may view (theirs among them), most
    recently moved first."""
    if interaction.guild_id is None:
        return []
    # More than are listed: some may be in channels closed to this member.
    found = await host.service.queries.games(guild_id=interaction.guild_id, limit=LISTED * 4)
    shown = [view for view in found if await host.sight.may_see(interaction, view)]
    return shown[:LISTED]


async def _who(host: Host, view: GameView, user_id: int) -> str:
    """A player as a list shows them: a mention, or in a pool game (issue 53) their Discord
    display name, since a client that shares no server with them cannot show a mention."""
    if not is_pool_place(view.channel_id):
        return mention(user_id)
    return f"**{escape_markdown(await host.names.get(user_id, None))}**"


async def _finished(host: Host, finished: FinishedPage, user_id: int, locale: str) -> list[str]:
    if not finished.views:
        return []
    lines = [f"**{text(locale, 'games.finished')}**"]
    for view in finished.views:
        outcome = "win" if view.winner_id == user_id else "loss"
        if view.winner_id is None:
            outcome = "draw"
        lines.append(
            text(
                locale,
                "games.finished_line",
                game_id=view.id,
                game=game_title(locale, view.kind.key),
                opponent=await _who(host, view, view.opponent_of(user_id)),
                outcome=text(locale, f"outcome.{outcome}"),
                date=f"<t:{view.finished_at or view.updated_at}:d>",
            )
        )
    lines.append(text(locale, "games.page", page=finished.page + 1, pages=finished.pages))
    return lines


def _imported(views: list[GameView], locale: str) -> list[str]:
    """The asker's own imported games (issue 54), newest first: /games answers them alone. The
    players are the record's names, which anyone could have written: escaped, never a mention."""
    if not views:
        return []
    lines = [f"**{text(locale, 'games.imported')}**"]
    for view in views:
        names = {
            colour: discord.utils.escape_mentions(discord.utils.escape_markdown(name))
            or text(locale, f"colour.{colour}")
            for colour, name in view.player_names().items()
        }
        winner = None if view.ending is None else view.ending.winner
        result = (
            text(locale, "render.draw")
            if winner is None
            else text(locale, "render.wins", name=names[winner.value])
        )
        lines.append(
            text(
                locale,
                "games.imported_line",
                game_id=view.id,
                game=game_title(locale, view.kind.key),
                players=" vs ".join(names.values()),
                result=result,
                date=f"<t:{view.created_at}:d>",
            )
        )
    return lines


async def _line(host: Host, view: GameView, locale: str) -> str:
    players = " vs ".join([await _who(host, view, u) for u in view.players.values()])
    game = game_title(locale, view.kind.key)
    player = await _who(host, view, view.to_move_id or 0)
    if host.scribe.is_computer(view.to_move_id):  # no time limit: it is thinking
        turn = text(locale, "games.computer_turn", player=player)
    else:
        turn = text(locale, "games.turn", player=player, deadline=f"<t:{view.deadline_at}:R>")
    match = "" if view.match is None else f" ({short_score(view.match, locale)})"
    # A pool game has no channel: it is played in its players' DMs with the bot.
    pool = is_pool_place(view.channel_id)
    place = text(locale, "games.in_dms") if pool else f"<#{view.channel_id}>"
    return f"• {game}{match} {place}: {players} · {turn}"


class InfoCog(commands.Cog):
    """Commands that change nothing."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("command.games.name"), description=ls("command.games.description")
    )
    @everywhere
    async def games(self, interaction: discord.Interaction) -> None:
        """The active games of this server and the caller's own, then the caller's finished
        games, a page at a time."""
        content, pages = await games_text(self.bot, interaction, 0)
        await interaction.response.send_message(content, ephemeral=True, view=pages)

    @app_commands.command(
        name=ls("command.rules.name"), description=ls("command.rules.description")
    )
    @app_commands.rename(game=ls("command.rules.option.game.name"))
    @app_commands.describe(game=ls("command.rules.option.game.description"))
    @everywhere
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        """A short summary of a game's rules and notation."""
        kind = self.bot.service.kind(game)
        rules_url = self.bot.settings.rules_url
        content = rules_text(user_locale(interaction), kind.key, rules_url)
        await interaction.response.send_message(content, ephemeral=True)

    @rules.autocomplete("game")
    async def rules_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The games this bot offers."""
        return game_choices(self.bot, interaction, current)

    @app_commands.command(
        name=ls("command.export.name"), description=ls("command.export.description")
    )
    @app_commands.rename(game=ls("command.export.option.game.name"))
    @app_commands.describe(game=ls("command.export.option.game.description"))
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def export(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None
    ) -> None:
        """The record of this channel's game (the running one, else the last one), or of any
        game of the server by its number, as a file."""
        if game is None:
            view = await self.bot.service.queries.latest_game_in(interaction.channel_id or 0)
        else:
            view = await self.bot.service.queries.game_here(game, interaction.guild_id)
            await self.bot.sight.require(interaction, view)
        names = {}  # an imported game's are its record's (issue 54), no Discord users
        if view.imported_by is None:
            names = await self.bot.names.many(list(view.players.values()), view.guild_id)
        reader = interaction.user.id  # their own notes, never another's
        export = await self.bot.service.queries.export(view.id, names, reader_id=reader)
        file = discord.File(io.BytesIO(export.text.encode()), filename=export.filename)
        await interaction.response.send_message(file=file, ephemeral=True)

    @app_commands.command(name=ls("command.help.name"), description=ls("command.help.description"))
    @everywhere
    async def help(self, interaction: discord.Interaction) -> None:
        """Everything a player can do, in a few lines a phone shows whole: every command (a
        test checks that none is missing), the buttons, and how a friend plays in a DM."""
        content = text(user_locale(interaction), "help")
        await interaction.response.send_message(content, ephemeral=True)
