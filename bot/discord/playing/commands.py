"""Playing: `/move` (with autocomplete), `/board`, `/resign`, `/draw` and `/takeback`, each doing
the work its button does too (`moves`, `history`, `actions`, `takebacks`)."""

from __future__ import annotations

from functools import partial

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import unseen
from bot.discord.host import Host, everywhere, ls, user_locale
from bot.discord.playing import actions, history, moves
from bot.discord.playing.places import place_of
from bot.discord.playing.takebacks import ask_takeback
from bot.i18n import text
from bot.service import ServiceError


def _fit(name: str, fallback: str) -> str:
    """A choice name within Discord's 100 characters."""
    return name if len(name) <= 100 else fallback[:100]


class PlayCog(commands.Cog):
    """The commands of a game in progress, in the channel (or thread) it is played in."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name=ls("command.move.name"), description=ls("command.move.description"))
    @app_commands.rename(move=ls("command.move.option.move.name"))
    @app_commands.describe(move=ls("command.move.option.move.description"))
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def move(self, interaction: discord.Interaction, move: str) -> None:
        """Play a move in this channel's game (in the bot's DMs, else in the player's pool game
        waiting for their move)."""
        channel_id = await place_of(self.bot, interaction)
        work = partial(moves.play, self.bot, interaction, channel_id, move)
        await unseen.first(self.bot, interaction, work, channel_id=channel_id)

    @move.autocomplete("move")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Legal moves that complete what the player typed (nothing for the other player)."""
        try:
            view = await self.bot.service.queries.game_in(await place_of(self.bot, interaction))
        except ServiceError:
            return []
        if view.to_move_id != interaction.user.id:
            return []
        moves = view.kind.suggest(view.game, current)
        hint = view.kind.turn_hint(view.game)
        if hint is None:
            return [app_commands.Choice(name=move, value=move) for move in moves]
        # Each choice also shows the hint (the dice rolled), so it is in view while choosing.
        shown = text(user_locale(interaction), hint.key, **hint.params)
        return [
            app_commands.Choice(name=_fit(f"{move}  ·  {shown}", move), value=move)
            for move in moves
        ]

    @app_commands.command(
        name=ls("command.board.name"), description=ls("command.board.description")
    )
    @app_commands.rename(
        visibility=ls("command.board.option.visibility.name"),
        game=ls("command.board.option.game.name"),
    )
    @app_commands.describe(
        visibility=ls("command.board.option.visibility.description"),
        game=ls("command.board.option.game.description"),
    )
    @app_commands.choices(
        visibility=[
            app_commands.Choice(name=ls(f"choice.visibility.{v}"), value=v)
            for v in ("private", "public")
        ]
    )
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def board(
        self,
        interaction: discord.Interaction,
        visibility: app_commands.Choice[str] | None = None,
        game: app_commands.Range[int, 1] | None = None,
    ) -> None:
        """Show a game's position (this channel's, or any of the server's by its number), to
        oneself or to everyone, with buttons that step through its history privately."""
        public = visibility is not None and visibility.value == "public"
        place = await place_of(self.bot, interaction)
        show = partial(history.board, self.bot, interaction, public, game, place)
        await unseen.first(self.bot, interaction, show, channel_id=place)

    @app_commands.command(
        name=ls("command.resign.name"), description=ls("command.resign.description")
    )
    @app_commands.rename(match=ls("command.resign.option.match.name"))
    @app_commands.describe(match=ls("command.resign.option.match.description"))
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def resign(self, interaction: discord.Interaction, match: bool = False) -> None:
        """Give up this channel's game (in a match: this game, or with `match` the match)."""
        await actions.resign(self.bot, interaction, match=match)

    @app_commands.command(name=ls("command.draw.name"), description=ls("command.draw.description"))
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def draw(self, interaction: discord.Interaction) -> None:
        """Offer a draw, or accept the opponent's offer."""
        await actions.offer_draw(self.bot, interaction)

    @app_commands.command(
        name=ls("command.takeback.name"), description=ls("command.takeback.description")
    )
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def takeback(self, interaction: discord.Interaction) -> None:
        """Ask the opponent to take back your last move (the computer answers at once)."""
        await ask_takeback(self.bot, interaction)
