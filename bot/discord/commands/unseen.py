"""A reply-only game's loss on time, shown at the next press or command of the game.

Where the bot can only answer interactions (DMs and group DMs between people, servers without
the bot) no post can tell a game's channel that the clock ended it: the players hear it by direct
message, and the service keeps it unseen for each of them (`GameService.unseen_time_loss`). Every
command and button of a game asks here first; a player who has not been shown the loss gets it
as the answer to what they pressed, and what they pressed is not carried out (the game it was
for is over). The first of the two to press gets it publicly (the channel sees it too, and it
concerns both), with the final board and the replay, and in a match the next game's board; the
other then gets it privately, with the final board.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from bot.discord.announce import pings
from bot.discord.answering import answer_with_board
from bot.discord.commands.common import Host, public_locale, user_locale


class UnseenLosses:
    """The check every command and button of a game makes before its own work."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def first(
        self,
        interaction: discord.Interaction,
        work: Callable[[], Awaitable[object]],
        *,
        game_id: int | None = None,
        channel_id: int | None = None,
    ) -> None:
        """Show the unseen loss on time of game `game_id` (or of the channel's latest game) to
        the one who acted, if there is one; else do `work`."""
        if not await self.shown(interaction, game_id=game_id, channel_id=channel_id):
            await work()

    async def shown(
        self,
        interaction: discord.Interaction,
        *,
        game_id: int | None = None,
        channel_id: int | None = None,
    ) -> bool:
        """Answer `interaction` with a loss on time its user has not been shown yet; whether
        there was one (it counts as shown from now on)."""
        service, announcer = self.bot.service, self.bot.announcer
        loss = await service.unseen.unseen_time_loss(
            interaction.user.id, game_id=game_id, channel_id=channel_id
        )
        if loss is None:
            return False
        view = loss.view
        if loss.shown_before:  # the opponent's press showed the channel: theirs alone now
            locale = user_locale(interaction)
            content = announcer.texts.unseen_loss_text(loss, locale)
            file = await announcer.board(view, locale)
            await interaction.response.send_message(content, file=file, ephemeral=True)
            return True
        locale = public_locale(interaction)
        content = announcer.texts.unseen_loss_text(loss, locale)
        message = interaction.message
        pressed = interaction.type is discord.InteractionType.component
        if pressed and message is not None and message.components and not message.flags.ephemeral:
            # The board (or offer) pressed is over: it loses its buttons, the loss follows up.
            await interaction.response.edit_message(view=None)
        # No pings: both players were written to when it fell due.
        buttons = announcer.rematch_for(view, locale)
        await answer_with_board(
            interaction, content, announcer.board(view, locale), pings(), buttons=buttons
        )
        await announcer.replay_after(view, None, locale, interaction)
        await announcer.follow(loss.match, interaction)
        return True
