"""Submitting a modal the bot opened, as the user it was shown to.

Discord shows a modal (callback type 9) to the user whose interaction it answered; submitting it
is a new interaction of type MODAL_SUBMIT (5) with a fresh token, whose `data` holds the modal's
`custom_id` and its components with what the user entered: a text input's `value`, a select's
`values`, each inside the label (type 18) or action row (type 1) it was shown in
(developers/docs/interactions/receiving-and-responding#interaction-object-modal-submit-data-
structure, developers/docs/components/reference#label). A modal opened from a button carries that
button's message, as the component interaction did.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from testing.fakediscord.interactions import InteractionHandle, InteractionType, new_handle
from testing.fakediscord.server import FakeDiscord

TEXT_INPUT, STRING_SELECT, TEXT_DISPLAY, LABEL, ACTION_ROW = 4, 3, 10, 18, 1

Entered = Mapping[str, str | list[str]]
"""What the user entered, by component custom id: text for a text input, values for a select."""


async def submit_modal(
    fake: FakeDiscord, opened: InteractionHandle, entered: Entered, *, locale: str | None = None
) -> InteractionHandle:
    """Submit the modal the bot answered `opened` with, as `opened`'s user, with `entered`
    (`AssertionError` if the bot answered no modal, `ValueError` for what Discord's client
    would not let the user submit: an unknown field, an empty required one, a text too long or
    short, a value the select does not offer). Await the handle for the bot's answer."""
    modal = opened.modal
    if modal is None:
        raise AssertionError(f"{opened.label} was not answered with a modal")
    unknown = set(entered) - set(_fields(modal["components"]))
    if unknown:
        raise ValueError(f"the modal has no field {sorted(unknown)}")
    data = {
        "custom_id": modal["custom_id"],
        "components": [_submitted(component, entered) for component in modal["components"]],
    }
    handle = new_handle(
        fake.world,
        InteractionType.MODAL_SUBMIT,
        f"modal {modal['custom_id']!r}",
        opened.user,
        opened.channel,
        deadline=fake.ack_deadline,
        source_message=opened.source_message,
    )
    return await fake._dispatch(handle, data, locale, message=opened.source_message)


def _fields(components: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The modal's text inputs and selects by custom id, wherever they are nested."""
    found: dict[str, dict[str, Any]] = {}
    for component in components:
        inner = [component["component"]] if "component" in component else []
        found.update(_fields(inner + component.get("components", [])))
        if component["type"] in {TEXT_INPUT, STRING_SELECT}:
            found[component["custom_id"]] = component
    return found


def _submitted(component: dict[str, Any], entered: Entered) -> dict[str, Any]:
    """`component` of the modal as its submission carries it."""
    kind = component["type"]
    kept = {"type": kind, **({"id": component["id"]} if "id" in component else {})}
    if kind == LABEL:
        return {**kept, "component": _submitted(component["component"], entered)}
    if kind == ACTION_ROW:
        return {**kept, "components": [_submitted(c, entered) for c in component["components"]]}
    if kind == TEXT_INPUT:
        return {**kept, "custom_id": component["custom_id"], "value": _text(component, entered)}
    if kind == STRING_SELECT:
        values = _values(component, entered)
        return {**kept, "custom_id": component["custom_id"], "values": values}
    return kept  # a text display: nothing entered


def _text(component: dict[str, Any], entered: Entered) -> str:
    value = entered.get(component["custom_id"], component.get("value") or "")
    if not isinstance(value, str):
        raise ValueError(f"{component['custom_id']!r} is a text input: enter text")
    if not value and component.get("required", True):
        raise ValueError(f"{component['custom_id']!r} is required")
    low, high = component.get("min_length", 0), component.get("max_length", 4000)
    if value and not low <= len(value) <= high:
        raise ValueError(f"{component['custom_id']!r} takes {low} to {high} characters")
    return value


def _values(component: dict[str, Any], entered: Entered) -> list[str]:
    values = entered.get(component["custom_id"], [])
    if isinstance(values, str):
        raise ValueError(f"{component['custom_id']!r} is a select: pick a list of values")
    offered = {option["value"] for option in component.get("options", [])}
    if not set(values) <= offered:
        raise ValueError(f"{component['custom_id']!r} offers no {sorted(set(values) - offered)}")
    low, high = component.get("min_values", 1), component.get("max_values", 1)
    required = component.get("required", True)
    if (values or required) and not low <= len(values) <= high:
        raise ValueError(f"{component['custom_id']!r} takes {low} to {high} values")
    return list(values)
