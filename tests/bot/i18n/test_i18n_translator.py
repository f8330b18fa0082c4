"""Command names for Discord: within Discord's rules, and translated through discord.py."""

import re

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext, TranslationContextLocation, locale_str

from bot.discord.features import declared_commands
from bot.i18n import LANGUAGES, CatalogueTranslator, catalogue, lstr

NAME = re.compile(r"^[-_\w\u0900-\u097f\u0e00-\u0e7f]{1,32}$")  # \w: letters, digits, _
COMMANDS = tuple(str(command.name) for command in declared_commands())
"""Every slash command the bot declares, by its English name."""
OTHER = TranslationContext(TranslationContextLocation.other, None)


def commands_of(language: str) -> dict[str, dict[str, str]]:
    """Each command's messages in `language`, by the rest of their key."""
    shipped, found = catalogue(), {}
    for key in shipped.keys(language):
        if key.startswith("command."):
            command, rest = key.removeprefix("command.").split(".", 1)
            found.setdefault(command, {})[rest] = shipped.lookup(language, key) or ""
    return found


def is_discord_name(name: str) -> bool:
    """Discord's rule for command and option names (lower case, 1-32 characters)."""
    return bool(NAME.fullmatch(name)) and "\u00a0" not in name and name == name.lower()


def test_the_name_check_refuses_what_discord_refuses() -> None:
    assert is_discord_name("règles") and is_discord_name("bedenk-zeit_2")
    for bad in ("Regeln", "two words", "x" * 33, "", "zug!"):
        assert not is_discord_name(bad)


@pytest.mark.parametrize("language", LANGUAGES)
def test_command_and_option_names_follow_discord_rules(language: str) -> None:
    commands = commands_of(language)
    assert set(commands) == set(COMMANDS)
    names = [entries["name"] for entries in commands.values()]
    assert len(set(names)) == len(names), "two commands share a name"
    for command, entries in commands.items():
        assert is_discord_name(entries["name"]), (command, entries["name"])
        assert 1 <= len(entries["description"]) <= 100, command
        options = {k.split(".")[1] for k in entries if k.startswith("option.")}
        option_names = [entries[f"option.{option}.name"] for option in options]
        assert len(set(option_names)) == len(option_names), f"{command}: two options share a name"
        for option in options:
            assert is_discord_name(entries[f"option.{option}.name"]), (command, option)
            assert 1 <= len(entries[f"option.{option}.description"]) <= 100, (command, option)


@pytest.mark.parametrize("language", LANGUAGES)
def test_choice_names_fit_discord(language: str) -> None:
    shipped = catalogue()
    choices = [k for k in shipped.keys(language) if k.startswith("choice.")]
    assert len(choices) >= 15
    for key in choices:
        assert 1 <= len(shipped.lookup(language, key) or "") <= 100, key


def test_lstr_carries_the_english_text_and_the_key() -> None:
    string = lstr("command.challenge.name")
    assert (string.message, string.extras) == ("challenge", {"key": "command.challenge.name"})
    with pytest.raises(KeyError):
        lstr("command.nope.name")


async def test_the_translator_gives_german_for_german_and_none_for_english() -> None:
    translator = CatalogueTranslator()
    string = lstr("command.challenge.name")
    assert await translator.translate(string, discord.Locale.german, OTHER) == "herausfordern"
    assert await translator.translate(string, discord.Locale.french, OTHER) == "défier"
    assert await translator.translate(string, discord.Locale.dutch, OTHER) == "uitdagen"
    for english in (discord.Locale.american_english, discord.Locale.british_english):
        assert await translator.translate(string, english, OTHER) is None
    assert await translator.translate(string, discord.Locale.japanese, OTHER) is None


async def test_strings_without_a_key_or_place_stay_and_unknown_keys_fail_loudly() -> None:
    translator = CatalogueTranslator()
    choice = app_commands.Choice(name="c3 d5", value="c3 d5")
    where = TranslationContext(TranslationContextLocation.choice_name, choice)
    assert await translator.translate(locale_str("c3 d5"), discord.Locale.german, where) is None
    with pytest.raises(KeyError, match=r"command\.typo"):
        await translator.translate(
            locale_str("x", key="command.typo"), discord.Locale.german, OTHER
        )


def tree() -> app_commands.CommandTree:
    """A command tree of an offline client, with a challenge command as the bot may write it."""
    commands = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))

    @commands.command(name="challenge", description="Challenge someone")
    @app_commands.describe(opponent="Who you want to play against")
    @app_commands.choices(
        variant=[
            app_commands.Choice(name=lstr("choice.variant.online"), value="online"),
            app_commands.Choice(name=lstr("choice.variant.classic"), value="classic"),
        ]
    )
    async def challenge(
        interaction: discord.Interaction, opponent: discord.User, variant: str, time: int = 0
    ) -> None:
        """Not called."""

    @commands.command(
        name=lstr("command.board.name"), description=lstr("command.board.description")
    )
    @app_commands.rename(visibility=lstr("command.board.option.visibility.name"))
    async def board(interaction: discord.Interaction, visibility: str = "private") -> None:
        """Not called."""

    return commands


async def payloads() -> dict[str, dict]:
    """What discord.py sends to Discord when syncing `tree()` with the catalogue translator."""
    commands, translator = tree(), CatalogueTranslator()
    return {
        command.name: await command.get_translated_payload(commands, translator)
        for command in commands.get_commands()
    }


async def test_discord_py_sends_names_in_the_three_languages() -> None:
    sent = await payloads()
    challenge = sent["challenge"]
    assert challenge["name_localizations"] == {
        "de": "herausfordern",
        "fr": "défier",
        "nl": "uitdagen",
    }
    assert challenge["description_localizations"]["de"].startswith("Fordere jemanden")
    options = {option["name"]: option for option in challenge["options"]}
    assert options["opponent"]["name_localizations"]["fr"] == "adversaire"
    assert options["time"]["name_localizations"]["de"] == "bedenkzeit"
    classic = options["variant"]["choices"][1]
    assert classic["name"].startswith("10\N{MULTIPLICATION SIGN}10 (40")
    assert classic["name_localizations"]["nl"].startswith("10\N{MULTIPLICATION SIGN}10 (40 stenen")
    assert classic["name_localizations"]["de"] == catalogue().lookup("de", "choice.variant.classic")
    board = sent["board"]
    assert board["name_localizations"]["nl"] == "bord"
    assert board["options"][0]["name"] == "visibility"
    assert board["options"][0]["name_localizations"]["de"] == "sichtbarkeit"


async def test_every_sent_name_is_valid_for_discord() -> None:
    for payload in (await payloads()).values():
        for name in payload["name_localizations"].values():
            assert is_discord_name(name)
        options = list(payload["options"])
        while options:  # a group's subcommands, and their options in turn
            option = options.pop()
            assert all(is_discord_name(n) for n in option["name_localizations"].values())
            assert all(len(d) <= 100 for d in option["description_localizations"].values())
            options += option.get("options", [])


async def test_a_groups_subcommands_and_their_options_are_translated() -> None:
    group = next(c for c in declared_commands() if c.name == "tournament")
    tournament = await group.get_translated_payload(tree(), CatalogueTranslator())
    options = list(tournament["options"])
    while options:  # every subcommand's name and options, as Discord takes them
        option = options.pop()
        assert all(is_discord_name(n) for n in option["name_localizations"].values())
        options += option.get("options", [])
    assert tournament["name_localizations"]["de"] == "turnier"
    create = next(o for o in tournament["options"] if o["name"] == "create")
    assert (create["name_localizations"]["fr"], create["type"]) == ("créer", 1)
    rounds = next(o for o in create["options"] if o["name"] == "rounds")
    assert rounds["name_localizations"]["nl"] == "ronden"


def test_the_bot_declares_the_commands_the_players_know() -> None:
    assert len(COMMANDS) == len(set(COMMANDS)) == 26
    assert {
        "challenge",
        "move",
        "board",
        "leaderboard",
        "notify",
        "takeback",
        "block",
        "unblock",
        "tournament",
        "analyze",
    } <= set(COMMANDS)
