"""The fake's modal submission refuses what Discord's client would not let a user submit, and
carries what was entered in the modal's own structure."""

from __future__ import annotations

import pytest

from testing.fakediscord.modals import submission_data

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


@pytest.mark.parametrize(
    ("entered", "problem"),
    [
        ({"nothing": "x"}, "no fields"),
        ({"note": ""}, "required"),
        ({"note": "n", "move": "toolong"}, "characters"),
        ({"note": "n", "pick": ["c"]}, "no options"),
        ({"note": "n", "pick": ["a", "b"]}, "values"),
    ],
)
def test_what_the_client_would_not_submit_is_refused(entered: dict, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        submission_data(MODAL, entered)


def test_the_submission_keeps_the_modals_layout() -> None:
    data = submission_data(MODAL, {"move": "c3", "pick": ["b"], "note": "n"})
    assert data["custom_id"] == "makemove:1:2"
    fields = [(c["type"], c.get("component") or c["components"][0]) for c in data["components"]]
    assert [(kind, f["custom_id"], f.get("value", f.get("values"))) for kind, f in fields] == [
        (18, "move", "c3"),
        (18, "pick", ["b"]),
        (1, "note", "n"),
    ]
