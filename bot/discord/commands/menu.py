"""The game menu's presses (⋯ More and its actions): the private menu for a player, and each
action done exactly as its command does it (the cogs' own methods, so the public result answers
the action's press and pings as the command's answer does)."""

from __future__ import annotations

import discord

from bot.discord.commands.common import Host, user_locale
from bot.discord.commands.days import DaysCog
from bot.discord.commands.play import PlayCog
from bot.discord.menu import menu_view
from bot.discord.tree import reply_privately
from bot.i18n import text
from bot.service import GameView, ServiceError
from bot.service.errors import NotAPlayerError


class GameMenu:
    """What ⋯ More and the menu's buttons do, for the bot's `presses`."""

    def __init__(self, bot: Host, play: PlayCog, days: DaysCog) -> None:
        self.bot, self.play, self.days = bot, play, days

    async def open(self, interaction: discord.Interaction, game_id: int) -> None:
        """The menu, privately, to a player of an active game; refusals privately."""
        view = await self.bot.service.queries.game(game_id)
        _require_player(view, interaction.user.id)
        locale = user_locale(interaction)
        if not view.is_active:
            await self._over(interaction, view)
            return
        content = text(locale, "gamemenu.prompt", game_id=view.id)
        await interaction.response.send_message(
            content, view=menu_view(view.id, locale), ephemeral=True
        )

    async def act(self, interaction: discord.Interaction, action: str, game_id: int) -> None:
        """An action of the menu: done as its command does it, if game `game_id` is still the
        channel's game; otherwise a private answer and nothing done."""
        view = await self.bot.service.queries.game(game_id)
        _require_player(view, interaction.user.id)
        if not view.is_active:
            await self._over(interaction, view)
            return
        if await self._current_id(interaction.channel_id or 0) != game_id:
            locale = user_locale(interaction)
            await reply_privately(interaction, text(locale, "gamemenu.elsewhere", game_id=game_id))
            return
        if action == "resign":
            await self.play.resign_game(interaction)
        elif action == "draw":
            await self.play.offer_draw(interaction)
        else:
            await self.days.ask_takeback(interaction)

    async def _current_id(self, channel_id: int) -> int | None:
        """The id of the channel's active game (None: none)."""
        try:
            return (await self.bot.service.queries.game_in(channel_id)).id
        except ServiceError:
            return None

    async def _over(self, interaction: discord.Interaction, view: GameView) -> None:
        """Where a finished game stands, privately."""
        locale = user_locale(interaction)
        status = self.bot.announcer.texts.status_text(view, locale)
        await reply_privately(interaction, f"{text(locale, 'gamemenu.over')}\n{status}")


def _require_player(view: GameView, user_id: int) -> None:
    """Raise `NotAPlayerError` (answered privately) unless `user_id` plays in `view`."""
    if view.colour_of(user_id) is None:
        raise NotAPlayerError("you do not play in this game", players=tuple(view.players.values()))
