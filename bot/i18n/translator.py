"""Command, option and choice names in the user's language, through discord.py's `Translator`.

A string to translate names its catalogue key in the `locale_str` extras::

    @app_commands.command(name=lstr("command.challenge.name"),
                          description=lstr("command.challenge.description"))
    @app_commands.rename(opponent=lstr("command.challenge.option.opponent.name"))
    @app_commands.describe(opponent=lstr("command.challenge.option.opponent.description"))
    @app_commands.choices(time=[app_commands.Choice(name=lstr("choice.time.1d"), value=86400)])

`lstr(key)` is ``locale_str(<the English text>, key=key)``. Without a ``key`` the translator derives
one from where the string sits: ``command.<name>.name``, ``command.<name>.description``,
``command.<name>.option.<parameter>.name`` and ``.description`` (the Python parameter name), so
plain strings work too. Choices have no such place and need an explicit key; strings without one
(the moves autocomplete offers) stay as they are.
"""

from __future__ import annotations

from typing import Any, cast

from discord import app_commands
from discord.app_commands import (
    TranslationContextLocation,
    TranslationContextTypes,
    locale_str,
)
from discord.enums import Locale

from bot.i18n.catalogue import DEFAULT_LANGUAGE, Catalogue, catalogue, supported_language

Where = TranslationContextLocation


def lstr(key: str, *, source: Catalogue | None = None) -> locale_str:
    """A `locale_str` of the English text of `key` that carries `key` for the translator.

    Raises `KeyError` when `key` is not in the English catalogue.
    """
    messages = source or catalogue()
    return locale_str(messages.template(DEFAULT_LANGUAGE, key), key=key)


def context_key(context: TranslationContextTypes) -> str | None:
    """The catalogue key a string's place implies, or None where there is none (choices)."""
    location, data = context.location, cast(Any, context.data)
    if location in (Where.command_name, Where.group_name):
        return f"command.{_command_path(data)}.name"
    if location in (Where.command_description, Where.group_description):
        return f"command.{_command_path(data)}.description"
    if location is Where.parameter_name:
        return f"command.{_command_path(data.command)}.option.{data.name}.name"
    if location is Where.parameter_description:
        return f"command.{_command_path(data.command)}.option.{data.name}.description"
    return None


def _command_path(command: object) -> str:
    name = getattr(command, "qualified_name", None) or getattr(command, "name", "")
    return ".".join(str(name).split())


class CatalogueTranslator(app_commands.Translator):
    """Translates command names, descriptions and choices from the message catalogue.

    Returns None for English and for languages the bot does not speak, so Discord shows the
    default (English) text, and None for a German, French or Dutch text the catalogue lacks.
    An explicit ``key`` that is not in the catalogue at all is a programming error: it raises
    `KeyError` (discord.py reports it as a `TranslationError` when the commands are synced).
    """

    def __init__(self, source: Catalogue | None = None) -> None:
        self._source = source

    @property
    def catalogue(self) -> Catalogue:
        """The catalogue translations come from (the shipped one unless another was given)."""
        return self._source or catalogue()

    async def translate(
        self, string: locale_str, locale: Locale, context: TranslationContextTypes
    ) -> str | None:
        """The text of `string` in `locale`, or None to keep Discord's default."""
        language = supported_language(locale)
        if language is None or language == DEFAULT_LANGUAGE:
            return None
        key = string.extras.get("key")
        if key is None:
            key = context_key(context)
            return None if key is None else self.catalogue.lookup(language, key)
        if not self.catalogue.has(key):
            raise KeyError(f"no message {key!r} in the English catalogue")
        return self.catalogue.lookup(language, key)
