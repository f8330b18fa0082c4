"""The challenge form within Discord's limits in every language (five components, a label's 45
characters, a title's 45, a select's 25 options of 100), and its submission read back."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.discord.challenges.form import FORM, challenge_form, read_form
from bot.games import GAMES
from bot.i18n import LANGUAGES
from bot.i18n.catalogue import include_games
from bot.service.deadlines import DEFAULT_MOVE_SECONDS

MODAL_SUBMIT = discord.InteractionType.modal_submit


@pytest.fixture(autouse=True)
def games_texts() -> None:
    include_games(GAMES)  # the games' own names and boards, as a running bot has them


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("threads", [True, False])
def test_the_form_keeps_discords_limits(language: str, threads: bool) -> None:
    name = "A player with a very long display name"
    form = challenge_form(GAMES, 42, name, language, threads=threads)
    payload = form.to_dict()
    assert FORM.fullmatch(payload["custom_id"]) and len(payload["title"]) <= 45
    labels = payload["components"]
    assert len(labels) == (5 if threads else 4)
    for label in labels:
        assert label["type"] == 18 and 1 <= len(label["label"]) <= 45
        select = label["component"]
        assert 1 <= len(select["options"]) <= 25
        assert [o for o in select["options"] if o.get("default")], select["custom_id"]
        assert all(len(o["label"]) <= 100 for o in select["options"])
    boards = labels[0]["component"]["options"]
    assert len(boards) == sum(len(kind.variants) for kind in GAMES)
    [time] = [o for o in labels[1]["component"]["options"] if o.get("default")]
    assert time["value"] == str(DEFAULT_MOVE_SECONDS)


def submitted(values: dict[str, list[str]], custom_id: str = "challenge-form:42") -> Any:
    """A modal submission's interaction, as far as `read_form` reads it."""
    components = [
        {"type": 18, "component": {"type": 3, "custom_id": key, "values": value}}
        for key, value in values.items()
    ]

    data = {"custom_id": custom_id, "components": components}
    return cast(discord.Interaction, SimpleNamespace(type=MODAL_SUBMIT, data=data))


def test_a_submission_is_read_back_as_challenges_options() -> None:
    values = {
        "game": ["ponte:classic"],
        "time": ["3600"],
        "first": ["opponent"],
        "best_of": ["3"],
        "where": ["thread"],
    }
    filled = read_form(submitted(values))
    assert filled is not None
    assert (filled.member_id, filled.game, filled.variant) == (42, "ponte", "classic")
    assert (filled.time, filled.first, filled.best_of, filled.thread) == (3600, "opponent", 3, True)


def test_a_number_that_is_none_goes_on_as_zero_for_the_use_case_to_refuse() -> None:
    filled = read_form(submitted({"game": ["verbindung:standard"], "time": ["soon"]}))
    assert filled is not None and filled.time == 0 and not filled.thread


def test_another_modal_is_left_to_others() -> None:
    assert read_form(submitted({}, custom_id="makemove:1:2")) is None
