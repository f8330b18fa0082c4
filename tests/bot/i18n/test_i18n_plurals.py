"""Counts in words (issue 46): the plural form a number takes and how it is written come from
each language's CLDR rules (through Babel), not from a rule or a template of the bot's own."""

import pytest

from bot.i18n import Catalogue, counted, format_duration, format_number
from bot.i18n.numbers import plural_form, plural_forms

GAMES = {
    "en": {"games": {"one": "{n} game", "other": "{n} games"}},
    "de": {"games": {"one": "{n} Partie", "other": "{n} Partien"}},
    "fr": {"games": {"one": "{n} partie", "many": "{n} de parties", "other": "{n} parties"}},
    "nl": {"games": {"one": "{n} partij", "other": "{n} partijen"}},
}


def flat(tree: dict[str, dict[str, dict[str, str]]]) -> dict[str, dict[str, str]]:
    return {
        language: {f"games.{form}": words for form, words in messages["games"].items()}
        for language, messages in tree.items()
    }


SMALL = Catalogue(flat(GAMES))


@pytest.mark.parametrize(
    ("language", "count", "words"),
    [
        ("en", 0, "0 games"),
        ("en", 1, "1 game"),
        ("en", 1000, "1,000 games"),
        ("de", 1, "1 Partie"),
        ("de", 1000, "1.000 Partien"),
        ("fr", 0, "0 partie"),  # French counts 0 and 1 as one
        ("fr", 2, "2 parties"),
        ("fr", 1_000_000, "1\u202f000\u202f000 de parties"),  # whole millions: many
        ("nl", 1, "1 partij"),
        ("nl", 2500, "2.500 partijen"),
    ],
)
def test_a_count_takes_its_languages_plural_form_and_number_format(
    language: str, count: int, words: str
) -> None:
    assert counted(language, "games", count, source=SMALL) == words


def test_the_languages_plural_forms_are_cldrs() -> None:
    assert plural_forms("en") == plural_forms("de") == plural_forms("nl") == {"one", "other"}
    assert plural_forms("fr") == {"one", "many", "other"}
    assert [plural_form("fr", n) for n in (0, 1, 2, 10**6)] == ["one", "one", "other", "many"]


def test_a_plural_message_needs_exactly_the_forms_its_language_tells_apart() -> None:
    broken = {language: dict(messages) for language, messages in flat(GAMES).items()}
    del broken["fr"]["games.many"]
    broken["de"]["games.few"] = "{n} paar Partien"
    broken["nl"]["games.one"] = "{count} partij"
    found = Catalogue(broken).problems()
    assert "fr: games lacks the plural form many" in found
    assert "de: games has the plural form few, which de does not use" in found
    assert any(p.startswith("nl: games.one has fields") for p in found)
    assert Catalogue(flat(GAMES)).problems() == []
    assert SMALL.message_keys("fr") == SMALL.message_keys("en") == {"games"}


def test_a_plural_message_falls_back_to_english_with_englishs_rules() -> None:
    only_english = Catalogue({"en": flat(GAMES)["en"], "fr": {}})
    assert only_english.plural("fr", "games", 0) == "0 games"  # English: 0 is other
    with pytest.raises(KeyError, match="no plural message 'nope'"):
        only_english.plural("fr", "nope", 1)
    with pytest.raises(KeyError, match="'games' is a plural message"):
        only_english.text("fr", "games", n=1)  # which form? only a count tells


@pytest.mark.parametrize(
    ("language", "seconds", "words"),
    [
        ("fr", 0, "0 minute"),
        ("fr", 60, "1 minute"),
        ("de", 7 * 86400 + 3600, "1 Woche 1 Stunde"),
        ("en", 30 * 86400, "30 days"),  # weeks only when the days are whole weeks
        ("fr", 10 * 86400 + 7200, "10 jours 2 heures"),
        ("nl", 60 * 1000 * 7 * 86400, "60.000 weken"),
    ],
)
def test_durations_count_each_unit_as_their_language_does(
    language: str, seconds: int, words: str
) -> None:
    assert format_duration(language, seconds) == words


def test_numbers_are_written_as_their_language_writes_them() -> None:
    assert [format_number(language, 2.5) for language in ("en", "de", "fr", "nl")] == [
        "2.5",
        "2,5",
        "2,5",
        "2,5",
    ]
    assert format_number("en", 0.25) == "0.25"
