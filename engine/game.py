"""The one interface both games implement, in python-chess's manner.

A game is its variant and its move stack: `push` makes a trusted move, `play` parses, checks and
makes one, `legal_moves()` is a view (`len`, `bool`, and a cheap `in` that asks `is_legal`),
`outcome()` says how it ended in one shared `Outcome`, `to_move` is None once it has. Each game
supplies the rules (`parse_move`, `check`, `push`, `_generate`, `resignation`) and the few queries
the layers above would otherwise work out again from the record (`movers`, `is_final_turn`,
`is_chance`, `scores`); what follows from those (the positions of a history, the length of a turn
to take back) is worked out here once for every game.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import ClassVar, Generic, Protocol, Self, TypeGuard, TypeVar

from engine.errors import EngineError, GameOverError, IllegalMoveError, InvalidMoveError
from engine.record import Record, TakenBack


class Side(Protocol):
    """What a colour of a game offers: its name and its opponent."""

    @property
    def value(self) -> str:
        """The colour's name (``"white"``, ``"red"``, ``"black"``)."""
        ...

    @property
    def other(self) -> Self:
        """The opposing colour."""
        ...


MoveT = TypeVar("MoveT")
ColourT = TypeVar("ColourT", bound=Side)


class Reason(enum.StrEnum):
    """Why a game ended: the rules' reasons (`Termination`) and, in the layers above, reasons no
    rule decides (a clock, an agreement) share this base, so one `Outcome` carries either. The
    values are stored in databases: never change one."""


class Termination(Reason):
    """Why the rules ended a game."""

    FINISHED = "finished"  # Ponte P16/P17: the passes ended it, the score decides (P20)
    CONNECTED = "connected"  # Verbindung V11: the mover joined their four bases
    HANDED = "handed"  # Verbindung V11: the mover completed only the opponent's network
    FULL_BOARD = "full-board"  # Verbindung V12: no field is left, a draw
    RESIGNATION = "resignation"  # P18, V12


@dataclass(frozen=True, slots=True)
class Outcome(Generic[ColourT]):
    """The end of a game: the winner (None for a draw), why, the rule that decided it (None
    when no rule did: a clock, an agreement), and the points of each colour in games that
    score."""

    winner: ColourT | None
    termination: Reason
    rule: str | None  # the rule that ended it (``"P16"``, ``"V11"``)
    scores: Mapping[ColourT, int] | None = None

    @property
    def result(self) -> str:
        """The winning colour's name, or ``"draw"``."""
        return "draw" if self.winner is None else self.winner.value


def game_over(outcome: Outcome[ColourT], message: str = "the game is over") -> GameOverError:
    """The refusal of a move after `outcome` ended the game, naming the rule that ended it."""
    return GameOverError(outcome.rule or "", message)


class _Legality(Protocol[MoveT]):
    """What `LegalMoves` asks of its game."""

    def _generate(self) -> Iterator[MoveT]: ...

    def is_move(self, move: object) -> TypeGuard[MoveT]: ...

    def is_legal(self, move: MoveT) -> bool: ...


class LegalMoves(Generic[MoveT]):
    """The legal moves of a position: iterated lazily; `in` asks the rules directly."""

    def __init__(self, game: _Legality[MoveT]) -> None:
        self._game = game

    def __iter__(self) -> Iterator[MoveT]:
        return self._game._generate()

    def __contains__(self, move: object) -> bool:
        return self._game.is_move(move) and self._game.is_legal(move)

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def count(self) -> int:
        """How many legal moves there are (enumerates them all)."""
        return len(self)

    def __repr__(self) -> str:
        return f"<LegalMoves of {self._game!r}>"


class Game(ABC, Generic[MoveT, ColourT]):
    """A game in progress or finished."""

    KEY: ClassVar[str]  # the game's name in records (``"ponte"``)
    TITLE: ClassVar[str]  # the game's name for people (``"Ponte del Diavolo"``)
    VARIANTS: ClassVar[tuple[str, ...]]  # the game's variants, the default first
    _takebacks: tuple[TakenBack, ...] = ()  # a game with takebacks sets its own

    @classmethod
    @abstractmethod
    def colours(cls) -> tuple[ColourT, ColourT]:
        """The two colours, the first mover's first."""

    @classmethod
    def colour(cls, name: str) -> ColourT:
        """The colour called `name`; raise `ValueError` for a name the game has no colour of."""
        for colour in cls.colours():
            if colour.value == name:
                return colour
        raise ValueError(f"{cls.TITLE} has no colour {name!r}")

    @classmethod
    @abstractmethod
    def new(cls, variant: str | None = None) -> Self:
        """A new game of `variant` (the game's default for None); raise `InvalidMoveError` for
        a variant the game does not have."""

    @classmethod
    def from_moves(cls, variant: str | None, texts: Iterable[str]) -> Self:
        """The game after `texts` (moves in notation), each checked; raises the typed error of
        the first bad one, with its 1-based place as `record_index`."""
        return cls.from_record(Record(cls.KEY, variant, tuple(texts)))

    @classmethod
    def from_record(cls, record: Record) -> Self:
        """The game `record` describes, every move checked; raises the typed error of the first
        bad entry with `record_index` (its line) and `record_text` set."""
        if record.game != cls.KEY:
            raise InvalidMoveError(f"the record is of {record.game!r}, not {cls.KEY!r}")
        game = cls.new(record.variant)
        for number, text in record.numbered():
            try:
                game.play(text)
            except EngineError as error:
                error.record_index, error.record_text = number, text
                raise
        if record.takebacks:
            game._takebacks = record.takebacks
        return game

    @classmethod
    def from_text(cls, text: str, variant: str | None = None) -> Self:
        """The game a text record describes (see `engine.record`)."""
        return cls.from_record(Record.from_text(text, cls.KEY, variant))

    @classmethod
    def from_json(cls, text: str) -> Self:
        """The game a JSON record describes (see `engine.record`)."""
        return cls.from_record(Record.from_json(text, cls.KEY))

    def record(self) -> Record:
        """The record of the game so far."""
        moves = tuple(str(move) for move in self.moves)
        return Record(
            self.KEY, self.variant_name, moves, title=self.TITLE, takebacks=self._takebacks
        )

    # The rules ---------------------------------------------------------------------------------

    @abstractmethod
    def parse_move(self, text: str, *, by: ColourT | None = None) -> MoveT:
        """Parse `text` in the game's notation; raise `InvalidMoveError`. `by` is the colour of
        whoever wrote it, for a move that names its maker (a bare ``resign``); without it, the
        player to move."""

    @abstractmethod
    def check(self, move: MoveT) -> None:
        """Raise `IllegalMoveError` (with the rule id) unless `move` may be played now."""

    @abstractmethod
    def push(self, move: MoveT) -> None:
        """Make `move` without checking it (the caller has)."""

    @abstractmethod
    def is_move(self, move: object) -> TypeGuard[MoveT]:
        """Whether `move` is a move of this game at all (legal or not)."""

    @abstractmethod
    def _generate(self) -> Iterator[MoveT]:
        """The legal moves now, lazily, in the game's canonical order."""

    @abstractmethod
    def resignation(self, colour: ColourT) -> MoveT:
        """The move by which `colour` gives up (legal at any time before the end)."""

    @abstractmethod
    def resigner(self, move: MoveT) -> ColourT | None:
        """The colour `move` resigns for, or None when it is not a resignation."""

    def is_chance(self, move: MoveT) -> bool:
        """Whether `move` is a chance event (a roll), which the caller supplies and no player
        makes (none by default)."""
        return False

    # The position ------------------------------------------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> ColourT | None:
        """Whose turn it is, None once the game is over."""

    @property
    @abstractmethod
    def moves(self) -> tuple[MoveT, ...]:
        """Every move so far, in order (chance events included): the move stack."""

    @property
    @abstractmethod
    def variant_name(self) -> str:
        """The variant's name (the game's only one for a game without variants)."""

    @abstractmethod
    def outcome(self) -> Outcome[ColourT] | None:
        """How the game ended, None while it runs."""

    @abstractmethod
    def copy(self) -> Self:
        """An independent copy."""

    @abstractmethod
    def movers(self) -> tuple[ColourT | None, ...]:
        """For each move of the stack, the colour its maker holds now (None for a chance
        event): where colours change owners (a pie rule), moves follow their player."""

    def is_final_turn(self) -> bool:
        """Whether the coming turn is the game's last one (none by default)."""
        return False

    def scores(self) -> Mapping[ColourT, int] | None:
        """The points of each colour now (None for a game without points)."""
        return None

    @property
    def first_player_colour(self) -> ColourT:
        """The colour the player who made the first turn holds now (the first colour unless a
        rule such as the pie rule changed the owners)."""
        return self.colours()[0]

    # Built on the above ------------------------------------------------------------------------

    @property
    def ply(self) -> int:
        """How many moves were made (chance events included)."""
        return len(self.moves)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.outcome() is not None

    def peek(self) -> MoveT:
        """The last move; raise `IndexError` when there is none."""
        return self.moves[-1]

    def position_at(self, ply: int) -> Self:
        """A new game as this one was after its first `ply` moves; raise `ValueError` for a ply
        the game has not reached."""
        if not 0 <= ply <= self.ply:
            raise ValueError(f"the game has no position after {ply} moves")
        earlier = self.new(self.variant_name)
        for move in self.moves[:ply]:
            earlier.push(move)  # checked when this game was built
        return earlier

    def turn_plies(self) -> list[int]:
        """The positions a history of the game steps through, as plies: the start (with the
        chance events that open the game), then each turn with the chance events after it."""
        movers = self.movers()

        def past_chance(ply: int) -> int:
            while ply < len(movers) and movers[ply] is None:
                ply += 1
            return ply

        return [past_chance(0)] + [
            past_chance(index + 1) for index, mover in enumerate(movers) if mover is not None
        ]

    def last_turn_length(self, colour: ColourT) -> int | None:
        """How many moves a takeback of `colour`'s last turn removes (the turn and the chance
        events after it); None when the opponent has moved since, 0 when `colour` has not
        moved at all."""
        count = self.since_last_turn(colour)
        later = self.movers()[self.ply - count + 1 :] if count else ()
        return None if any(mover is not None for mover in later) else count

    def since_last_turn(self, colour: ColourT) -> int:
        """How many moves were made from `colour`'s last turn on, that turn included (the
        opponent's answers and the chance events too); 0 when `colour` has not moved at all."""
        movers = self.movers()
        for index in range(len(movers) - 1, -1, -1):
            if movers[index] == colour:
                return len(movers) - index
        return 0

    def positions(self) -> Iterator[Self]:
        """The game before any move, then after each move in turn, for replays: one new game
        advanced move by move (copy a position to keep it)."""
        replayed = self.new(self.variant_name)
        yield replayed
        for move in self.moves:
            replayed.push(move)  # checked when this game was built
            yield replayed

    @property
    def takebacks(self) -> tuple[TakenBack, ...]:
        """The moves taken back during the game (with the opponent's consent), in order."""
        return self._takebacks

    def take_back(self, count: int) -> Self:
        """The game as it was `count` moves ago: a new game, which remembers the moves taken
        back in its `takebacks` (and so in its record). Raises `ValueError` for a count of moves
        the game does not have."""
        if not 0 < count <= len(self.moves):
            raise ValueError(f"cannot take back {count} of {len(self.moves)} moves")
        kept = len(self.moves) - count
        earlier = self.new(self.variant_name)
        for move in self.moves[:kept]:
            earlier.push(move)  # checked when this game was built
        taken = TakenBack(kept, tuple(str(move) for move in self.moves[kept:]))
        earlier._takebacks = (*self._takebacks, taken)
        return earlier

    def legal_moves(self) -> LegalMoves[MoveT]:
        """The legal moves now (see `LegalMoves`)."""
        return LegalMoves(self)

    def is_legal(self, move: MoveT) -> bool:
        """Whether `move` may be played now."""
        try:
            self.check(move)
        except IllegalMoveError:
            return False
        return True

    def play(self, text: str) -> MoveT:
        """Parse, check and make a move; return it. Raises the typed errors, changing nothing."""
        move = self.parse_move(text)
        self.check(move)
        self.push(move)
        return move

    def last_move_by(self, colour: ColourT) -> MoveT | None:
        """The last move (not a chance event) made by whoever holds `colour` now, or None."""
        for move, mover in zip(reversed(self.moves), reversed(self.movers()), strict=True):
            if mover == colour:
                return move
        return None

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Game)
        return (self.variant_name, list(self.moves)) == (other.variant_name, list(other.moves))

    __hash__ = None  # type: ignore[assignment]  # a game changes

    def __repr__(self) -> str:
        """An expression that builds an equal game (with the class in scope)."""
        texts = [str(move) for move in self.moves]
        return f"{type(self).__name__}.from_moves({self.variant_name!r}, {texts!r})"
