"""The options a slash command carries: Discord's client sends only an option's choices and
values within its bounds; a modified client sends anything (issue 46, point 9)."""

import pytest

from testing.fakediscord.commands import interaction_data

INTEGER, STRING = 4, 3
COMMAND = {
    "id": "1",
    "name": "pick",
    "options": [
        {"type": INTEGER, "name": "n", "description": "n", "min_value": 1, "max_value": 12},
        {
            "type": STRING,
            "name": "kind",
            "description": "k",
            "choices": [{"name": "A", "value": "a"}],
        },
    ],
}


def test_discords_client_sends_only_the_choices_and_values_within_bounds() -> None:
    for wrong in (0, 13):
        with pytest.raises(ValueError, match=r"outside 1\.\.12"):
            interaction_data(COMMAND, ["pick"], {"n": wrong})
    with pytest.raises(ValueError, match="not one of the choices"):
        interaction_data(COMMAND, ["pick"], {"kind": "b"})
    sent = interaction_data(COMMAND, ["pick"], {"n": 12, "kind": "a"})
    assert [option["value"] for option in sent["options"]] == [12, "a"]


def test_a_modified_client_sends_what_it_likes() -> None:
    sent = interaction_data(COMMAND, ["pick"], {"n": 13, "kind": "b"}, modified_client=True)
    assert sent["options"] == [
        {"type": INTEGER, "name": "n", "value": 13},
        {"type": STRING, "name": "kind", "value": "b"},
    ]
