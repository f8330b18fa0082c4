"""Making a move: `/move`'s work and Make move, the button on every turn message, with the modal
it opens and the modal's submission, each played as `/move` plays it (the service's `play`, its
post answering with a new public board, so the opponent is pinged).

The button's custom id carries the game and the revision of the board it is on, so a press knows
whether that board is still the latest, and it keeps working after a restart (a `DynamicItem`).
The modal carries the same in its own custom id. discord.py keeps the modals it sends in memory
only, where a restart loses them and a modal dismissed unsubmitted stays for ever; so the bot
sends each one already stopped (discord.py then keeps no copy) and answers its submission
itself, from the custom id (`submission`, asked of every interaction by the bot): a modal
opened before a restart is played after it.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import Any

import discord

from bot.discord import unseen
from bot.discord.host import (
    Host,
    PersistentButton,
    answer_change,
    answering_errors,
    host_of,
    plain_button,
    user_locale,
)
from bot.discord.playing.boards import outdated, say_outdated
from bot.discord.playing.menu import menu_button
from bot.discord.playing.premoves import line_modal
from bot.discord.shared.move_box import (
    MOVE_FIELD,
    OPTION,
    PICK_FIELD,
    TITLE,
    TYPED,
    cut,
    labelled,
    submitted_move,
)
from bot.discord.shared.tree import reply_privately
from bot.i18n import text
from bot.service import GameView
from bot.service.errors import NotAPlayerError

SUBMITTED = re.compile(r"makemove:(?P<game>[0-9]+):(?P<revision>[0-9]+)")
"""The custom id of a Make move modal."""


class MakeMoveButton(PersistentButton, template=r"makemove:(?P<game>[0-9]+):(?P<revision>[0-9]+)"):
    """Make move on the board of game `game` at revision `revision`."""

    def __init__(self, game_id: int, revision: int, label: str = "") -> None:
        style = discord.ButtonStyle.primary
        super().__init__(
            plain_button(f"makemove:{game_id}:{revision}", label or "Make move", style)
        )
        self.game_id, self.revision = game_id, revision

    @classmethod
    def read(cls, match: re.Match[str]) -> MakeMoveButton:
        return cls(int(match["game"]), int(match["revision"]))

    async def press(self, host: Host, interaction: discord.Interaction) -> None:
        """Open the modal for the player to move; anyone else is answered privately."""

        async def work() -> None:
            await open_modal(host, interaction, self.game_id, self.revision)

        await unseen.first(host, interaction, work, game_id=self.game_id)


def move_buttons(view: GameView, locale: str, *, computer: bool) -> discord.ui.View | None:
    """The buttons under a turn message while the game goes on: Make move when a person (not
    the `computer`) is to move, and ⋯ More (draw, resign, take back) always, since a takeback
    is asked after one's own move; None once the game is over."""
    if not view.is_active:
        return None
    buttons = discord.ui.View(timeout=None)
    if view.to_move_id is not None and not computer:
        buttons.add_item(MakeMoveButton(view.id, view.revision, text(locale, "button.make_move")))
    buttons.add_item(menu_button(view, locale))
    return buttons


# The work ------------------------------------------------------------------------------------


async def play(
    host: Host,
    interaction: discord.Interaction,
    channel_id: int,
    move: str,
    revision: int | None = None,
) -> None:
    """Play `move` for the one who acted in the channel's game (on the position of `revision`,
    if given: a board that moved on meanwhile plays nothing), answered with its post."""
    host.names.remember(interaction.user)

    async def change() -> object:
        return await host.service.moves.play(channel_id, interaction.user.id, move, revision)

    await answer_change(host, interaction, change)


async def open_modal(
    host: Host, interaction: discord.Interaction, game_id: int, revision: int
) -> None:
    """A press on Make move: the modal for the player to move, the form that queues a line
    for the player who waits; refusals privately."""
    view = await host.service.queries.game(game_id)
    if outdated(view, revision):
        await say_outdated(host, interaction, view)
        return
    user_id = interaction.user.id
    if view.colour_of(user_id) is None:
        raise NotAPlayerError("you do not play in this game", players=tuple(view.players.values()))
    locale = user_locale(interaction)
    if view.to_move_id != user_id:  # the player who waits queues a line instead (issue 54)
        await interaction.response.send_modal(line_modal(view, locale))
        return
    notes = host.scribe.texts.position_lines(view, locale)
    await interaction.response.send_modal(move_modal(view, locale, notes))


async def submit(
    host: Host, interaction: discord.Interaction, game_id: int, revision: int, move: str
) -> None:
    """A Make move modal submitted with `move` (typed, else picked): played on the position the
    modal was opened on, as `/move` plays it; refusals privately."""
    view = await host.service.queries.game(game_id)
    if outdated(view, revision):
        await say_outdated(host, interaction, view)
        return
    if not move:
        await reply_privately(interaction, text(user_locale(interaction), "makemove.empty"))
        return
    # The revision the modal showed: if the game moved on meanwhile, nothing is played.
    await play(host, interaction, view.channel_id, move, revision)


# The modal -----------------------------------------------------------------------------------


def move_modal(view: GameView, locale: str, notes: list[str]) -> discord.ui.Modal:
    """The modal of the player to move in `view`: the notation and `notes` (the position in
    words: the roll), the move field with an example from this position, and a select of good
    moves (the suggestions of the game's kind, best first)."""
    kind, game = view.kind, view.game
    title = text(locale, "makemove.title", game=text(locale, kind.title_key), game_id=view.id)
    modal = discord.ui.Modal(
        title=cut(title, TITLE), custom_id=f"makemove:{view.id}:{view.revision}"
    )
    modal.add_item(discord.ui.TextDisplay("\n".join([text(locale, kind.notation_key), *notes])))
    example = kind.example_move(game) or ""
    field: discord.ui.TextInput[Any] = discord.ui.TextInput(
        custom_id=MOVE_FIELD, placeholder=example or None, required=False, max_length=TYPED
    )
    described = text(locale, "makemove.example", example=example) if example else None
    modal.add_item(labelled(text(locale, "makemove.field"), described, field))
    good = [move for move in kind.suggest(game, "") if len(move) <= OPTION]
    if good:
        options = [discord.SelectOption(label=move, value=move) for move in good]
        pick: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=PICK_FIELD, options=options, min_values=0, max_values=1, required=False
        )
        modal.add_item(
            labelled(text(locale, "makemove.pick"), text(locale, "makemove.pick_hint"), pick)
        )
    modal.stop()  # sent stopped: discord.py keeps no copy; `submission` answers it
    return modal


def submission(interaction: discord.Interaction) -> Awaitable[None] | None:
    """The work of a Make move modal's submission (None for any other interaction, which is
    left to discord.py): the move typed, else the one picked, as the bot's `on_interaction`
    hands it over."""
    box = submitted_move(interaction, SUBMITTED)
    if box is None:
        return None
    found, move = box
    game_id, revision = int(found["game"]), int(found["revision"])
    host = host_of(interaction)

    async def work() -> None:
        await submit(host, interaction, game_id, revision, move)

    return answering_errors(interaction, unseen.first(host, interaction, work, game_id=game_id))
