"""Make move: the button on every turn message, the modal it opens, and the modal's submission.

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
from typing import Any, cast

import discord

from bot.discord.menu import menu_button
from bot.discord.presses import presses_of
from bot.i18n import text
from bot.service import GameView

MOVE_FIELD, PICK_FIELD = "move", "pick"
"""The custom ids of the modal's move field and its select of good moves."""
TITLE, LABEL, DESCRIPTION, OPTION, TYPED = 45, 45, 100, 100, 200
"""Discord's limits: a modal's title, a label's text and description, a select option's label
and value (developers/docs/components/reference#label, #string-select); a move typed is
shorter than 200 characters."""
SUBMITTED = re.compile(r"makemove:(?P<game>[0-9]+):(?P<revision>[0-9]+)")
"""The custom id of a Make move modal."""


class MakeMoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"makemove:(?P<game>[0-9]+):(?P<revision>[0-9]+)",
):
    """Make move on the board of game `game` at revision `revision`."""

    def __init__(self, game_id: int, revision: int, label: str = "") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or "Make move",
            style=discord.ButtonStyle.primary,
            custom_id=f"makemove:{game_id}:{revision}",
        )
        super().__init__(button)
        self.game_id, self.revision = game_id, revision

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MakeMoveButton:
        """Rebuild the button from its custom id (after a restart, too)."""
        return cls(int(match["game"]), int(match["revision"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Open the modal for the player to move; anyone else is answered privately."""
        await presses_of(interaction).make_move(interaction, self.game_id, self.revision)


def move_buttons(view: GameView, locale: str, *, computer: bool) -> discord.ui.View | None:
    """The buttons under a turn message while the game goes on: Make move when a person (not
    the `computer`) is to move, and ⋯ More (draw, resign, take back) always, since a takeback
    is asked after one's own move; None once the game is over."""
    if not view.is_active:
        return None
    buttons = discord.ui.View(timeout=None)
    if view.to_move_id is not None and not computer:
        buttons.add_item(MakeMoveButton(view.id, view.revision, text(locale, "button.make_move")))
    buttons.add_item(menu_button(view.id, locale))
    return buttons


def move_modal(view: GameView, locale: str, notes: list[str]) -> discord.ui.Modal:
    """The modal of the player to move in `view`: the notation and `notes` (the position in
    words: the roll), the move field with an example from this position, and a select of good
    moves (the suggestions of the game's kind, best first)."""
    kind, game = view.kind, view.game
    title = text(locale, "makemove.title", game=text(locale, kind.title_key), game_id=view.id)
    modal = discord.ui.Modal(
        title=_cut(title, TITLE), custom_id=f"makemove:{view.id}:{view.revision}"
    )
    modal.add_item(discord.ui.TextDisplay("\n".join([text(locale, kind.notation_key), *notes])))
    example = kind.example_move(game) or ""
    field: discord.ui.TextInput[Any] = discord.ui.TextInput(
        custom_id=MOVE_FIELD, placeholder=example or None, required=False, max_length=TYPED
    )
    described = text(locale, "makemove.example", example=example) if example else None
    modal.add_item(_label(text(locale, "makemove.field"), described, field))
    good = [move for move in kind.suggest(game, "") if len(move) <= OPTION]
    if good:
        options = [discord.SelectOption(label=move, value=move) for move in good]
        pick: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=PICK_FIELD, options=options, min_values=0, max_values=1, required=False
        )
        modal.add_item(
            _label(text(locale, "makemove.pick"), text(locale, "makemove.pick_hint"), pick)
        )
    modal.stop()  # sent stopped: discord.py keeps no copy; `submission` answers it
    return modal


def _label(words: str, description: str | None, item: discord.ui.Item[Any]) -> discord.ui.Item[Any]:
    described = None if description is None else _cut(description, DESCRIPTION)
    return discord.ui.Label(text=_cut(words, LABEL), description=described, component=item)


def _cut(words: str, limit: int) -> str:
    return words if len(words) <= limit else words[: limit - 1] + "…"


def submission(interaction: discord.Interaction) -> Awaitable[None] | None:
    """The work of a Make move modal's submission, for the bot's `presses` (None for any other
    interaction, which is left to discord.py): the move typed, else the one picked."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return None
    data = cast(dict[str, Any], interaction.data or {})
    found = SUBMITTED.fullmatch(str(data.get("custom_id", "")))
    if found is None:
        return None
    values = entered(data.get("components", []))
    typed = values.get(MOVE_FIELD)
    picked = values.get(PICK_FIELD)
    move = (typed if isinstance(typed, str) else "").strip()
    if not move and isinstance(picked, list) and picked:
        move = str(picked[0])
    game_id, revision = int(found["game"]), int(found["revision"])
    return presses_of(interaction).submit_move(interaction, game_id, revision, move)


def entered(components: list[dict[str, Any]]) -> dict[str, str | list[str]]:
    """What a modal's submission holds, by custom id: a text input's text, a select's values,
    wherever a label (type 18) or an action row (type 1) holds them."""
    found: dict[str, str | list[str]] = {}
    for component in components:
        inner = [component["component"]] if "component" in component else []
        found.update(entered(inner + list(component.get("components", []))))
        if "custom_id" in component:
            value = component.get("value", component.get("values"))
            if isinstance(value, str | list):
                found[str(component["custom_id"])] = value
    return found
