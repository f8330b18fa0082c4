"""What each language does with numbers, from the Unicode CLDR through Babel: which plural form a
count takes (English and German ``one`` for 1 only, French ``one`` for 0 and 1 and ``many`` for
whole millions, ...) and how a number is written (``1,000.5``, ``1.000,5``, ``1 000,5``).

Babel ships the CLDR data and keeps it current, so a language's rules are never written here.
"""

from __future__ import annotations

from functools import cache

from babel import Locale
from babel.numbers import format_decimal
from babel.plural import PluralRule

PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")
"""CLDR's plural categories, the names of a plural message's forms in the catalogues."""


@cache
def _rule(language: str) -> PluralRule:
    return Locale.parse(language).plural_form


def plural_forms(language: str) -> frozenset[str]:
    """The plural forms `language` (``en``, ``de``, ``fr``, ``nl``) tells apart: each of its
    plural messages has exactly these (``other`` always)."""
    return _rule(language).tags | {"other"}


def plural_form(language: str, count: int | float) -> str:
    """The plural form `count` takes in `language`: ``fr`` 0 is ``one``, ``en`` 0 ``other``."""
    return str(_rule(language)(count))


def number(language: str, value: int | float) -> str:
    """`value` written as `language` writes numbers (grouping and decimal signs), with as many
    decimals as it has up to three: ``de`` 2.5 is ``2,5``, ``en`` 1000 is ``1,000``."""
    return str(format_decimal(value, locale=language))
