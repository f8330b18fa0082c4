"""The words drawn on the board images, from the catalogue's ``render.*`` messages."""

from __future__ import annotations

from dataclasses import fields
from functools import cache

from bot.i18n.catalogue import DEFAULT_LANGUAGE, Catalogue, catalogue, language_of
from bot.render.labels import Labels


def render_labels(locale: object, *, source: Catalogue | None = None) -> Labels:
    """The renderer's `Labels` in the language of `locale`: ``render.<field>`` for each field,
    and every other ``render.<word>`` (the games' own words) in `Labels.words`.

    Raises `KeyError` if a field of `Labels` has no English ``render`` message.
    """
    if source is None:
        return _shipped_labels(language_of(locale))
    return _labels(source, locale)


@cache
def _shipped_labels(language: str) -> Labels:
    return _labels(catalogue(), language)


def _labels(source: Catalogue, locale: object) -> Labels:
    shared = {field.name for field in fields(Labels)} - {"words"}
    english = source.keys(DEFAULT_LANGUAGE)
    drawn = {key.removeprefix("render."): key for key in english if key.startswith("render.")}
    words = {name: source.template(locale, key) for name, key in drawn.items()}
    common = {name: words.pop(name) for name in shared}
    return Labels(**common, words=words)
