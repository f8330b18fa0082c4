"""Errors as short sentences in the user's language, for private (ephemeral) replies.

The central error handler calls ``describe_error(error, interaction.locale, game=...)`` for every
exception a command raised: service refusals are told by their `key` and `params`, rule breaks by
what exactly is wrong (the engine's reason, see `bot.i18n.reasons`) and their rule, unreadable moves
with the notation of the game and why the text is not a move, and anything unexpected with a
generic apology (`is_expected` tells the handler which ones to log).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Mapping
from datetime import timedelta
from typing import Any

from discord import app_commands

from bot.i18n.catalogue import DEFAULT_LANGUAGE, Catalogue, catalogue, language_of
from bot.i18n.formatting import channel_mention, counted, format_duration, mention, mentions
from bot.i18n.reasons import NOTATION, RULE, reason_text, roll_lines
from bot.service.errors import LineMoveError, RollNotYoursError, ServiceError
from engine.errors import GameOverError, IllegalMoveError, InvalidMoveError

log = logging.getLogger(__name__)


_CHALLENGE_STATUSES = ("accepted", "declined", "cancelled", "expired")
_MAX_DETAIL = 300  # an engine message quotes what the user typed: keep the reply short
_BREAKS = re.compile(r"[ \t\r\n]+")


def _user(value: Any, language: str) -> str:
    return mention(value)


def _users(value: Any, language: str) -> str:
    return mentions(value)


def _channel(value: Any, language: str) -> str:
    return channel_mention(value)


def _names(value: Any, language: str) -> str:
    items = [value] if isinstance(value, str) else list(value)
    return ", ".join(f"`{item}`" for item in items)


def _date(value: Any, language: str) -> str:
    return f"<t:{int(value)}:D>"


def _relative(value: Any, language: str) -> str:
    return f"<t:{int(value)}:R>"  # "in 40 minutes", in the reader's own language


def _game(value: Any, language: str) -> str:
    key = f"title.{value}"
    return catalogue().text(language, key) if catalogue().has(key) else str(value)


Presenter = Callable[[Any, str], str]


def _counted(key: str) -> Presenter:
    """A count of things in words, in its language's plural form (plural message `key`)."""
    return lambda value, language: counted(language, key, int(value))


PARAMS: Mapping[str, Presenter] = {
    "user_id": _user,
    "game": _game,
    "until": _date,
    "retry_at": _relative,
    "to_move_id": _user,
    "asker_id": _user,
    "opponent_id": _user,
    "challenger_id": _user,
    "taker_id": _user,
    "allowed_id": _user,
    "organiser_id": _user,
    "players": _users,
    "channel_id": _channel,
    "choices": _names,
    "puzzle_answers": _counted("puzzle.answer_count"),
    "daily_channels": _counted("puzzle.daily_channel_count"),
    "days_left": _counted("vacation.days_left"),
    "pending_challenges": _counted("challenge.pending_count"),
    "computer_games": _counted("games.computer_count"),
    "open_tournaments": _counted("tournament.open_count"),
    "analyses": _counted("analysis.request_count"),
    "imports": _counted("import.import_count"),
    "unit": lambda value, language: _record_place(str(value), language),
    "rule_words": lambda value, language: rule_text(str(value), language) or "",
}
"""How each service error parameter is shown by its name: user ids become mentions (``<@id>``),
channel ids channel mentions, counts of things their plural message; other values are shown as
they are, except durations."""


def _record_place(value: str, language: str) -> str:
    """Where in a record (``line:6``, ``move:4``, ``step:8``), in words."""
    unit, _, place = value.partition(":")
    key = f"import.unit.{unit}"
    return catalogue().text(language, key, place=place) if catalogue().has(key) else value


def _present(name: str, value: Any, language: str) -> str:
    """One parameter as message text. A duration is one by its value (a `timedelta`, said in
    words), never by its name: a holiday's `maximum` is a number of days, a time limit's a
    duration, and a name alone would say "1 to 0 minutes days"."""
    if value is None:
        return ""
    if isinstance(value, timedelta):
        return format_duration(language, int(value.total_seconds()))
    presenter = PARAMS.get(name)
    return str(value) if presenter is None else presenter(value, language)


def present_params(params: Mapping[str, Any], locale: object) -> dict[str, str]:
    """A service error's `params` as message text (mentions, durations, lists)."""
    language = language_of(locale)
    return {name: _present(name, value, language) for name, value in params.items()}


def unwrap(error: BaseException) -> BaseException:
    """The error a command raised, out of discord.py's `CommandInvokeError` wrapping."""
    while isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    return error


def is_expected(error: BaseException) -> bool:
    """Whether `error` is a refusal the user caused (else: log it, it is a bug or an outage)."""
    error = unwrap(error)
    expected = (
        ServiceError,
        InvalidMoveError,
        IllegalMoveError,
        app_commands.NoPrivateMessage,
        app_commands.BotMissingPermissions,
    )
    return isinstance(error, expected)


def describe_error(
    error: BaseException,
    locale: object,
    *,
    game: str | None = None,
    source: Catalogue | None = None,
) -> str:
    """A short sentence for the user who caused `error`, in the language of `locale`.

    `game` (a key of the games registry; by default the one the error names) picks the
    notation examples for a move that could not be read. Never raises for a well-formed
    catalogue: an unknown error gets the apology.
    """
    messages = source or catalogue()
    language = language_of(locale)
    error = unwrap(error)
    if isinstance(error, LineMoveError) and error.cause is not None:  # which move, then why
        where = _service(messages, language, error)
        return where + "\n" + describe_error(error.cause, locale, game=game, source=source)
    if isinstance(error, ServiceError):
        return _service(messages, language, error)
    if isinstance(error, RollNotYoursError):
        if error.example is None:
            return messages.text(language, "error.roll_not_yours")
        return messages.text(language, "error.roll_not_yours_example", example=error.example)
    if isinstance(error, InvalidMoveError):
        return _unreadable(messages, language, error, game or error.game)
    if isinstance(error, GameOverError):
        return messages.text(language, "error.game_over_move")
    if isinstance(error, IllegalMoveError):
        return _illegal(messages, language, error)
    if isinstance(error, app_commands.NoPrivateMessage):
        return messages.text(language, "error.guild_only")
    if isinstance(error, app_commands.BotMissingPermissions):
        permissions = ", ".join(
            _permission_name(messages, language, name) for name in error.missing_permissions
        )
        return messages.text(language, "error.bot_permissions", permissions=permissions)
    return messages.text(language, "error.unexpected")


def _permission_name(messages: Catalogue, language: str, name: str) -> str:
    """A permission as the server settings show it in `language` (its API name if unknown)."""
    key = f"permission.{name}"
    return f"**{messages.text(language, key)}**" if messages.has(key) else f"`{name}`"


def rule_text(rule: str, locale: object, *, source: Catalogue | None = None) -> str | None:
    """The plain-words statement of rule `rule` (``"P8"``, ``"V7"``), or None if unknown."""
    messages = source or catalogue()
    key = f"rule.{rule}"
    return messages.text(locale, key) if messages.has(key) else None


def _service(messages: Catalogue, language: str, error: ServiceError) -> str:
    key = f"error.{error.key}"
    status = error.params.get("status")
    if error.key == "challenge_closed" and status in _CHALLENGE_STATUSES:
        key = f"error.challenge_closed_{status}"
    if error.key == "no_games_yet" and error.params.get("game"):
        key = "error.no_games_yet_game"  # of one game, named
    if not messages.has(key):
        log.warning("no message for the service error %r (%s)", error.key, error)
        key = "error.service_error"
    try:
        return messages.text(language, key, **present_params(error.params, language))
    except KeyError:
        log.exception("the message %s does not fit the parameters of %r", key, error)
        return messages.text(language, "error.service_error")


def _unreadable(
    messages: Catalogue, language: str, error: InvalidMoveError, game: str | None
) -> str:
    # Each game's notation is `notation.<its key>` (as `GameKind.notation_key` says).
    notation = "notation.any" if game is None else f"notation.{game}"
    if not messages.has(notation):
        notation = "notation.any"
    lines = [messages.text(language, "error.invalid_move"), messages.text(language, notation)]
    reason = reason_text(messages, language, NOTATION, error)
    if reason is not None:  # why this text is not a move, in every language
        lines.append(_detail(reason))
    elif language == DEFAULT_LANGUAGE:  # the engine's own words are English and name the problem
        lines.append(_detail(error.message))
    return "\n".join(lines)


def _illegal(messages: Catalogue, language: str, error: IllegalMoveError) -> str:
    reason = reason_text(messages, language, RULE, error)
    explanation = _rule_under(messages, language, error, reason is not None)
    if reason is not None:
        # What is wrong with this move first, the dice again when they matter, the rule below.
        lines = [messages.text(language, "error.illegal_move", explanation=reason)]
        lines += roll_lines(messages, language, error)
        if explanation is not None:
            lines.append(_small(explanation))
        return "\n".join(lines)
    if explanation is None:
        log.warning("no explanation for the rule %r (%s)", error.rule, error)
        lines = [messages.text(language, "error.illegal_move_other")]
        if language == DEFAULT_LANGUAGE:
            lines.append(_detail(error.message))
        return "\n".join(lines)
    return messages.text(language, "error.illegal_move", explanation=explanation)


def _rule_under(
    messages: Catalogue, language: str, error: IllegalMoveError, reasoned: bool
) -> str | None:
    """The rule a refusal's small print states: where a rule says more than the reason is about
    (Ponte's P5, a turn's shape, under "`d4` is already taken"), the game's sentence for the
    reason (`rule_reason_note.<reason>`), so that the small print speaks of the refusal."""
    note = f"{RULE}_note.{error.reason}"
    if reasoned and messages.has(note):
        return messages.text(language, note)
    return rule_text(error.rule, language, source=messages)


def _one_line(text: str) -> str:
    # Only ASCII white space: French puts no-break spaces before its colons, and they must stay.
    return " ".join(_BREAKS.split(text.strip()))


def _small(text: str) -> str:
    """`text` as Discord's small print, on one line (a catalogue text: no need to shorten it)."""
    return "-# " + _one_line(text)


def _detail(message: str) -> str:
    shown = _one_line(message)
    if len(shown) > _MAX_DETAIL:
        shown = shown[: _MAX_DETAIL - 1] + "\u2026"
    return f"-# {shown}"


def service_error_classes() -> Iterable[type[ServiceError]]:
    """`ServiceError` and every subclass of it defined so far (each has a catalogue entry)."""
    found: list[type[ServiceError]] = []
    pending = [ServiceError]
    while pending:
        cls = pending.pop()
        found.append(cls)
        pending.extend(cls.__subclasses__())
    return found
