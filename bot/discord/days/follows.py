"""Following a game (issue 54, point 4): the Follow button under a turn's board (lent to
playing's posts: `WATCH_BUTTONS`), `/follow [game] [every_move]` and `/unfollow [game]`. Anyone
who may see the game may follow it (as `/board game:N` checks: anyone else is told it cannot be
found), and hears of it by direct message at its end, or at every move with `every_move`. Every
answer is private. The button's custom id carries only the game, so it works after a
restart."""

from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.host import Host, PersistentButton, everywhere, ls, plain_button, user_locale
from bot.i18n import text
from bot.service import GameView
from bot.service.follows import Followed


class FollowButton(PersistentButton, template=r"follow:(?P<game>[0-9]+)"):
    """Follow game `game` (its end, by direct message)."""

    def __init__(self, game_id: int, label: str = "") -> None:
        super().__init__(plain_button(f"follow:{game_id}", label or "Follow"))
        self.game_id = game_id

    @classmethod
    def read(cls, match: re.Match[str]) -> FollowButton:
        return cls(int(match["game"]))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Follow the game, at its end only (`/follow every_move:True` for every move)."""
        view = await followed_game(host, interaction, self.game_id)
        followed = await host.service.follows.follow(interaction.user.id, view.id)
        await answer(interaction, followed)


def follow_button(view: GameView, locale: str) -> FollowButton:
    """Follow under a turn's board of `view`, labelled in `locale`."""
    return FollowButton(view.id, text(locale, "button.follow"))


async def followed_game(host: Host, interaction: discord.Interaction, game: int | None) -> GameView:
    """Game `game` if the user may see it (else `GameNotFoundError`), or this channel's active
    game (else `NoGameHereError`)."""
    if game is None:
        return await host.service.queries.game_in(interaction.channel_id or 0)
    view = await host.service.queries.game_here(game, interaction.guild_id)
    await host.sight.require(interaction, view)
    return view


async def answer(interaction: discord.Interaction, followed: Followed) -> None:
    """Say privately what following the game brings."""
    key = "follow.every_move" if followed.every_move else "follow.at_end"
    content = text(user_locale(interaction), key, game_id=followed.view.id)
    await interaction.response.send_message(content, ephemeral=True)


class FollowsCog(commands.Cog):
    """Following games."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(
        name=ls("command.follow.name"), description=ls("command.follow.description")
    )
    @app_commands.rename(
        game=ls("command.follow.option.game.name"),
        every_move=ls("command.follow.option.every_move.name"),
    )
    @app_commands.describe(
        game=ls("command.follow.option.game.description"),
        every_move=ls("command.follow.option.every_move.description"),
    )
    @everywhere  # a game lives in a channel, or in answers only (issue 28)
    async def follow(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1] | None = None,
        every_move: bool = False,
    ) -> None:
        """Follow this channel's game (or any the caller may see, by number) by direct
        message: at its end, or at every move too."""
        view = await followed_game(self.bot, interaction, game)
        user = interaction.user.id
        followed = await self.bot.service.follows.follow(user, view.id, every_move=every_move)
        await answer(interaction, followed)

    @app_commands.command(
        name=ls("command.unfollow.name"), description=ls("command.unfollow.description")
    )
    @app_commands.rename(game=ls("command.unfollow.option.game.name"))
    @app_commands.describe(game=ls("command.unfollow.option.game.description"))
    @everywhere
    async def unfollow(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None
    ) -> None:
        """Hear no more of a game followed (this channel's by default)."""
        if game is None:
            game = (await followed_game(self.bot, interaction, None)).id
        game_id = game
        await self.bot.service.follows.unfollow(interaction.user.id, game_id)
        content = text(user_locale(interaction), "follow.stopped", game_id=game_id)
        await interaction.response.send_message(content, ephemeral=True)
