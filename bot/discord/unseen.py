"""A reply-only game's loss on time, shown at the next press or command of the game.

Where the bot can only answer interactions (DMs and group DMs between people, servers without
the bot) no post can tell a game's channel that the clock ended it: the players hear it by direct
message, and the service keeps it unseen for each of them (`service.unseen.unseen_time_loss`).
Every command and button of a game asks here first; a player who has not been shown the loss gets
it as the answer to what they pressed, and what they pressed is not carried out (the game it was
for is over). The first of the two to press gets it publicly (the channel sees it too, and it
concerns both), with the final board and the replay, and in a match the next game's board; the
other then gets it privately, with the final board.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from bot.discord.host import Host, public_locale, user_locale
from bot.discord.posting.answering import answer_with_draft
from bot.discord.posting.drafts import Draft, pings
from bot.service import GameView, TimeLoss
from bot.service.owed import answering


async def first(
    host: Host,
    interaction: discord.Interaction,
    work: Callable[[], Awaitable[object]],
    *,
    game_id: int | None = None,
    channel_id: int | None = None,
    keeps_buttons: bool = False,
) -> None:
    """Show the unseen loss on time of game `game_id` (or of the channel's latest game) to
    the one who acted, if there is one; else do `work`. The message pressed loses its buttons
    then (a board or an offer of the game that is over) unless it `keeps_buttons` (a game's
    history, a Rematch: they still work)."""
    found = await shown(
        host, interaction, game_id=game_id, channel_id=channel_id, keeps_buttons=keeps_buttons
    )
    if not found:
        await work()


async def shown(
    host: Host,
    interaction: discord.Interaction,
    *,
    game_id: int | None = None,
    channel_id: int | None = None,
    keeps_buttons: bool = False,
) -> bool:
    """Answer `interaction` with a loss on time its user has not been shown yet (see
    `first`); whether there was one. It counts as shown once Discord accepted the answer that
    shows it: an answer refused (a token Discord no longer knows, say) leaves it for the next
    press."""
    user_id = interaction.user.id
    loss = await host.service.unseen.unseen_time_loss(
        user_id, game_id=game_id, channel_id=channel_id
    )
    if loss is None:
        return False
    scribe, view = host.scribe, loss.view
    if loss.shown_before:  # the opponent's press showed the channel: theirs alone now
        locale = user_locale(interaction)
        content = scribe.texts.unseen_loss_text(loss, locale)
        file = await scribe.board(view, locale)
        await interaction.response.send_message(content, file=file, ephemeral=True)
        await host.service.unseen.seen(loss, user_id)
        return True
    locale = public_locale(interaction)
    message = interaction.message
    pressed = interaction.type is discord.InteractionType.component and not keeps_buttons
    if pressed and message is not None and message.components and not message.flags.ephemeral:
        # The board (or offer) pressed is over: it loses its buttons, the loss follows up.
        await interaction.response.edit_message(view=None)
    await answer_with_draft(interaction, _loss(host, loss, locale))
    # The match's next game, owed for this answer.
    with answering(locale, user_id, interaction.channel_id) as owing:
        await host.service.unseen.seen(loss, user_id)
    await _follow_up(interaction, _replay(host, view, locale))
    await host.deliverer.deliver_now(owing.ids, interaction)
    return True


def _loss(host: Host, loss: TimeLoss, locale: str) -> Draft:
    """The loss with its final board (no pings: both players were written to when it fell
    due); its replay follows, and in a match the next game's start."""
    scribe, view = host.scribe, loss.view
    content = scribe.texts.unseen_loss_text(loss, locale)
    buttons = scribe.slots.final(view, locale)
    return Draft(content, pings(), scribe.board_of(view, locale), buttons, board=True)


def _replay(host: Host, view: GameView, locale: str) -> Draft:
    scribe = host.scribe

    async def draw() -> list[discord.File]:
        return [await scribe.replay(view, locale)]

    return Draft(scribe.texts.replay_text(view, locale), pings(), draw)


async def _follow_up(interaction: discord.Interaction, draft: Draft) -> None:
    try:
        await answer_with_draft(interaction, draft)
    except discord.HTTPException:  # the loss was shown; the rest is a courtesy
        return
