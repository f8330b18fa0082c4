"""What exactly is wrong with a move, in the user's language, from the detail of an engine error.

An engine error may name a `reason` (``"taken"``), the `fields` concerned (``("f5",)``) and other
values as text (`params`: a face, the roll). Each reason has a sentence per language under
``rule_reason.<reason>`` (a rule break) or ``notation_reason.<reason>`` (text that is not a move);
the sentence names the values as ``{field}``, ``{second}``, ``{face}``, ``{roll}`` and so on.
"""

from __future__ import annotations

import logging

from bot.i18n.catalogue import Catalogue
from engine.errors import EngineError

log = logging.getLogger(__name__)

RULE = "rule_reason"
NOTATION = "notation_reason"
_LISTS = ("roll", "left", "faces")  # comma-separated values, each shown as code


def _plain(value: str) -> str:
    # The values quote what the user typed, and the sentences put them in code spans: a backtick
    # in the value would end the span early.
    return value.replace("`", "'")


def _code_list(value: str) -> str:
    return ", ".join(f"`{item.strip()}`" for item in value.split(",") if item.strip())


def reason_params(error: EngineError) -> dict[str, str]:
    """The values a reason's sentence may name: the fields (first as `field`, second as
    `second`, all as `fields`) and the error's own params (lists of dice shown as code)."""
    values = {name: _plain(value) for name, value in error.params.items()}
    for name in _LISTS:
        if name in values:
            values[name] = _code_list(values[name])
    if error.fields:
        values["field"] = error.fields[0]
        values["fields"] = ", ".join(error.fields)
    if len(error.fields) > 1:
        values["second"] = error.fields[1]
    return values


def reason_text(messages: Catalogue, language: str, group: str, error: EngineError) -> str | None:
    """The sentence for the reason of `error` under `group` (`RULE` or `NOTATION`), or None when
    the error names no reason, the catalogue has no sentence for it, or the values do not fit."""
    if error.reason is None:
        return None
    key = f"{group}.{error.reason}"
    if not messages.has(key):
        log.warning("no message for the reason %r (%s)", error.reason, error)
        return None
    try:
        return messages.text(language, key, **reason_params(error))
    except KeyError:
        log.exception("the message %s does not fit the detail of %r", key, error)
        return None


def roll_lines(messages: Catalogue, language: str, error: EngineError) -> list[str]:
    """The roll again, for an error about the dice (nothing when the error carries no roll).
    Only the roll: a refused move places nothing, so every die of it is still to place. The
    engine's `left` (the dice the move's earlier placements would leave) is no such list: said
    as one, it read as if the move's bridge were placed (issue 52, point 11)."""
    roll = reason_params(error).get("roll")
    return [messages.text(language, "move.rolled", roll=roll)] if roll else []
