"""The message catalogues: complete in four languages, consistent, within Discord's limits."""

import json
import re
from dataclasses import fields
from importlib.resources import files
from types import SimpleNamespace

import discord
import pytest

from bot.games import GAMES
from bot.games.ponte.look import PonteWords
from bot.games.verbindung.look import VerbindungWords
from bot.i18n import (
    LANGUAGES,
    Catalogue,
    catalogue,
    channel_mention,
    format_duration,
    language_of,
    mention,
    render_labels,
    supported_language,
    text,
    timestamp,
)
from bot.i18n.catalogue import flatten, placeholders
from bot.render.labels import ENGLISH, Labels, own_words
from engine import ponte, verbindung

SLASH = re.compile(r"(?<![\w/`])/([^\s`/.,:;!?)\u00a0]+)")


SHIPPED = Catalogue.load()
"""The catalogues as shipped: the bot's own and those of the games it offers (a bot running
with more games, as a test may, adds theirs to the process's `catalogue()`)."""


def messages(language: str) -> dict[str, str]:
    """Every message of `language` in the shipped catalogue."""
    shipped = SHIPPED
    return {key: shipped.lookup(language, key) or "" for key in shipped.keys(language)}


# Completeness -------------------------------------------------------------------------------


def test_every_language_has_every_key_with_the_same_fields_and_no_empty_message() -> None:
    assert SHIPPED.languages == LANGUAGES
    assert SHIPPED.problems() == []
    for language in LANGUAGES:  # a plural message has the forms of its language's rules
        assert SHIPPED.message_keys(language) == SHIPPED.message_keys("en")


def test_problems_reports_missing_extra_empty_and_mismatched_messages() -> None:
    broken = Catalogue(
        {
            "en": {"a": "Hi {name}", "b": "Bye", "c": "x"},
            "de": {"a": "Hallo {nom}", "b": "  ", "c": "x", "z": "extra"},
            "fr": {"a": "Salut {name}", "b": "Salut", "c": "{0}"},
        }
    )
    found = broken.problems()
    assert "de: empty b" in found
    assert "de: unknown z" in found
    assert any(p.startswith("de: a has fields") for p in found)
    assert "fr: c has field {0}" in found
    assert "nl: no catalogue" in found
    assert not any(p.startswith("fr: a") for p in found)


def test_the_catalogues_ship_as_json_in_the_assets_package_and_with_each_game() -> None:
    folder = files("assets") / "i18n"
    for language in LANGUAGES:
        raw = json.loads((folder / f"{language}.json").read_text(encoding="utf-8"))
        shipped = flatten(raw)
        for kind in GAMES:
            own = flatten(kind.texts(language))
            assert own and not own.keys() & shipped.keys()  # each message in one place
            shipped |= own
        assert shipped == messages(language)
    assert catalogue() is catalogue()  # loaded once
    assert "title.ponte" in flatten(GAMES.kind("ponte").texts("en"))  # the game's own name


def test_a_game_may_repeat_a_message_only_word_for_word() -> None:
    clash = SimpleNamespace(key="clash", texts=lambda language: {"colour": {"red": "Rot!"}})
    with pytest.raises(ValueError, match="otherwise"):
        Catalogue.load([*GAMES, clash])  # type: ignore[list-item]
    red = catalogue().template
    alike = SimpleNamespace(
        key="alike", texts=lambda language: {"colour": {"red": red(language, "colour.red")}}
    )
    Catalogue.load([alike]).include(alike)  # type: ignore[arg-type]  # the same words: fine


def test_flatten_joins_lines_and_rejects_other_values() -> None:
    assert flatten({"a": {"b": ["one", "two"], "c": "x"}}) == {"a.b": "one\ntwo", "a.c": "x"}
    with pytest.raises(ValueError, match=r"a\.n"):
        flatten({"a": {"n": 3}})
    with pytest.raises(ValueError, match="bad key"):
        flatten({"a b": "x"})


# Looking messages up ------------------------------------------------------------------------

SMALL = Catalogue(
    {
        "en": {"greet": "Hello {name}", "only": "English only"},
        "de": {"greet": "Hallo {name}"},
    }
)


def test_text_fills_fields_in_the_language_of_the_locale() -> None:
    assert SMALL.text("de", "greet", name="Ada") == "Hallo Ada"
    assert SMALL.text(discord.Locale.german, "greet", name="Ada") == "Hallo Ada"
    assert SMALL.text("en-GB", "greet", name="Ada") == "Hello Ada"


def test_text_falls_back_to_english_for_a_missing_message_or_locale() -> None:
    assert SMALL.text("de", "only") == "English only"
    assert SMALL.text("es-ES", "greet", name="Ada") == "Hello Ada"
    assert SMALL.text(None, "greet", name="Ada") == "Hello Ada"


def test_an_unknown_key_or_a_missing_field_is_a_clear_key_error() -> None:
    with pytest.raises(KeyError, match="no message 'nope' in the English catalogue"):
        SMALL.text("de", "nope")
    with pytest.raises(KeyError, match="needs the parameter 'name'"):
        SMALL.text("de", "greet")
    with pytest.raises(KeyError, match=r"error\.nope"):
        text("fr", "error.nope")


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        (discord.Locale.german, "de"),
        (discord.Locale.french, "fr"),
        (discord.Locale.dutch, "nl"),
        (discord.Locale.american_english, "en"),
        (discord.Locale.british_english, "en"),
        ("de", "de"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("fr", "fr"),
        ("nl", "nl"),
        ("de_AT", "de"),
        ("NL-be", "nl"),
    ],
)
def test_locales_map_to_their_language(locale: object, language: str) -> None:
    assert language_of(locale) == language
    assert supported_language(locale) == language


@pytest.mark.parametrize("locale", [discord.Locale.spain_spanish, "ja", "", None, 7])
def test_other_locales_are_unsupported_and_read_english(locale: object) -> None:
    assert supported_language(locale) is None
    assert language_of(locale) == "en"


# Content ------------------------------------------------------------------------------------


def command_names(language: str) -> set[str]:
    """The names of the bot's commands in `language`."""
    found = messages(language)
    return {v for k, v in found.items() if re.fullmatch(r"command\.[a-z_]+\.name", k)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_commands_named_in_messages_are_the_commands_of_that_language(language: str) -> None:
    names = command_names(language)
    assert len(names) == 26
    for key, message in messages(language).items():
        for named in SLASH.findall(message):
            assert named in names, f"{language} {key}: /{named} is not a command"


def test_the_slash_check_sees_a_wrong_command_name() -> None:
    assert SLASH.findall("Starte eine mit /challenge.") == ["challenge"]
    assert "challenge" not in command_names("de")


@pytest.mark.parametrize("language", LANGUAGES)
def test_messages_fit_discord_limits(language: str) -> None:
    for key, message in messages(language).items():
        assert len(message) <= 2000, key
        if key.startswith("button."):
            assert len(message) <= 80, key
        if key.startswith(("choice.", "autocomplete.")):
            assert len(message) <= 80, key  # choice names: 100, and room for a roll


PARENTHESISED_PLURAL = re.compile(r"\w\((?:[^\W\d_]{1,6}|'s)\)|\w/(?:s|es|n|e|en|er|x)\b")
"""A plural written as a hedge: ``game(s)``, ``Partie(n)``, ``Tag(e)``, ``partij(en)``,
``foto('s)``, ``adversaire(s)``, ``jeu(x)``, ``Spieler(innen)``, ``Partie/n``. Counts say their
number in its plural form instead (plural messages, `bot.i18n.counted`)."""


def test_the_parenthesised_plural_check_sees_each_languages_endings() -> None:
    hedges = ("game(s)", "Partie(n)", "Urlaubstag(e)", "partij(en)", "foto('s)", "jeu(x)")
    hedges += ("différent(s)", "Spieler(innen)", "Partie/n", "day/s")
    assert all(PARENTHESISED_PLURAL.search(f"in 3 {hedge} left") for hedge in hedges)
    fine = ("Players (3): <@1>", "({format}{rounds})", "(in {games})", "(P8)", "and/or")
    assert not any(PARENTHESISED_PLURAL.search(text) for text in fine)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_message_writes_a_plural_with_parentheses(language: str) -> None:
    # Issue 46, point 6: "1 holiday day(s) left", "in 1 Partie(n)". A count takes the form its
    # language gives that number (CLDR's plural rules), as every plural message does.
    hedged = {
        key: found.group()
        for key, message in messages(language).items()
        if (found := PARENTHESISED_PLURAL.search(message))
    }
    assert hedged == {}


def test_french_punctuation_has_non_breaking_spaces() -> None:
    for key, message in messages("fr").items():
        assert not re.search(r" [:;!?»]|« ", message), key


def backticked(message: str) -> list[str]:
    """The code spans of a message."""
    return re.findall(r"`([^`]+)`", message)


@pytest.mark.parametrize("language", LANGUAGES)
def test_notation_examples_are_moves_the_engines_read(language: str) -> None:
    found = messages(language)
    ponte_examples = backticked(found["notation.ponte"])
    assert len(ponte_examples) >= 4
    for example in ponte_examples:
        ponte.parse_move(example, mover=ponte.Colour.WHITE)
    dice = backticked(found["notation.verbindung"])
    assert len(dice) >= 6
    game = verbindung.VerbindungGame()
    for example in dice:
        game.parse_move(example)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_move_to_play_now_is_filled_in_from_the_game(language: str) -> None:
    # Found by review (issue 13, point 5): a fixed `red-cross a2` whatever the dice showed. The
    # notation texts above show how to write moves; these ask for a move now, so the game's
    # spec fills it in (`GameSpec.example_move`).
    found = messages(language)
    for key in ("game.first_ponte", "game.first_verbindung", "error.roll_not_yours_example"):
        assert backticked(found[key]) == ["{example}"], key
    for key in ("game.first_any", "error.roll_not_yours"):
        assert "`" not in found[key], key


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_bridge_examples_have_the_three_shapes(language: str) -> None:
    bridges = [ponte.parse_move(b) for b in backticked(text(language, "rule.P11"))]
    offsets = [b.offset for b in bridges if isinstance(b, ponte.Bridge)]
    assert offsets == [(2, 0), (2, 2), (2, 1)]  # straight, diagonal, knight's jump (P11)


def test_rule_texts_use_the_game_terms_of_the_rule_texts() -> None:
    terms = {
        "de": ("Insel", "Sandbänke", "Abstandsregel"),
        "fr": ("île", "bancs de sable", "règle d'éloignement"),
        "nl": ("eiland", "Zandbanken", "afstandsregel"),
        "en": ("island", "Sandbanks", "distance rule"),
    }
    for language, words in terms.items():
        for word in words:
            assert word in text(language, "rule.P8"), (language, word)
    assert "Rösselsprung" in text("de", "rule.P11")
    assert "paardensprong" in text("nl", "rule.P11")
    assert "saut de cavalier" in text("fr", "rule.P11")


# Values in messages --------------------------------------------------------------------------


def test_mentions_and_timestamps() -> None:
    assert mention(123) == "<@123>"
    assert channel_mention(9) == "<#9>"
    assert timestamp(1_700_000_000) == "<t:1700000000:R>"
    assert timestamp(1_700_000_000.9, "f") == "<t:1700000000:f>"


@pytest.mark.parametrize(
    ("language", "seconds", "words"),
    [
        ("en", 3 * 86400, "3 days"),
        ("en", 3600, "1 hour"),
        ("de", 36 * 3600, "1 Tag 12 Stunden"),
        ("de", 14 * 86400, "2 Wochen"),
        ("fr", 90 * 60, "1 heure 30 minutes"),
        ("fr", 0, "0 minute"),
        ("nl", 6 * 3600, "6 uur"),
        ("nl", 2 * 86400, "2 dagen"),
    ],
)
def test_durations_in_words(language: str, seconds: int, words: str) -> None:
    assert format_duration(language, seconds) == words


# Board images --------------------------------------------------------------------------------


SHARED_WORDS = [field.name for field in fields(Labels) if field.name != "words"]
GAME_WORDS = (PonteWords, VerbindungWords)


def test_every_label_of_the_board_images_has_a_message() -> None:
    keys = {f"render.{name}" for name in SHARED_WORDS}
    keys |= {f"render.{field.name}" for kind in GAME_WORDS for field in fields(kind)}
    assert keys <= catalogue().keys("en")
    english = render_labels("en")
    assert all(getattr(english, name) == getattr(ENGLISH, name) for name in SHARED_WORDS)
    for kind in GAME_WORDS:  # each game's English defaults are the catalogue's English
        assert own_words(kind, english) == kind()


@pytest.mark.parametrize("language", ["de", "fr", "nl"])
def test_board_labels_are_translated_and_keep_the_name_field(language: str) -> None:
    labels = render_labels(language)
    ponte = own_words(PonteWords, labels)
    assert ponte.points != PonteWords().points or language == "fr"  # "points" is French too
    assert ponte.islands != PonteWords().islands
    for name in SHARED_WORDS:
        english = getattr(ENGLISH, name)
        assert placeholders(getattr(labels, name)) == placeholders(english), name
    for kind in GAME_WORDS:
        for field in fields(kind):
            here, english = getattr(own_words(kind, labels), field.name), field.default
            assert placeholders(here) == placeholders(english), field.name
    assert own_words(PonteWords, render_labels(discord.Locale.german)).islands == "Inseln"
