"""/help through the real bot and the fake Discord: it names every command a player can type, in
each player's language, by the names Discord shows them, and the buttons that do the rest."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord import app_commands

from bot.discord.app import GameBot
from bot.discord.features import declared_commands
from bot.i18n import LANGUAGES, text
from testing.e2ekit import Anywhere, anywhere, everywhere, run, running

BUTTONS = ("make_move", "game_menu", "rematch", "analyse", "join")
"""What a player does by buttons alone (in a DM, all a friend without the app can do)."""
PHONE_LINES = 16
"""Lines /help may have: it is read on a phone."""


@pytest.fixture
async def places(tmp_path: Path) -> AsyncIterator[Anywhere]:
    async with anywhere(tmp_path / "bot.sqlite3") as world:
        yield world


@pytest.fixture
async def bot(places: Anywhere) -> AsyncIterator[GameBot]:
    async with running(places) as client:
        await everywhere(places, client)
        yield client


def shown_name(command: dict, language: str) -> str:
    """A synced command's (or subcommand's) name as Discord shows it in `language`."""
    return (command.get("name_localizations") or {}).get(language, command["name"])


def named(content: str, name: str) -> bool:
    """Whether `/name` stands in `content` as a command of its own (not the start of another)."""
    return re.search(rf"(?<![\w/])/{re.escape(name)}(?![\w])", content) is not None


async def test_help_names_every_command_and_the_buttons_in_every_language(
    places: Anywhere, bot: GameBot
) -> None:
    synced = {command["name"]: command for command in places.fake.commands()}
    declared = [c for c in declared_commands() if c.name != "help"]  # /help is where one is
    dirk = places.fake.add_user("dirk", locale="nl")
    readers = dict(zip(LANGUAGES, (places.alice, places.bob, places.carol, dirk), strict=True))
    for language, reader in readers.items():
        helped = await run(places, reader, "help")
        content = helped.content
        assert helped.ephemeral and len(content.splitlines()) <= PHONE_LINES, language
        for command in declared:
            shown = synced[command.name]
            name = shown_name(shown, language)
            assert named(content, name), f"{language}: /{name} is missing from /help"
            if isinstance(command, app_commands.Group):  # its subcommands on its line
                (line,) = [line for line in content.splitlines() if named(line, name)]
                for sub in shown["options"]:
                    sub_name = shown_name(sub, language)
                    assert re.search(rf"\b{sub_name}\b", line), f"{language}: {name} {sub_name}"
        for button in BUTTONS:
            assert text(language, f"button.{button}") in content, (language, button)


async def test_help_in_a_group_dm_tells_how_a_friend_plays_there(
    places: Anywhere, bot: GameBot
) -> None:
    helped = await run(places, places.alice, "help", channel=places.group)
    assert helped.ephemeral
    (dms,) = [line for line in helped.content.splitlines() if "group DM" in line]
    assert text("en", "button.make_move") in dms and text("en", "button.game_menu") in dms
