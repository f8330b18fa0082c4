"""What a post owed to Discord is, seen from the use cases that owe it (issue 45).

Every message the bot owes Discord is a row of one outbox, owed in the transaction of the change
that owes it (`Context.owe`) and delivered by one deliverer. A post is of a `PostKind`: its name
(stored), its subject (what it is about) and how it is rebuilt from the database when it goes
out (`rebuild`: what it shows then, or None when a later change made it pointless). A feature
adds a kind beside its use cases and a renderer beside its commands, and one line in the table
of kinds; never a delivery path.

A command that changes something answers with what its change owes: it enters `answering()`
around the use case, so the posts owed inside are claimed for this process for a short grace
(nobody else delivers them meanwhile) and collected, in order, once the change has committed.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Generic, TypeVar

from bot.store import Db
from bot.store.outbox import OutboxRow

if TYPE_CHECKING:
    from bot.service.context import Context

P_co = TypeVar("P_co", covariant=True)
"""What a kind's post shows, rebuilt from the database."""


class Subject(StrEnum):
    """What a post is about (stored): its posts go out in the order they were owed."""

    GAME = "game"
    TOURNAMENT = "tournament"
    ANALYSIS = "analysis"
    USER = "user"  # a direct message about several games (a reminder digest)
    CHALLENGE = "challenge"
    PUZZLE = "puzzle"  # a channel's daily puzzle (its id is the channel's)


Stored = int | str | bool | Sequence[object]
"""What a post may keep beside its subject (as JSON)."""

Rebuild = Callable[["Context", Db, OutboxRow], Awaitable[P_co | None]]
"""What a post shows as its subject is now (None: a later change made it pointless, and it is
settled without a post). Raises what reading the subject raises (the post is tried later)."""


@dataclass(frozen=True, slots=True, eq=False)
class PostKind(Generic[P_co]):
    """A kind of post: its stored name, its subject, how it is rebuilt. `once`: while one post
    of this kind about a subject waits unclaimed, owing another adds none (what it shows is
    read when it goes out: an edit showing an analysis's progress, say)."""

    name: str
    subject: Subject
    rebuild: Rebuild[P_co]
    once: bool = False

    def __repr__(self) -> str:
        return f"<PostKind {self.name}>"


@dataclass(eq=False)
class Owing:
    """The posts the changes of one command owed, in the order they were owed (filled in as
    each change commits): the command delivers them itself, first as its answer. `locale` is
    the language the command's place reads, kept with each post (a direct message's channel
    has no server to say it); `user_id` who gave the command, in `channel_id`, kept with each
    post too: had its answer never reached Discord, a post to that channel is shown to them
    later (issue 52, point 7)."""

    locale: str | None = None
    user_id: int | None = None
    channel_id: int | None = None
    ids: list[int] = field(default_factory=list)
    # The task that answers: a task it starts (the computer thinking about its move, say)
    # inherits the context, not the command.
    task: asyncio.Task[object] | None = field(default_factory=asyncio.current_task)


ASKED_IN = "asked_in"
"""The key of what a post owed by a command keeps: the channel the command was given in."""


_answering: ContextVar[Owing | None] = ContextVar("answering", default=None)


@contextmanager
def answering(
    locale: str | None = None, user_id: int | None = None, channel_id: int | None = None
) -> Iterator[Owing]:
    """Around the use cases of a command (given by `user_id` in `channel_id`) that answers
    with what they owe: their posts are claimed for this process, and collected in the
    `Owing` yielded."""
    owing = Owing(locale, user_id, channel_id)
    token = _answering.set(owing)
    try:
        yield owing
    finally:
        _answering.reset(token)


class PostData:
    """What a post stored beside its subject (JSON), read back by type."""

    def __init__(self, row: OutboxRow) -> None:
        self._data = json.loads(row.data)

    def number(self, key: str) -> int:
        """A whole number it holds."""
        value = self._data[key]
        if not isinstance(value, int):
            raise TypeError(f"{key} is no number: {value!r}")
        return value

    def flag(self, key: str) -> bool:
        """A yes or no it holds."""
        return bool(self._data[key])

    def word(self, key: str) -> str:
        """A text it holds."""
        return str(self._data[key])

    def words(self, key: str) -> tuple[str, ...]:
        """A list of texts it holds."""
        return tuple(str(item) for item in self._data[key])

    def maybe_word(self, key: str) -> str | None:
        """A text it may hold."""
        value = self._data.get(key)
        return None if value is None else str(value)

    def table(self, key: str) -> list[list[int | str]]:
        """A list of rows of numbers and texts it holds."""
        return [
            [cell if isinstance(cell, int) else str(cell) for cell in line]
            for line in self._data[key]
        ]


def current_answer() -> Owing | None:
    """The command this task answers, if it is inside `answering()` (in this very task)."""
    owing = _answering.get()
    return owing if owing is not None and owing.task is asyncio.current_task() else None
