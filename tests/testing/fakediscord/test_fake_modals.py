"""The fake's modal submission refuses what Discord's client would not let a user submit, and
carries what was entered in the modal's own structure."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest

from testing.fakediscord.modals import _submitted, submit_modal

MODAL = {
    "custom_id": "makemove:1:2",
    "title": "Your move",
    "components": [
        {"type": 10, "id": 1, "content": "notation"},
        {
            "type": 18,
            "label": "Move",
            "component": {"type": 4, "custom_id": "move", "required": False, "max_length": 5},
        },
        {
            "type": 18,
            "label": "Pick",
            "component": {
                "type": 3,
                "custom_id": "pick",
                "options": [{"label": "a", "value": "a"}, {"label": "b", "value": "b"}],
                "min_values": 0,
                "max_values": 1,
                "required": False,
            },
        },
        {"type": 1, "components": [{"type": 4, "custom_id": "note", "required": True}]},
    ],
}


def opened(modal: dict[str, Any] | None) -> Any:
    return SimpleNamespace(modal=modal, label="component 'x'")


@pytest.mark.parametrize(
    ("entered", "problem"),
    [
        ({"nothing": "x"}, "no field"),
        ({"note": ""}, "required"),
        ({"note": "n", "move": "toolong"}, "characters"),
        ({"note": "n", "pick": ["c"]}, "offers no"),
        ({"note": "n", "pick": ["a", "b"]}, "values"),
        ({"note": "n", "pick": "a"}, "a select"),
        ({"note": ["n"]}, "a text input"),
    ],
)
async def test_what_the_client_would_not_submit_is_refused(entered: dict, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        await submit_modal(cast(Any, None), opened(MODAL), entered)


async def test_an_interaction_answered_without_a_modal_has_none_to_submit() -> None:
    with pytest.raises(AssertionError, match="not answered with a modal"):
        await submit_modal(cast(Any, None), opened(None), {})


def test_the_submission_keeps_the_modals_structure() -> None:
    entered = {"move": "c3", "pick": ["b"], "note": "n"}
    submitted = [_submitted(component, entered) for component in MODAL["components"]]
    assert submitted == [
        {"type": 10, "id": 1},
        {"type": 18, "component": {"type": 4, "custom_id": "move", "value": "c3"}},
        {"type": 18, "component": {"type": 3, "custom_id": "pick", "values": ["b"]}},
        {"type": 1, "components": [{"type": 4, "custom_id": "note", "value": "n"}]},
    ]
