"""The plain objects the service returns: what changed, whose turn, the outcome, what to say."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from bot.games import SomeGame, SomeKind
from bot.service.deadlines import Turn, moment
from bot.store import ChallengeRow, ChallengeStatus, GameRow, GameStatus, Reach
from bot.store.quick import quick_init
from engine.game import Outcome, Reason, Side, Termination


class Ruling(Reason):
    """Why a game ended when no rule ended it: the service decides these."""

    TIMEOUT = "timeout"  # the player to move ran out of time
    AGREEMENT = "agreement"  # the players agreed to a draw


def reason_of(stored: str) -> Reason:
    """The reason a stored termination names; raise `ValueError` for none."""
    for kind in (Termination, Ruling):
        try:
            return kind(stored)
        except ValueError:
            continue
    raise ValueError(f"no game ends by {stored!r}")


DRAW = "draw"
"""How a draw is stored in place of a winning colour."""


class GameView:
    """A game as the layers above see it: its facts (everything stored but the secret seed of
    its dice) and its engine position, replayed from the record on first use."""

    def __init__(
        self,
        kind: SomeKind,
        row: GameRow,
        game: SomeGame | None = None,
        match: MatchStanding | None = None,
    ) -> None:
        self.id = row.id
        self.kind = kind
        self.variant = row.variant
        self.guild_id = row.guild_id
        self.channel_id = row.channel_id
        self.parent_channel_id = row.parent_channel_id  # the channel of the game's thread
        self.first_id, self.second_id = row.first_id, row.second_id
        self.status: GameStatus = row.status
        self.move_seconds = row.move_seconds
        self.turn_started_at = row.turn_started_at
        self.deadline_at = row.deadline  # epoch seconds; see `deadline`
        self.reminders_sent = row.reminders_sent
        self.next_alarm_at = row.next_alarm_at
        self.draw_offered_by = row.draw_offered_by
        self.takeback_by = row.takeback_by  # who asked to take back their last turn, if anyone
        self.record = row.record
        self.revision = row.revision  # name it when making a move on this position
        self.created_at, self.updated_at = row.created_at, row.updated_at
        self.finished_at = row.finished_at
        self.winner_id = row.winner_id  # None for a draw or a game still running
        self.computer_level = row.computer_level  # set in a game against the computer
        self.reach = row.reach  # REPLY: the bot only answers interactions in its channel
        self.imported_by = row.imported_by  # who imported it from a record (issue 54), if so
        self.record_tags: tuple[tuple[str, str], ...] = (
            tuple((str(name), str(value)) for name, value in json.loads(row.record_tags))
            if row.record_tags  # most games have none: no JSON to read (a batch's thousands)
            else ()
        )
        self._colours = {row.first_id: row.first_colour, row.second_id: row.second_colour}
        self.ending = stored_outcome(kind, row)
        self.match = match  # the score of its match, for a game of a best-of match
        self._game = game

    def __repr__(self) -> str:
        return f"<GameView {self.id} {self.kind.key} r{self.revision} {self.status}>"

    def player_names(self) -> dict[str, str]:
        """An imported game's players by colour, as its record's tags name them."""
        tags = dict(self.record_tags)
        return {
            colour.value: tags.get(colour.value.capitalize(), "") for colour in self.kind.colours
        }

    @property
    def game(self) -> SomeGame:
        """The engine game at this revision (do not change it: it may be shared)."""
        if self._game is None:
            self._game = self.kind.load(self.record)
        return self._game

    @property
    def is_active(self) -> bool:
        """Whether the game is still being played."""
        return self.status is GameStatus.ACTIVE

    @property
    def players(self) -> dict[str, int]:
        """Each colour's player, by the colour's name (as the colours are owned now)."""
        return {colour: user for user, colour in self._colours.items()}

    def colour_of(self, user_id: int) -> str | None:
        """The name of the colour `user_id` plays, or None for someone who does not play."""
        return self._colours.get(user_id)

    def player_of(self, colour: str | Side) -> int:
        """The user who plays `colour` (a colour or its name)."""
        return self.players[colour if isinstance(colour, str) else colour.value]

    def opponent_of(self, user_id: int) -> int:
        """The other player."""
        return self.second_id if user_id == self.first_id else self.first_id

    @property
    def to_move(self) -> str | None:
        """The name of the colour to move, or None when the game is over."""
        colour = self.game.to_move if self.is_active else None
        return None if colour is None else colour.value

    @property
    def to_move_id(self) -> int | None:
        """The user to move, or None when the game is over."""
        colour = self.to_move
        return None if colour is None else self.player_of(colour)

    @property
    def turn(self) -> Turn:
        """The current turn's start and limit (its reminders and deadline)."""
        return Turn(self.turn_started_at, self.move_seconds)

    @property
    def deadline(self) -> datetime | None:
        """When the player to move loses on time, or None when the game is over."""
        return moment(self.deadline_at) if self.is_active else None


class MatchTermination(StrEnum):
    """Why a match ended (the values are stored)."""

    DECIDED = "decided"  # a player won the majority of its length
    LIMIT = "limit"  # the most games it may have were played (drawn games are replayed)
    RESIGNATION = "resignation"  # a player gave up the whole match


@dataclass(frozen=True, slots=True)
class MatchStanding:
    """A best-of match as one of its games sees it: the score of the games finished so far."""

    id: int
    best_of: int
    max_games: int
    game_number: int  # the game this standing belongs to, from 1
    players: tuple[int, int]  # in the order of the match's first game
    wins: tuple[int, int]  # games won by each of `players`
    draws: int
    finished: bool
    winner_id: int | None  # None for a drawn match, or while it runs
    termination: MatchTermination | None

    @property
    def played(self) -> int:
        """Games finished so far."""
        return sum(self.wins) + self.draws

    def wins_of(self, user_id: int) -> int:
        """Games `user_id` has won in the match."""
        return self.wins[self.players.index(user_id)]


@dataclass(frozen=True, slots=True)
class MatchUpdate:
    """What the end of a match game did to its match: the score now, and the next game if the
    match goes on (its start is owed to the channel, after the end of this one)."""

    standing: MatchStanding
    next_game: Started | None


def stored_outcome(kind: SomeKind, row: GameRow) -> Outcome[Side] | None:
    """How the game of `row` ended, as stored; None while it runs."""
    if row.result is None or row.termination is None:
        return None
    winner = None if row.result == DRAW else kind.colour(row.result)
    scores = None
    if row.scores is not None:
        scores = {kind.colour(name): points for name, points in json.loads(row.scores).items()}
    return Outcome(winner, reason_of(row.termination), row.rule, scores)


@dataclass(frozen=True, slots=True)
class MoveResult:
    """A move (or resignation) made: announce `played`, then the board, then mention `next_id`."""

    view: GameView
    mover_id: int
    played: str  # the move in canonical notation
    drawn: tuple[str, ...]  # chance events the bot drew after it (a Verbindung roll)
    ending: Outcome[Side] | None
    match: MatchUpdate | None = None  # after the last move of a match game
    answered: MoveResult | None = None  # the answer a queued line played at once after it
    # The opponent's move (its mover and notation) this one answered at once from a queued
    # line: its own post went stale at once (the board moved on), so this one tells it.
    after: tuple[int, str] | None = None

    @property
    def last(self) -> MoveResult:
        """The last move this one led to: itself, or the queued answers played after it."""
        return self if self.answered is None else self.answered.last

    @property
    def next_id(self) -> int | None:
        """The player to move, None when the game is over."""
        return self.view.to_move_id

    @property
    def to_notify(self) -> tuple[int, ...]:
        """Who must hear of this move: the player to move; after the last move (or a
        resignation) every player but the one who made it, so the loser hears of a win."""
        if self.ending is None:
            return () if self.next_id is None else (self.next_id,)
        return tuple(user for user in self.view.players.values() if user != self.mover_id)


@dataclass(frozen=True, slots=True)
class Challenge:
    """A challenge from one user to another in a channel, or to anyone there (an open one:
    `opponent_id` None until taken), as the layers above see it."""

    id: int
    game_kind: str
    variant: str
    guild_id: int | None
    channel_id: int
    challenger_id: int
    opponent_id: int | None
    challenger_first: bool
    move_seconds: int
    wants_thread: bool
    status: ChallengeStatus
    message_id: int | None  # the Discord message that shows it, once posted
    created_at: int
    expires_at: int
    game_id: int | None  # the game it started, once accepted
    best_of: int = 1  # above 1: the game starts a best-of match
    reach: Reach = Reach.POST  # REPLY: the bot only answers interactions in its channel
    rating_window: int | None = (
        None  # an open one: a taker's rating within this of the challenger's
    )
    to_anyone: bool = False  # an open challenge (once taken, `opponent_id` is the taker)

    @property
    def opponent(self) -> int:
        """The opponent of a named or taken challenge (an open one nobody took has none)."""
        assert self.opponent_id is not None, "an open challenge nobody took has no opponent"
        return self.opponent_id

    @classmethod
    def of(cls, row: ChallengeRow) -> Challenge:
        """The challenge a stored row describes."""
        return cls(
            id=row.id,
            game_kind=row.game_kind,
            variant=row.variant,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            challenger_id=row.challenger_id,
            opponent_id=row.opponent_id,
            challenger_first=bool(row.challenger_first),
            move_seconds=row.move_seconds,
            wants_thread=bool(row.wants_thread),
            status=row.status,
            message_id=row.message_id,
            created_at=row.created_at,
            expires_at=row.expires_at,
            game_id=row.game_id,
            best_of=row.best_of,
            reach=row.reach,
            rating_window=row.rating_window,
            to_anyone=bool(row.to_anyone),
        )


class DrawAction(StrEnum):
    """What happened to a draw offer."""

    OFFERED = "offered"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    REFUSED = "refused"  # by the computer, at once


@quick_init
@dataclass(frozen=True, slots=True)
class Started:
    """A game started (its start is owed to its channel). `greets_both`: its start pings both
    players, not only the first to move (a tournament's board, whose round pings nobody)."""

    view: GameView
    greets_both: bool = False


@dataclass(frozen=True, slots=True)
class AcceptResult:
    """A challenge accepted: the game it started (the first player is `view.to_move_id`);
    None while the thread it asked for is owed (the game starts there once it is open)."""

    challenge: Challenge
    view: GameView | None


@dataclass(frozen=True, slots=True)
class DrawResult:
    """A draw offered, accepted or declined; `ending` is set when the game ended in a draw."""

    view: GameView
    action: DrawAction
    by_id: int
    ending: Outcome[Side] | None
    match: MatchUpdate | None = None


@dataclass(frozen=True, slots=True)
class Reminder:
    """Tell `user_id` their move is due by `deadline` (`stage` 1 at half time, 2 near the end)."""

    view: GameView
    user_id: int
    stage: int
    deadline: datetime


@dataclass(frozen=True, slots=True)
class TimeLoss:
    """`loser_id` did not move in time and lost."""

    view: GameView
    loser_id: int
    ending: Outcome[Side]
    match: MatchUpdate | None = None
    # A reply-only game's loss shown at a press after the opponent's press showed it to the
    # channel (with the match's next game): it is only this player's news now.
    shown_before: bool = False


@dataclass(frozen=True, slots=True)
class ChallengeExpired:
    """A challenge nobody answered in time."""

    challenge: Challenge


@dataclass(frozen=True, slots=True)
class TurnDm:
    """A direct message to `user_id`: it is their turn in the game of `view`. `link_id` is the
    message in the game's channel that shows the position, once it is known."""

    view: GameView
    user_id: int
    link_id: int | None


@dataclass(frozen=True, slots=True)
class DigestItem:
    """One game of a reminder digest: `stage` 1 at half time, 2 near the end."""

    view: GameView
    stage: int
    deadline: datetime
    link_id: int | None


@dataclass(frozen=True, slots=True)
class ReminderDigest:
    """One direct message to `user_id` with every game of theirs whose reminder is due within
    the hour (never one message per game)."""

    user_id: int
    items: tuple[DigestItem, ...]


@dataclass(frozen=True, slots=True)
class VacationNotice:
    """Tell the channel of `view`'s game that `user_id` is away until `until` (or, with `back`,
    back early): their clock stands still meanwhile."""

    view: GameView
    user_id: int
    until: datetime
    back: bool


@dataclass(frozen=True, slots=True)
class Replay:
    """A finished game's animation, owed to its channel (after the post of the game's end,
    before the start of its match's next game)."""

    view: GameView


@dataclass(frozen=True, slots=True)
class TimeLossDm:
    """A direct message to `user_id`, a player of a reply-only game that `loser_id` lost on
    time (no channel post can tell them)."""

    loss: TimeLoss
    user_id: int

    @property
    def view(self) -> GameView:
        """The finished game."""
        return self.loss.view


class TakebackAction(StrEnum):
    """What happened to a request to take back a turn."""

    ASKED = "asked"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    REFUSED = "refused"  # by the computer, at once (above the easy level)


@dataclass(frozen=True, slots=True)
class TakebackResult:
    """A takeback asked for, answered, or refused; `taken` are the moves taken back (in
    notation, in order) once it is accepted, and the ones it would take back before. Of them,
    `own` are the asker's, `answer` the opponent's (the computer's answer, taken back with the
    player's move) and `rolls` the chance events, each with the player it was drawn for."""

    view: GameView
    action: TakebackAction
    asker_id: int
    by_id: int  # who acted: the asker, or the opponent who answered
    taken: tuple[str, ...]
    own: tuple[str, ...] = ()
    answer: tuple[str, ...] = ()
    rolls: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True, slots=True)
class HistoryStep:
    """One position of a game's history: after `turn` of its `turns` turns (0: the start)."""

    view: GameView
    position: SomeGame
    turn: int
    turns: int


@dataclass(frozen=True, slots=True)
class FinishedPage:
    """One page (from 0) of a player's finished games, newest first."""

    views: tuple[GameView, ...]
    page: int
    pages: int


@dataclass(frozen=True, slots=True)
class VacationStatus:
    """A player's holiday now (`until` None when there is none) and the days left this year."""

    user_id: int
    until: datetime | None
    days_left: int
    # The player's active games, every one of which a holiday affects: the clock stands still
    # in those they are to move in, and a turn that comes to them meanwhile waits for their
    # return (the computer's games too, though no opponent there is told).
    games: int


@dataclass(frozen=True, slots=True)
class Export:
    """A game record as a file."""

    filename: str
    text: str


def scores_json(outcome: Outcome[Side]) -> str | None:
    """The scores of an outcome as stored: points by the colour's name."""
    if outcome.scores is None:
        return None
    return json.dumps(
        {colour.value: points for colour, points in outcome.scores.items()}, sort_keys=True
    )
