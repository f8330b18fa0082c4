"""What the store hands out: one frozen dataclass per table row, field names as the columns."""

from __future__ import annotations

import functools
import typing
from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Self

from bot.store.connection import Db, Row
from bot.store.quick import quick_init


class _FromRow:
    """What every row the store hands out is built on: a frozen dataclass whose fields are the
    columns selected (`columns()`), a stored text read into the field's `StrEnum` type."""

    @classmethod
    async def one(cls, db: Db, sql: str, params: Sequence[object]) -> Self | None:
        """The first row `sql` selects (every column of the table), or None."""
        row = await db.fetch_one(sql, params)
        return None if row is None else cls.from_row(row)

    @classmethod
    async def all(cls, db: Db, sql: str, params: Sequence[object]) -> list[Self]:
        """Every row `sql` selects (every column of the table), in its order."""
        return [cls.from_row(row) for row in await db.fetch_all(sql, params)]

    @classmethod
    def from_row(cls, row: Row) -> Self:
        """Build from a row selected with every column of the table."""
        names, enums = _shape_of(typing.cast(type, cls))
        values = [row[name] for name in names]
        for index, enum in enums:
            if values[index] is not None:
                values[index] = enum(values[index])
        return cls(*values)

    @classmethod
    def columns(cls) -> str:
        """The column list for a SELECT, in field order."""
        return ", ".join(f.name for f in fields(cls))  # type: ignore[arg-type]


@functools.cache
def _shape_of(cls: type) -> tuple[tuple[str, ...], tuple[tuple[int, type[StrEnum]], ...]]:
    """The fields of a row class in order, and where its `StrEnum`s are (read once: a batch
    builds thousands of rows)."""
    names = tuple(f.name for f in fields(cls))
    enums = _enums_of(cls)
    return names, tuple((i, enums[name]) for i, name in enumerate(names) if name in enums)


@functools.cache
def _enums_of(cls: type) -> dict[str, type[StrEnum]]:
    """The fields of a row class whose type is a `StrEnum` (or one or None), by name."""
    found = {}
    for name, hint in typing.get_type_hints(cls).items():
        options = typing.get_args(hint) or (hint,)
        enum = next((o for o in options if isinstance(o, type) and issubclass(o, StrEnum)), None)
        if enum is not None:
            found[name] = enum
    return found


class GameStatus(StrEnum):
    """Where a game stands (the `status` column)."""

    ACTIVE = "active"
    FINISHED = "finished"


class ChallengeStatus(StrEnum):
    """Where a challenge stands (the `status` column)."""

    PENDING = "pending"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


class Reach(StrEnum):
    """How a game or a challenge reaches its channel (the `reach` column)."""

    POST = "post"  # the bot posts there: a server it was added to, or its own direct messages
    REPLY = "reply"  # it can only answer interactions: DMs between people, servers without it


@dataclass(frozen=True, slots=True)
class ChallengeRow(_FromRow):
    """A challenge from one user to another in a channel, or to anyone there (an open challenge:
    no opponent until someone takes it)."""

    id: int
    game_kind: str
    variant: str
    guild_id: int | None
    channel_id: int
    challenger_id: int
    opponent_id: int | None  # None: an open challenge nobody has taken
    challenger_first: int  # 1 when the challenger makes the first move
    move_seconds: int
    wants_thread: int  # 1 when the game should get a thread of its own
    status: ChallengeStatus
    message_id: int | None
    created_at: int
    expires_at: int
    answered_at: int | None
    game_id: int | None
    best_of: int  # 1 for a single game, else the length of the match it starts
    request_id: int | None  # the request that made it (a Discord interaction), if known
    reach: Reach  # how the game it starts reaches the channel
    to_anyone: int  # 1 for an open challenge (taken or not)
    rating_window: int | None  # an open challenge's taker: within this of the challenger's rating


@quick_init
@dataclass(frozen=True, slots=True)
class GameRow(_FromRow):
    """A game, active or finished; `record` is the engine's JSON record."""

    id: int
    game_kind: str
    variant: str
    guild_id: int | None
    channel_id: int
    parent_channel_id: int | None
    first_id: int  # the player who made (or makes) the first move
    second_id: int
    first_colour: str  # the first player's colour now (a Ponte swap changes it)
    second_colour: str
    status: GameStatus
    move_seconds: int
    turn_started_at: int
    deadline: int
    reminders_sent: int  # 0 none, 1 the half-time one, 2 the last one
    next_alarm_at: int | None
    draw_offered_by: int | None
    record: str
    revision: int  # grows with every change of the position; a change names the one it saw
    seed: int
    created_at: int
    updated_at: int
    finished_at: int | None
    result: str | None  # the winning colour or "draw"
    termination: str | None
    rule: str | None
    winner_id: int | None
    scores: str | None  # JSON {colour: points} for games that score
    computer_level: str | None  # easy, normal or hard against the bot; None between people
    match_id: int | None  # the match the game is part of, if any
    match_game: int | None  # its number in that match, from 1
    takeback_by: int | None  # who asked to take back their last turn (until the next move)
    last_turn_seconds: int | None  # how long the last person to move took (not the computer)
    dm_reminded: int  # the reminder stage of this turn already sent by direct message
    reach: Reach  # whether the bot posts in its channel or only answers interactions there
    imported_by: int | None  # who imported the game from a record (issue 54); None: played here
    record_tags: str | None  # an imported record's tags as read (JSON [[name, value], ...])

    def colour_of(self, user_id: int) -> str | None:
        """The colour `user_id` plays, or None for someone who is not a player."""
        if user_id == self.first_id:
            return self.first_colour
        if user_id == self.second_id:
            return self.second_colour
        return None

    def player_of(self, colour: str) -> int:
        """The user who plays `colour`."""
        return self.first_id if colour == self.first_colour else self.second_id

    def opponent_of(self, user_id: int) -> int:
        """The other player."""
        return self.second_id if user_id == self.first_id else self.first_id


class MatchStatus(StrEnum):
    """Where a match stands (the `status` column)."""

    ACTIVE = "active"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class MatchRow(_FromRow):
    """A best-of match: its players (in the order of its first game) and how it ended."""

    id: int
    game_kind: str
    variant: str
    guild_id: int | None
    channel_id: int
    first_id: int
    second_id: int
    best_of: int
    max_games: int
    move_seconds: int
    computer_level: str | None
    status: MatchStatus
    winner_id: int | None  # None for a draw, or while it runs
    termination: str | None  # decided, limit or resignation
    created_at: int
    finished_at: int | None


@dataclass(frozen=True, slots=True)
class MatchGame(_FromRow):
    """One game of a match as its score needs it (columns of `games`)."""

    match_game: int
    first_id: int  # who moved first in it
    status: GameStatus
    winner_id: int | None

    @property
    def finished(self) -> bool:
        """Whether the game has ended."""
        return self.status is GameStatus.FINISHED


@dataclass(frozen=True, slots=True)
class RatingRow(_FromRow):
    """A player's rating in one game on one server, with the results it counts."""

    guild_id: int
    game_kind: str
    user_id: int
    mu: float
    sigma: float
    results: int
    wins: int
    losses: int
    draws: int
    updated_at: int


@dataclass(frozen=True, slots=True)
class RatedResult(_FromRow):
    """One result between two people, a game or a whole match, and whether it is rated."""

    id: int
    guild_id: int
    game_kind: str
    first_id: int
    second_id: int
    winner_id: int | None  # None for a draw
    game_id: int | None
    match_id: int | None
    finished_at: int
    rated: int | None  # 1: it counts in the ratings; 0: a player never moved; None: not judged


@dataclass(frozen=True, slots=True)
class PlayerResult(_FromRow):
    """One finished game as one of its players saw it."""

    game_id: int
    user_id: int
    opponent_id: int
    game_kind: str
    variant: str
    guild_id: int | None
    outcome: str  # win, loss or draw
    finished_at: int


class Notify(StrEnum):
    """How a user wants to hear that a game needs them (the `notify` column)."""

    CHANNEL = "channel"  # the ping in the game's channel only
    TURNS = "turns"  # also a direct message at every turn, and reminders by direct message
    REMINDERS = "reminders"  # also reminders by direct message


@dataclass(frozen=True, slots=True)
class UserSettings(_FromRow):
    """A user's own choices."""

    user_id: int
    notify: Notify
    dm_closed: int  # 1 after Discord refused a direct message (50007), until they choose anew
    locale: str | None  # the language of their Discord when they chose: their messages' language
    updated_at: int


@dataclass(frozen=True, slots=True)
class Vacation(_FromRow):
    """A holiday: the user's clocks stand still from `starts_at` until `ends_at`."""

    id: int
    user_id: int
    starts_at: int
    ends_at: int
    created_at: int


@dataclass(frozen=True, slots=True)
class PlayerTotals(_FromRow):
    """A user's finished games of one kind: wins, losses and draws (counted by the query)."""

    game_kind: str
    wins: int
    losses: int
    draws: int


@quick_init
@dataclass(frozen=True, slots=True)
class SeekRow(_FromRow):
    """A player's seek in the pool across servers (issue 53, step 5): a game with anyone, on
    any server; `variant` and `move_seconds` None for any."""

    id: int
    user_id: int
    game_kind: str
    variant: str | None
    move_seconds: int | None
    rated: int
    rating: float
    dm_channel_id: int
    locale: str | None
    created_at: int
    lapses_at: int
