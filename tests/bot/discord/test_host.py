"""Every persistent button shares one base (`bot.discord.host.PersistentButton`, issue 52, point
20): it is rebuilt from its custom id after a restart, and a press runs as a button's work does."""

from __future__ import annotations

from typing import Any, cast

import discord
import pytest

from bot.discord.features import buttons
from bot.discord.host import PersistentButton

BUTTONS = {button.__name__: button for button in buttons()}
SAMPLES: list[tuple[str, tuple[Any, ...]]] = [
    ("MakeMoveButton", (7, 3)),
    ("GameMenuButton", (7, 3)),
    ("GameMenuButton", (7, None)),  # a board posted before boards had revisions
    ("GameActionButton", ("resign", 7)),
    ("DrawButton", ("accept", 7)),
    ("HistoryButton", (7, 2, "p")),
    ("TakebackButton", ("decline", 7)),
    ("ChallengeButton", ("block", 7)),
    ("RematchButton", (7,)),
    ("ChallengeMemberButton", (7,)),
    ("TournamentButton", ("join", 7)),
    ("AnalyseButton", (7,)),
    ("LeaderboardButton", ("ponte", 2)),
    ("GamesPageButton", (2, "n")),
    ("OpenBoardButton", (7,)),
    ("OpenLobbyButton", ()),
    ("FollowButton", (7,)),
    ("LessonMoveButton", ("ponte", 2)),
    ("LessonAgainButton", ("ponte",)),
    ("LessonPlayButton", ("ponte",)),
    ("SolveButton", (7,)),
]


def fields(button: PersistentButton) -> dict[str, object]:
    """What a button knows of its press (its game, action, page, ...), beside its item."""
    return {k: v for k, v in vars(button).items() if k != "item" and not k.startswith("_")}


def test_every_features_button_is_a_persistent_button_with_a_sample_here():
    assert all(issubclass(button, PersistentButton) for button in BUTTONS.values())
    assert {name for name, _ in SAMPLES} == set(BUTTONS)


@pytest.mark.parametrize(("name", "args"), SAMPLES, ids=[f"{n}{a}" for n, a in SAMPLES])
async def test_a_button_is_rebuilt_from_its_custom_id(name: str, args: tuple[Any, ...]) -> None:
    posted = BUTTONS[name](*args)
    custom_id = posted.custom_id
    match = posted.template.fullmatch(custom_id)
    assert match is not None
    interaction = cast(discord.Interaction, None)  # rebuilding reads only the custom id
    rebuilt = await type(posted).from_custom_id(interaction, posted.item, match)
    assert type(rebuilt) is type(posted)
    assert rebuilt.custom_id == custom_id
    assert fields(rebuilt) == fields(posted)


def test_the_base_itself_matches_no_custom_id():
    assert all(
        PersistentButton.__discord_ui_compiled_template__.match(BUTTONS[name](*args).custom_id)
        is None
        for name, args in SAMPLES
    )
