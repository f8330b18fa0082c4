"""The `data` of a modal's submission, built from the modal the bot opened and a test's values.

A modal holds text inputs (type 4) and string selects (type 3), each in an action row (type 1,
the older layout) or a label (type 18); the submission mirrors that layout with each field's
`value` (a text input) or `values` (a select)
(https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-modal-submit-data-structure,
https://discord.com/developers/docs/components/reference#label-label-interaction-response-structure).
Components the bot sent without an `id` get Discord's numbering, 1, 2, ... in order. What the
user could not enter (a value outside a select's options, a missing required field, text of the
wrong length) the fake refuses before sending, as Discord's client would not let it be sent.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

ACTION_ROW, STRING_SELECT, TEXT_INPUT, LABEL = 1, 3, 4, 18
FIELDS = (STRING_SELECT, TEXT_INPUT)


def modal_fields(modal: dict[str, Any]) -> list[dict[str, Any]]:
    """The modal's text inputs and selects, in order."""
    found = []
    for component in modal.get("components") or []:
        inner = [component["component"]] if "component" in component else []
        for child in inner + list(component.get("components") or []):
            if child.get("type") in FIELDS:
                found.append(child)
    return found


def submission_data(
    modal: dict[str, Any], values: Mapping[str, str | Sequence[str]]
) -> dict[str, Any]:
    """The MODAL_SUBMIT `data` for `modal` filled in with `values` (custom id -> text for a text
    input, a list of option values for a select). `ValueError` for what the client refuses."""
    fields = {field["custom_id"]: field for field in modal_fields(modal)}
    unknown = sorted(set(values) - set(fields))
    if unknown:
        raise ValueError(f"the modal has no fields {unknown}; it has {sorted(fields)}")
    numbers = iter(range(1, 1000))
    components = []
    for component in modal.get("components") or []:
        number = component.get("id") or next(numbers)
        if component.get("type") == LABEL and component["component"].get("type") in FIELDS:
            answer = _answer(component["component"], values, numbers)
            components.append({"type": LABEL, "id": number, "component": answer})
        elif component.get("type") == ACTION_ROW:
            inner = [_answer(c, values, numbers) for c in component.get("components") or []]
            components.append({"type": ACTION_ROW, "id": number, "components": inner})
    return {"custom_id": modal["custom_id"], "components": components}


def _answer(
    field: dict[str, Any], values: Mapping[str, str | Sequence[str]], numbers: Iterator[int]
) -> dict[str, Any]:
    custom_id = field["custom_id"]
    given = values.get(custom_id)
    answer: dict[str, Any] = {"id": field.get("id") or next(numbers), "custom_id": custom_id}
    if field["type"] == TEXT_INPUT:
        text = "" if given is None else str(given)
        _check_text(field, text)
        return {**answer, "type": TEXT_INPUT, "value": text}
    chosen = [] if given is None else [given] if isinstance(given, str) else list(given)
    _check_choice(field, chosen)
    return {**answer, "type": STRING_SELECT, "component_type": STRING_SELECT, "values": chosen}


def _check_text(field: dict[str, Any], text: str) -> None:
    required = field.get("required", True)
    if not text:
        if required:
            raise ValueError(f"the text input {field['custom_id']!r} is required")
        return
    low, high = field.get("min_length") or 0, field.get("max_length") or 4000
    if not low <= len(text) <= high:
        raise ValueError(f"{field['custom_id']!r} takes {low} to {high} characters, not {text!r}")


def _check_choice(field: dict[str, Any], chosen: list[str]) -> None:
    options = [option["value"] for option in field.get("options") or []]
    outside = [value for value in chosen if value not in options]
    if outside:
        raise ValueError(f"{field['custom_id']!r} has no options {outside}; it has {options}")
    low = field.get("min_values", 1)
    high = field.get("max_values", 1)
    if not chosen and not field.get("required", True):
        return
    if not low <= len(chosen) <= high:
        raise ValueError(f"{field['custom_id']!r} takes {low} to {high} values, not {chosen}")
