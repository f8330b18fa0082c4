"""A game's board and its history: `/board`'s work, and the ⏮ ◀ ▶ ⏭ buttons that step through a
game's positions privately (in place when pressed on a private message already, so stepping
fills no channel), each with the first colour's winning chance once the game is analysed."""

from __future__ import annotations

import re

import discord

from bot.computer.reading import chances_of, reviews_of
from bot.discord import unseen
from bot.discord.host import (
    Host,
    PersistentButton,
    public_locale,
    step_button,
    user_locale,
)
from bot.discord.posting.drafts import pings
from bot.i18n import counted, text
from bot.service import ServiceError
from bot.words.analysis import percent


class HistoryButton(
    PersistentButton,
    template=r"history:(?P<game>[0-9]+):(?P<turn>[0-9]+):(?P<slot>[fpnl])",
):
    """Show game `game` after its turn `turn` (the slot keeps the four buttons' ids apart)."""

    def __init__(
        self, game_id: int, turn: int, slot: str, label: str = "", *, disabled: bool = False
    ) -> None:
        custom_id = f"history:{game_id}:{turn}:{slot}"
        super().__init__(step_button(custom_id, label or slot, disabled=disabled))
        self.game_id, self.turn = game_id, turn

    @classmethod
    def read(cls, match: re.Match[str]) -> HistoryButton:
        return cls(int(match["game"]), int(match["turn"]), match["slot"])

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Show that position privately; errors go privately to the one who pressed. An unseen
        loss on time of this channel's game comes first, as at every press of a game."""

        async def work() -> None:
            await step(host, interaction, self.game_id, self.turn)

        channel_id = interaction.channel_id or 0
        await unseen.first(host, interaction, work, channel_id=channel_id, keeps_buttons=True)


def history_buttons(game_id: int, turn: int, turns: int, locale: str) -> discord.ui.View | None:
    """⏮ ◀ ▶ ⏭ for the position after `turn` of `turns` (none for a game without a move)."""
    if turns == 0:
        return None
    view = discord.ui.View(timeout=None)
    steps = (
        ("f", 0, "button.first", turn == 0),
        ("p", max(turn - 1, 0), "button.previous", turn == 0),
        ("n", min(turn + 1, turns), "button.next", turn == turns),
        ("l", turns, "button.last", turn == turns),
    )
    for slot, target, key, disabled in steps:
        view.add_item(HistoryButton(game_id, target, slot, text(locale, key), disabled=disabled))
    return view


async def board(
    host: Host,
    interaction: discord.Interaction,
    public: bool,
    game: int | None,
    place: int | None = None,
) -> None:
    """/board's work: a game's position (this channel's, or at `place`, in the bot's DMs the
    player's pool game; or any of the server's by its number) to oneself or to everyone, with
    buttons that step through its history privately."""
    if game is None:
        # After the end the last game's final position stays on show until a new one starts.
        where = (interaction.channel_id or 0) if place is None else place
        view = await host.service.queries.latest_game_in(where)
    else:
        view = await host.service.queries.game_here(game, await _server_of(host, interaction, game))
        await host.sight.require(interaction, view)
    await interaction.response.defer(ephemeral=not public, thinking=True)
    locale = public_locale(interaction) if public else user_locale(interaction)
    content = host.scribe.texts.status_text(view, locale)
    turns = len(view.game.turn_plies()) - 1
    content += await chance_line(host, view.id, turns, locale)
    file = await host.scribe.board(view, locale)
    steps = history_buttons(view.id, turns, turns, locale)
    await interaction.followup.send(
        content, file=file, allowed_mentions=pings(), view=steps or discord.utils.MISSING
    )


async def _server_of(host: Host, interaction: discord.Interaction, game_id: int) -> int | None:
    """The server a game asked for by its number must be of: the one asked in; outside a
    server (the bot's DMs), the game's own, whose sight (`Sight.require`) lets its players in:
    a pool game (issue 53) is of the pool's, not of the DM."""
    if interaction.guild_id is not None:
        return interaction.guild_id
    try:
        return (await host.service.queries.game(game_id)).guild_id
    except ServiceError:
        return None


def history_caption(locale: str, turn: int, turns: int) -> str:
    """The caption under a position of the history: the start and how many moves the game has,
    or which move of how many it is."""
    if turn == 0:
        return text(locale, "history.caption_start", moves=counted(locale, "history.moves", turns))
    return text(locale, "history.caption", turn=turn, turns=turns)


async def step(host: Host, interaction: discord.Interaction, game_id: int, turn: int) -> None:
    """A press on a history button: that position, privately (in place when pressed on a
    private message already, so stepping fills no channel)."""
    server = await _server_of(host, interaction, game_id)
    history = await host.service.queries.history(game_id, server, turn)
    await host.sight.require(interaction, history.view)  # the buttons may be anyone's
    own = interaction.message is not None and interaction.message.flags.ephemeral
    if own:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    locale = user_locale(interaction)
    view = history.view
    caption = history_caption(locale, history.turn, history.turns)
    file = await host.scribe.board(view, locale, position=history.position, caption=caption)
    content = text(
        locale,
        "history.title",
        game=text(locale, view.kind.title_key),
        game_id=view.id,
        caption=caption,
    )
    content += await chance_line(host, view.id, history.turn, locale)
    steps = history_buttons(view.id, history.turn, history.turns, locale)
    if own:
        await interaction.edit_original_response(content=content, attachments=[file], view=steps)
    else:
        await interaction.followup.send(
            content, file=file, view=steps or discord.utils.MISSING, ephemeral=True
        )


async def chance_line(host: Host, game_id: int, turn: int, locale: str) -> str:
    """Once the game is analysed: a line with the first colour's winning chance after
    `turn` (0: at the start), else nothing."""
    analysis = await host.service.analyses.analysis(game_id)
    if analysis is None or not analysis.finished:
        return ""
    chances = chances_of(reviews_of(analysis.reviews))
    if not 0 <= turn < len(chances):
        return ""
    first = analysis.view.kind.colours[0].value
    colour = text(locale, f"colour.{first}")
    return "\n" + text(locale, "history.chance", colour=colour, chance=percent(chances[turn]))
