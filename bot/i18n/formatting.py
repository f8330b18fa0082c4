"""Values inside messages: mentions, Discord timestamps and durations in words.

Discord renders ``<@id>``, ``<#id>`` and ``<t:unix:R>`` (dates and times) in each reader's own
language; counts of things and durations take the catalogue's plural messages, numbers the
language's own way of writing them (`bot.i18n.numbers`, from CLDR through Babel).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from bot.i18n.catalogue import Catalogue, catalogue, language_of
from bot.i18n.numbers import number

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR
WEEK = 7 * DAY
_UNITS = (("week", WEEK), ("day", DAY), ("hour", HOUR), ("minute", MINUTE))
_MAX_UNITS = 2  # "1 day 12 hours": precise enough for a time limit, short enough for a phone


def mention(user_id: int) -> str:
    """A user mention: ``<@id>``."""
    return f"<@{int(user_id)}>"


def mentions(user_ids: Iterable[int]) -> str:
    """User mentions separated by commas."""
    return ", ".join(mention(user_id) for user_id in user_ids)


def channel_mention(channel_id: int) -> str:
    """A channel or thread mention: ``<#id>``."""
    return f"<#{int(channel_id)}>"


def timestamp(when: datetime | int | float, style: str = "R") -> str:
    """A Discord timestamp, ``<t:unix:R>`` by default ("in 3 days", in the reader's language).

    `when` is an aware `datetime` or seconds since the epoch; `style` is one of Discord's letters
    (``t T d D f F R``).
    """
    seconds = int(when.timestamp() if isinstance(when, datetime) else when)
    return f"<t:{seconds}:{style}>"


def counted(
    locale: object, key: str, count: int, *, source: Catalogue | None = None, **params: Any
) -> str:
    """`count` things in words, in the plural form the language of `locale` gives that number
    by CLDR's rules (``1 game``, ``3 games``; French ``0 partie``), the number written as that
    language writes numbers (``1.000 Partien``): `key` is a plural message, with ``{n}`` the
    number and any other fields from `params`. No "game(s)" in any language."""
    return (source or catalogue()).plural(locale, key, count, **params)


def format_number(locale: object, value: int | float) -> str:
    """A number as the language of `locale` writes it: ``2.5``, ``2,5``; ``1,000``, ``1.000``."""
    return number(language_of(locale), value)


def format_duration(locale: object, seconds: int, *, source: Catalogue | None = None) -> str:
    """`seconds` in words for `locale`, in at most two units: ``3 days``, ``1 Tag 12 Stunden``;
    weeks only for whole weeks of days (``2 weeks``, but ``30 days``, not ``4 weeks 2 days``).

    Rounds down to whole minutes; anything under a minute is shown as minutes too (``0 minutes``).
    """
    messages = source or catalogue()
    rest, parts = max(int(seconds), 0), list[str]()
    whole_weeks = (rest // DAY) % 7 == 0
    for unit, size in _UNITS:
        if unit == "week" and not whole_weeks:
            continue
        count, rest = divmod(rest, size)
        if count and len(parts) < _MAX_UNITS:
            parts.append(messages.plural(locale, f"unit.{unit}", count))
        if parts and len(parts) == _MAX_UNITS:
            break
    if not parts:
        parts.append(messages.plural(locale, "unit.minute", 0))
    return " ".join(parts)
