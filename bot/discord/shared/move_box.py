"""What the boxes that ask for a move share (Make move's, a lesson's, a puzzle's): Discord's
limits on a modal, its labelled fields, and reading the move a submission holds (typed, else
picked from the select of moves)."""

from __future__ import annotations

import re
from typing import Any, cast

import discord

MOVE_FIELD, PICK_FIELD = "move", "pick"
"""The custom ids of a box's move field and of its select of moves."""
TITLE, LABEL, DESCRIPTION, OPTION, TYPED = 45, 45, 100, 100, 200
"""Discord's limits: a modal's title, a label's text and description, a select option's label
and value (developers/docs/components/reference#label, #string-select); a move typed is
shorter than 200 characters."""


def cut(words: str, limit: int) -> str:
    """`words` within Discord's `limit`, an ellipsis where they were cut."""
    return words if len(words) <= limit else words[: limit - 1] + "…"


def labelled(
    words: str, description: str | None, item: discord.ui.Item[Any]
) -> discord.ui.Item[Any]:
    """`item` under its label (and description), each within Discord's limits."""
    described = None if description is None else cut(description, DESCRIPTION)
    return discord.ui.Label(text=cut(words, LABEL), description=described, component=item)


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


def submitted_move(
    interaction: discord.Interaction, box: re.Pattern[str]
) -> tuple[re.Match[str], str] | None:
    """For the submission of a box whose custom id matches `box`: that match and the move it
    holds (the one typed, else the one picked; empty if neither); None for any other
    interaction, which is left to discord.py."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return None
    data = cast(dict[str, Any], interaction.data or {})
    found = box.fullmatch(str(data.get("custom_id", "")))
    if found is None:
        return None
    values = entered(data.get("components", []))
    typed, picked = values.get(MOVE_FIELD), values.get(PICK_FIELD)
    move = (typed if isinstance(typed, str) else "").strip()
    if not move and isinstance(picked, list) and picked:
        move = str(picked[0])
    return found, move
