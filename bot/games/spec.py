"""One description per game: everything game-specific the bot needs, behind one interface.

A `GameSpec` holds a game's rules adapter for the service (colours as plain strings, records in
the engine's JSON form, the chance events the bot draws), its images, its move suggestions, its
computer player and the catalogue keys of its texts. The layers above look a game up by its key
in the registry (`bot.games`) and never name one: a new game is an engine package, a spec and one
`register` call.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import islice
from typing import ClassVar, Generic, Protocol, Self, TypeVar

from PIL import Image

from bot.render import ENGLISH, Labels
from bot.render.caption import with_caption
from bot.render.encode import png_bytes
from bot.render.replay import render_replay
from bot.render.theme import DEFAULT_THEME, DEFAULT_WIDTH
from engine.ai import Level, Rng, Stop
from engine.errors import InvalidMoveError
from engine.game import Termination

SUGGESTIONS = 25
"""Discord shows at most 25 choices."""


class Position(Protocol):
    """What the bot needs of a game object itself; everything else goes through its spec."""

    def copy(self) -> Self:
        """An independent copy (the service caches positions and hands out copies)."""
        ...


G = TypeVar("G", bound=Position)
"""The engine's class of the game."""

M = TypeVar("M")
"""The engine's type of a move (chance events included)."""

Players = Mapping[str, str]
"""A display name for each colour (by the colour's name)."""


class RollNotYoursError(InvalidMoveError):
    """A player typed a chance event (a roll of the dice): the bot draws those (V5).

    `example` is a move the player could make instead, from the game's position (None if none).
    """

    def __init__(self, message: str, example: str | None = None) -> None:
        super().__init__(message)
        self.example = example


@dataclass(frozen=True, slots=True)
class Ending:
    """How a game ended, in the service's words: colours as strings, scores as points."""

    winner: str | None  # the winning colour, None for a draw
    termination: Termination  # the engine's reason, or the clock's or the players' (agreement)
    rule: str | None  # the rule id that ended it, when a rule did
    scores: dict[str, int] | None  # points per colour, for games that score

    DRAW: ClassVar[str] = "draw"
    """How a draw is stored in place of a winning colour."""

    @property
    def result(self) -> str:
        """The winning colour or "draw", as the store keeps it."""
        return self.DRAW if self.winner is None else self.winner

    @classmethod
    def stored(
        cls, result: str, termination: str, rule: str | None, scores: dict[str, int] | None
    ) -> Ending:
        """The ending a stored result describes."""
        winner = None if result == cls.DRAW else result
        return cls(winner, Termination(termination), rule, scores)


@dataclass(frozen=True, slots=True)
class Note:
    """A line of a turn's message, as a catalogue key and its parameters."""

    key: str
    params: Mapping[str, str] = field(default_factory=dict)
    tells_move: bool = False  # it says in words what was played: no notation line is needed


class GameSpec(ABC, Generic[G, M]):
    """One game as the bot uses it: `G` its positions, `M` its moves."""

    key: ClassVar[str]
    colours: ClassVar[tuple[str, str]]  # the first mover's colour, then the other
    variants: ClassVar[tuple[str, ...]]  # the first is the default

    # Texts: catalogue keys, by convention from the game's key ----------------------------------

    @property
    def title_key(self) -> str:
        """The game's name."""
        return f"title.{self.key}"

    @property
    def notation_key(self) -> str:
        """How moves are written (shown with a move that could not be read)."""
        return f"notation.{self.key}"

    @property
    def first_move_key(self) -> str:
        """The hint for the first mover of a new game (with an `example` move)."""
        return f"game.first_{self.key}"

    FIRST_MOVE_PLAIN: ClassVar[str] = "game.first_any"
    """The hint for the first mover when no example can be given."""

    # Rules -------------------------------------------------------------------------------------

    @abstractmethod
    def new(self, variant: str) -> G:
        """A new game of `variant`."""

    @abstractmethod
    def load(self, record: str) -> G:
        """The game a stored JSON record describes (replayed, every move checked)."""

    @abstractmethod
    def dump(self, game: G) -> str:
        """The JSON record of `game`."""

    @abstractmethod
    def export(self, game: G) -> str:
        """The canonical text record of `game`."""

    @abstractmethod
    def read(self, text: str, variant: str) -> G:
        """The game a text record describes (replayed, every move checked); raises the engine's
        typed errors with the line of the first bad entry."""

    @abstractmethod
    def to_move(self, game: G) -> str | None:
        """The colour to move, None after the end."""

    @abstractmethod
    def first_colour(self, game: G) -> str:
        """The colour the first mover plays now."""

    @abstractmethod
    def parse(self, game: G, text: str, colour: str) -> M:
        """The move `colour` typed; raise `InvalidMoveError` (also for a typed roll)."""

    @abstractmethod
    def check(self, game: G, move: M) -> None:
        """Raise the engine's `IllegalMoveError` (with the rule id) unless `move` is legal."""

    @abstractmethod
    def push(self, game: G, move: M) -> None:
        """Make the checked `move` (or a chance event) on `game`."""

    @abstractmethod
    def resignation(self, game: G, colour: str) -> M:
        """The move by which `colour` resigns."""

    @abstractmethod
    def resigner(self, move: M) -> str | None:
        """The colour a move resigns for, or None if it is not a resignation."""

    @abstractmethod
    def last_move_by(self, game: G, colour: str) -> M | None:
        """The last move `colour` made (not counting chance events), or None."""

    @abstractmethod
    def movers(self, game: G) -> tuple[str | None, ...]:
        """For each event of the game, the colour its maker holds now; None for a chance
        event (a roll)."""

    @abstractmethod
    def take_back(self, game: G, count: int) -> G:
        """The game without its last `count` events, which its record keeps as taken back."""

    @abstractmethod
    def position_at(self, game: G, ply: int) -> G:
        """A new game as `game` was after its first `ply` events."""

    def turn_plies(self, game: G) -> list[int]:
        """The positions a game's history steps through, as plies: the start (with the chance
        events that open the game), then each turn with the chance events that follow it."""
        movers = self.movers(game)

        def past_chance(ply: int) -> int:
            while ply < len(movers) and movers[ply] is None:
                ply += 1
            return ply

        return [past_chance(0)] + [
            past_chance(index + 1) for index, mover in enumerate(movers) if mover is not None
        ]

    def last_turn_length(self, game: G, colour: str) -> int | None:
        """How many events a takeback of `colour`'s last turn removes (the turn and the chance
        events after it); None when the last turn was the opponent's, 0 when `colour` has not
        moved at all."""
        movers = self.movers(game)
        for index in range(len(movers) - 1, -1, -1):
            if movers[index] is not None:
                return len(movers) - index if movers[index] == colour else None
        return 0

    @abstractmethod
    def ending(self, game: G) -> Ending | None:
        """How the game ended, or None while it runs."""

    def other(self, colour: str) -> str:
        """The opposing colour."""
        first, second = self.colours
        return second if colour == first else first

    def scores(self, game: G) -> dict[str, int] | None:
        """The current points per colour (None for a game without points)."""
        return None

    def chance(self, game: G, seed: int) -> list[M]:
        """The chance events now due, drawn reproducibly from the game's seed (none by default)."""
        return []

    def check_variant(self, variant: str | None) -> str:
        """The variant's canonical name (the default for None); raise `ValueError` if unknown."""
        if variant is None:
            return self.variants[0]
        name = variant.strip().lower()
        if name not in self.variants:
            raise ValueError(name)
        return name

    # What the players read -------------------------------------------------------------------

    def move_notes(self, game: G, played: str | None) -> list[Note]:
        """Lines after the move `played` (None: the game's start), before whose turn it is: the
        dice rolled for the next player, what the move changed. Their parameters `player` (the
        mover) and `other` (the one to move) are filled in by the caller."""
        return []

    def turn_warnings(self, game: G) -> list[Note]:
        """Lines for the player to move about a rule that matters now (a last turn, a choice
        only this turn offers); shown to people, not to the computer."""
        return []

    def first_move_note(self, game: G) -> Note:
        """The hint for the first mover of a new game, with an example that can be played
        (the first roll decides what can)."""
        example = self.example_move(game)
        if example is None:
            return Note(self.FIRST_MOVE_PLAIN)
        return Note(self.first_move_key, {"example": example})

    def example_move(self, game: G) -> str | None:
        """A legal move for the player to move, to show how moves are written; None when there
        is none. By default the best suggestion for an empty prompt that places something: a
        bare `pass` or `swap` shows nothing of the notation."""
        found = self.suggest(game, "")
        for move in found:
            if len(move.split()) > 1 or "-" in move:
                return move
        return found[0] if found else None

    def turn_hint(self, game: G) -> Note | None:
        """A short reminder shown beside each move suggestion (the dice rolled), or None."""
        return None

    # Images ------------------------------------------------------------------------------------

    @abstractmethod
    def image(
        self, game: G, players: Players, *, labels: Labels = ENGLISH, width: int = DEFAULT_WIDTH
    ) -> Image.Image:
        """The position as a picture."""

    def png(
        self,
        game: G,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
        caption: str | None = None,
    ) -> bytes:
        """The position as PNG bytes (through the shared palette), under a `caption` band
        when one is given (the score of a match)."""
        image = self.image(game, players, labels=labels, width=width)
        if caption:
            image = with_caption(image, caption)
        return png_bytes(image, DEFAULT_THEME)

    @abstractmethod
    def frames(
        self, game: G, players: Players, *, labels: Labels = ENGLISH, width: int = DEFAULT_WIDTH
    ) -> Iterable[Image.Image]:
        """The replay's pictures, one per turn, the names as the colours are held at the end."""

    def replay(
        self,
        game: G,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
        caption: str | None = None,
    ) -> bytes:
        """The whole game as an animated GIF (under Discord's upload limit), each frame under
        the `caption` band when one is given."""

        def frames(size: int) -> Iterable[Image.Image]:
            drawn = self.frames(game, players, labels=labels, width=size)
            return (with_caption(frame, caption) for frame in drawn) if caption else drawn

        return render_replay(frames, len(self.moves(game)), width=width)

    @abstractmethod
    def moves(self, game: G) -> tuple[M, ...]:
        """Every event of the game so far, chance events included."""

    # Suggestions and the computer --------------------------------------------------------------

    def suggest(self, game: G, typed: str, limit: int = SUGGESTIONS) -> list[str]:
        """Up to `limit` legal moves for the player to move that fit `typed`, best first (for
        `/move`'s autocomplete: cheap enough to run on the event loop)."""
        if self.to_move(game) is None:
            return []
        text = re.sub(r"\s*-\s*", "-", " ".join(typed.lower().split()))  # "c3 - e4" is "c3-e4"
        return list(islice(_unique(self.candidates(game, text)), limit))

    @abstractmethod
    def candidates(self, game: G, typed: str) -> Iterator[str]:
        """Legal moves for the player to move that fit `typed` (lower case, single spaces, no
        spaces around a dash), the likeliest first; repeats are allowed."""

    @abstractmethod
    def choose(self, game: G, level: Level, rng: Rng, stop: Stop) -> str:
        """The computer's move for the player to move, in notation."""


def _unique(items: Iterable[str]) -> Iterator[str]:
    """`items` without repeats, lazily: the candidates are only worked out as far as shown."""
    seen: set[str] = set()
    for item in items:
        if item not in seen:
            seen.add(item)
            yield item
