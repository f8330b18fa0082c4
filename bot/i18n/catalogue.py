"""The message catalogues: every word the bot sends, in English, German, French and Dutch.

The catalogues are JSON files in ``assets/i18n`` (``en.json``, ``de.json``, ``fr.json``,
``nl.json``), read once through `importlib.resources`. In a file, messages nest in objects and a
long text may be a list of lines; loaded, every message has a flat dotted key
(``error.not_your_turn``, ``command.challenge.name``) and one string per language. Messages are
`str.format` templates with named fields (``{player}``); a message missing in one language falls
back to English.

A message that depends on a number is a plural message: an object of its forms, named after
CLDR's plural categories (``{"one": "{n} game", "other": "{n} games"}``), with exactly the forms
its language tells apart (French has ``many`` too; see `bot.i18n.numbers`). `plural` picks the
form a count takes and writes the count (``{n}``) as the language writes numbers.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterable, Mapping
from functools import cache
from importlib.resources import files
from typing import Any

from bot.games import GAMES, GameKind
from bot.i18n.numbers import PLURAL_FORMS, number, plural_form, plural_forms

DEFAULT_LANGUAGE = "en"
LANGUAGES: tuple[str, ...] = ("en", "de", "fr", "nl")
"""The catalogue languages, English (the default and the fallback) first."""

_KEY_PART = re.compile(r"^[A-Za-z0-9_-]+$")


def supported_language(locale: object) -> str | None:
    """The catalogue language of `locale`, or None when the bot does not speak it.

    `locale` is a `discord.Locale` or a locale string: ``"de"``, ``"en-US"``, ``"en-GB"``,
    ``"fr"``, ``"nl"``, also ``"de_AT"`` or ``"NL-be"``; anything else (None included) is None.
    """
    value = getattr(locale, "value", locale)
    if not isinstance(value, str):
        return None
    code = value.strip().lower().replace("_", "-").split("-", 1)[0]
    return code if code in LANGUAGES else None


def language_of(locale: object) -> str:
    """The catalogue language of `locale`: ``en``, ``de``, ``fr`` or ``nl`` (else English)."""
    return supported_language(locale) or DEFAULT_LANGUAGE


def placeholders(template: str) -> frozenset[str]:
    """The named fields of a message template (``{player}`` gives ``player``)."""
    return frozenset(
        field for _, field, _, _ in string.Formatter().parse(template) if field is not None
    )


class Catalogue:
    """Messages by language and dotted key, with English as the fallback.

    Build one from mappings (``{"en": {"error.x": "..."}, ...}``) or load the shipped files with
    `load` (or the cached `catalogue()`).
    """

    def __init__(self, messages: Mapping[str, Mapping[str, str]]) -> None:
        if DEFAULT_LANGUAGE not in messages:
            raise ValueError("a catalogue needs English messages")
        self._messages = {language: dict(entries) for language, entries in messages.items()}
        self._plurals = {language: plural_groups(entries) for language, entries in messages.items()}
        self._games: set[str] = set()

    @classmethod
    def load(cls, games: Iterable[GameKind[Any]] = GAMES) -> Catalogue:
        """The catalogues shipped in ``assets/i18n`` with the messages of `games` (see
        `include`); raise `ValueError` on a malformed file."""
        folder = files("assets") / "i18n"
        messages = {}
        for language in LANGUAGES:
            raw = json.loads((folder / f"{language}.json").read_text(encoding="utf-8"))
            messages[language] = flatten(raw, where=f"{language}.json")
        loaded = cls(messages)
        for kind in games:
            loaded.include(kind)
        return loaded

    def include(self, kind: GameKind[Any]) -> None:
        """Add a game's own messages (its `GameKind.texts`), once. Raises `ValueError` for a
        message it words otherwise than one already here: games share a message only alike."""
        if kind.key in self._games:
            return
        added = {}
        for language in LANGUAGES:
            own = flatten(kind.texts(language), where=f"{kind.key} {language}.json")
            entries = self._messages.setdefault(language, {})
            clashes = [key for key, text in own.items() if entries.get(key, text) != text]
            if clashes:
                raise ValueError(f"{kind.key} words {clashes[0]!r} otherwise in {language}")
            added[language] = own
        for language, own in added.items():
            self._messages[language].update(own)
            self._plurals[language] = plural_groups(self._messages[language])
        self._games.add(kind.key)

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages this catalogue holds."""
        return tuple(self._messages)

    def keys(self, language: str = DEFAULT_LANGUAGE) -> frozenset[str]:
        """Every key of `language` as stored (English by default), each form of a plural
        message apart (``unit.day.one``, ``unit.day.other``): the keys `lookup` answers."""
        return frozenset(self._messages.get(language, {}))

    def message_keys(self, language: str = DEFAULT_LANGUAGE) -> frozenset[str]:
        """Every message of `language`, a plural message once under its own key
        (``unit.day``) whatever forms its language gives it: the same in every language."""
        groups = self._plurals.get(language, {})
        forms = {f"{key}.{form}" for key, found in groups.items() for form in found}
        return frozenset(self.keys(language) - forms | groups.keys())

    def has(self, key: str) -> bool:
        """Whether `key` is an English message (every valid key is), or a plural message's."""
        return key in self._messages[DEFAULT_LANGUAGE] or key in self._plurals[DEFAULT_LANGUAGE]

    def forms(self, language: str, key: str) -> Mapping[str, str] | None:
        """The forms of plural message `key` in exactly `language` (no fallback), or None."""
        return self._plurals.get(language, {}).get(key)

    def lookup(self, language: str, key: str) -> str | None:
        """The raw template of `key` in exactly `language`, or None (no fallback)."""
        return self._messages.get(language, {}).get(key)

    def template(self, locale: object, key: str) -> str:
        """The unformatted template of `key` for `locale`, falling back to English.

        Raises `KeyError` when `key` is not an English message.
        """
        found = self.lookup(language_of(locale), key)
        if found is None:
            found = self.lookup(DEFAULT_LANGUAGE, key)
        if found is None and self.forms(DEFAULT_LANGUAGE, key) is not None:
            raise KeyError(f"{key!r} is a plural message: say it with `plural` (`counted`)")
        if found is None:
            raise KeyError(f"no message {key!r} in the English catalogue")
        return found

    def text(self, locale: object, key: str, /, **params: Any) -> str:
        """The message `key` in the language of `locale`, its ``{fields}`` filled from `params`.

        Raises `KeyError` for a key unknown in English or for a field `params` lacks.
        """
        template = self.template(locale, key)
        try:
            return template.format_map(params)
        except KeyError as missing:
            raise KeyError(f"message {key!r} needs the parameter {missing.args[0]!r}") from None

    def plural(self, locale: object, key: str, count: int, /, **params: Any) -> str:
        """Plural message `key` in the language of `locale` (else English) in the form `count`
        takes there, with `count` as ``{n}`` written as that language writes numbers and the
        other fields from `params`. Raises `KeyError` for a key that is no plural message in
        English, or a field `params` lacks."""
        language = language_of(locale)
        forms = self.forms(language, key)
        if forms is None:
            language, forms = DEFAULT_LANGUAGE, self.forms(DEFAULT_LANGUAGE, key)
        if forms is None:
            raise KeyError(f"no plural message {key!r} in the English catalogue")
        # `problems` makes sure every form is there; a gap would read a little wrong, not fail.
        template = forms.get(plural_form(language, count)) or forms["other"]
        try:
            return template.format_map({**params, "n": number(language, count)})
        except KeyError as missing:
            raise KeyError(f"message {key!r} needs the parameter {missing.args[0]!r}") from None

    def problems(self) -> list[str]:
        """What is wrong with this catalogue: keys missing or extra in a language, empty messages,
        fields that differ from English or are not plain names, plural messages without the
        forms their language's plural rules tell apart (or with others). Empty when all is
        well."""
        reference = self.message_keys(DEFAULT_LANGUAGE)
        english = self._messages[DEFAULT_LANGUAGE]
        found: list[str] = []
        for language, entries in self._messages.items():
            keys = self.message_keys(language)
            found += [f"{language}: missing {key}" for key in sorted(reference - keys)]
            found += [f"{language}: unknown {key}" for key in sorted(keys - reference)]
            for key in sorted(keys & entries.keys()):
                found += _message_problems(language, key, entries[key], english.get(key))
            for key, forms in sorted(self._plurals[language].items()):
                found += self._plural_problems(language, key, forms)
        for language in LANGUAGES:
            if language not in self._messages:
                found.append(f"{language}: no catalogue")
        return found

    def _plural_problems(self, language: str, key: str, forms: Mapping[str, str]) -> list[str]:
        wanted = plural_forms(language)
        found = [
            f"{language}: {key} lacks the plural form {f}" for f in sorted(wanted - forms.keys())
        ]
        found += [
            f"{language}: {key} has the plural form {f}, which {language} does not use"
            for f in sorted(forms.keys() - wanted)
        ]
        english = (self.forms(DEFAULT_LANGUAGE, key) or {}).get("other")
        for form, message in sorted(forms.items()):
            found += _message_problems(language, f"{key}.{form}", message, english)
        return found


def plural_groups(entries: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """The plural messages among flat `entries`: those whose key ends in a plural category and
    that have an ``other`` form (``unit.day.one``, ``unit.day.other``), by their own key."""
    groups: dict[str, dict[str, str]] = {}
    for key, message in entries.items():
        head, _, form = key.rpartition(".")
        if form in PLURAL_FORMS and f"{head}.other" in entries:
            groups.setdefault(head, {})[form] = message
    return groups


def _message_problems(language: str, key: str, message: str, english: str | None) -> list[str]:
    if not message.strip():
        return [f"{language}: empty {key}"]
    try:
        fields = placeholders(message)
    except ValueError as error:
        return [f"{language}: {key} is not a valid template ({error})"]
    found = [f"{language}: {key} has field {{{f}}}" for f in fields if not f.isidentifier()]
    if english is not None and fields != placeholders(english):
        found.append(f"{language}: {key} has fields {sorted(fields)}, English has others")
    return found


def flatten(
    tree: Mapping[str, Any], *, where: str = "catalogue", prefix: str = ""
) -> dict[str, str]:
    """Nested message objects as flat dotted keys; a list of lines becomes one text.

    Raises `ValueError` for a key that is not letters, digits, ``_`` or ``-``, or a value that is
    neither text, a list of texts nor an object.
    """
    flat: dict[str, str] = {}
    for part, value in tree.items():
        if not _KEY_PART.match(part):
            raise ValueError(f"{where}: bad key part {part!r} under {prefix or 'the top'!r}")
        key = f"{prefix}{part}"
        if isinstance(value, str):
            flat[key] = value
        elif isinstance(value, list) and all(isinstance(line, str) for line in value):
            flat[key] = "\n".join(value)
        elif isinstance(value, Mapping):
            flat.update(flatten(value, where=where, prefix=f"{key}."))
        else:
            raise ValueError(f"{where}: {key} is neither text, lines nor an object")
    return flat


@cache
def catalogue() -> Catalogue:
    """The shipped catalogues with the messages of the games the bot offers (`GAMES`), loaded
    on first use and kept for the process; a bot offering more games includes theirs
    (`include_games`)."""
    return Catalogue.load()


def include_games(games: Iterable[GameKind[Any]]) -> None:
    """Add the messages of `games` to the shipped catalogues (each game once)."""
    for kind in games:
        catalogue().include(kind)


def text(locale: object, key: str, /, **params: Any) -> str:
    """`Catalogue.text` on the shipped catalogues: message `key` for `locale`, filled in."""
    return catalogue().text(locale, key, **params)
