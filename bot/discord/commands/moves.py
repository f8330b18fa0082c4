"""Make move's presses and submissions: the modal for the player to move, the move played as
`/move` plays it (the service's `play`, the announcer's `moved` answering the modal with a new
public board, so the opponent is pinged), and a board that is no longer the latest saying
privately where the game stands."""

from __future__ import annotations

from functools import partial

import discord

from bot.discord.commands.common import Host, user_locale
from bot.discord.moving import move_modal
from bot.discord.tree import reply_privately
from bot.i18n import text
from bot.service import GameView
from bot.service.errors import NotAPlayerError, NotYourTurnError


class MoveByButton:
    """What Make move does, for the bot's `presses`."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def open(self, interaction: discord.Interaction, game_id: int, revision: int) -> None:
        """A press on Make move: the modal for the player to move; refusals privately."""
        view = await self.bot.service.queries.game(game_id)
        if _outdated(view, revision):
            await self._outdated(interaction, view)
            return
        user_id = interaction.user.id
        if view.colour_of(user_id) is None:
            players = tuple(view.players.values())
            raise NotAPlayerError("you do not play in this game", players=players)
        if view.to_move_id != user_id:
            raise NotYourTurnError("it is not your turn", to_move_id=view.to_move_id)
        locale = user_locale(interaction)
        notes = self.bot.announcer.texts.position_lines(view, locale)
        await interaction.response.send_modal(move_modal(view, locale, notes))

    async def submit(
        self, interaction: discord.Interaction, game_id: int, revision: int, move: str
    ) -> None:
        """A Make move modal submitted with `move` (typed, else picked): played on the
        position the modal was opened on, as `/move` plays it; refusals privately."""
        view = await self.bot.service.queries.game(game_id)
        if _outdated(view, revision):
            await self._outdated(interaction, view)
            return
        if not move:
            await reply_privately(interaction, text(user_locale(interaction), "makemove.empty"))
            return
        self.bot.names.remember(interaction.user)
        channel_id, user_id = view.channel_id, interaction.user.id
        # The revision the modal showed: if the game moved on meanwhile, nothing is played.
        play = partial(self.bot.service.moves.play, channel_id, user_id, move, revision)
        await self.bot.announcer.make(channel_id, play, interaction)

    async def _outdated(self, interaction: discord.Interaction, view: GameView) -> None:
        """Where the game stands, privately; the outdated board loses its button."""
        locale = user_locale(interaction)
        status = self.bot.announcer.texts.status_text(view, locale)
        content = f"{text(locale, 'makemove.outdated')}\n{status}"
        message = interaction.message
        if message is not None and message.components and not message.flags.ephemeral:
            await interaction.response.edit_message(view=None)
        await reply_privately(interaction, content)


def _outdated(view: GameView, revision: int) -> bool:
    """Whether a board of `view`'s game at `revision` is no longer its latest turn."""
    return not view.is_active or view.revision != revision
