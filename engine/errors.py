"""The typed errors every engine raises.

The layers above catch `EngineError` and read the rule id of an `IllegalMoveError` to explain the
rule in the player's language; the English `message` is the fallback text.

An error may also say precisely what is wrong, as data rather than words, so that every language
can say it: `reason` is a short stable id (``"taken"``, ``"not_rolled"``), `fields` names the fields
concerned in notation (``("f5",)``) and `params` holds any other values the sentence needs (a face,
the roll), already written as text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


class EngineError(Exception):
    """Base class of every error an engine raises on purpose.

    A record loader that stops at a bad entry sets `record_index` (1-based) and `record_text` (the
    entry as written) before it re-raises, so a caller can point at the line.
    """

    record_index: int | None = None
    record_text: str | None = None
    game: str | None = None  # the key of the game whose notation the text was read in, if known

    def __init__(
        self,
        message: str,
        *,
        reason: str | None = None,
        fields: Iterable[object] = (),
        params: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason
        self.fields: tuple[str, ...] = tuple(str(field) for field in fields)
        self.params: dict[str, str] = dict(params or {})

    def __reduce__(self) -> tuple[object, ...]:
        # Errors cross process boundaries (worker pools); keep the constructor arguments. The
        # detail (reason, fields, params) travels in the instance dictionary.
        return (type(self), (self.message,), self.__dict__)


class InvalidMoveError(EngineError, ValueError):
    """Text that is not a move in the game's notation (or a record that is not well formed)."""


class IllegalMoveError(EngineError, ValueError):
    """A well-formed move that breaks a rule.

    `rule` is the id of the broken rule in docs/rules.md (``"P8"``, ``"V7"``); `message` says in
    plain words what is wrong with this move in this position; `reason`, `fields` and `params` say
    the same as data (see the module).
    """

    def __init__(
        self,
        rule: str,
        message: str,
        *,
        reason: str | None = None,
        fields: Iterable[object] = (),
        params: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message, reason=reason, fields=fields, params=params)
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.rule, self.message), self.__dict__)


class GameOverError(IllegalMoveError):
    """A move was offered after the game had ended; `rule` names the rule that ended it."""
