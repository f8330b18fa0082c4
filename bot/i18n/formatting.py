"""Values inside messages: mentions, Discord timestamps and durations in words.

Discord renders ``<@id>``, ``<#id>`` and ``<t:unix:R>`` in each reader's own language, so only
durations need the catalogue.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from bot.i18n.catalogue import Catalogue, catalogue, language_of

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


def plural_category(language: str, count: int) -> str:
    """``one`` or ``other``: the plural form of `count` (French counts 0 and 1 as singular)."""
    if language == "fr":
        return "one" if abs(count) < 2 else "other"
    return "one" if abs(count) == 1 else "other"


def counted(locale: object, key: str, count: int, *, source: Catalogue | None = None) -> str:
    """`count` things in words, in the plural form `locale` gives that number (``1 game``,
    ``3 games``; French ``0 partie``): `key` holds a message for each form, ``one`` and
    ``other``, with ``{n}`` the number. No "game(s)" in any language."""
    messages = source or catalogue()
    language = language_of(locale)
    return messages.text(language, f"{key}.{plural_category(language, count)}", n=count)


def format_duration(locale: object, seconds: int, *, source: Catalogue | None = None) -> str:
    """`seconds` in words for `locale`, in at most two units: ``3 days``, ``1 Tag 12 Stunden``.

    Rounds down to whole minutes; anything under a minute is shown as minutes too (``0 minutes``).
    """
    messages = source or catalogue()
    language = language_of(locale)
    rest, parts = max(int(seconds), 0), list[str]()
    for unit, size in _UNITS:
        count, rest = divmod(rest, size)
        if count and len(parts) < _MAX_UNITS:
            key = f"unit.{unit}.{plural_category(language, count)}"
            parts.append(messages.text(language, key, n=count))
        if parts and len(parts) == _MAX_UNITS:
            break
    if not parts:
        key = f"unit.minute.{plural_category(language, 0)}"
        parts.append(messages.text(language, key, n=0))
    return " ".join(parts)
