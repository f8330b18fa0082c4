"""A tiny third game, registered only by the tests that need it: four cells in a row, each turn
claims one, and a full row is a draw (two cells each). It proves that a game is one package (an
engine class, a kind, its texts in `texts/`) and that nothing else in the bot has to change for
one: the tests run the real bot with a registry that holds it."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TypeGuard

from PIL import Image, ImageDraw

from bot.games import GameKind, Players
from bot.render import DEFAULT_WIDTH, ENGLISH, Labels
from bot.render.theme import DEFAULT_THEME
from engine.ai import Level, Rng, Stop
from engine.errors import IllegalMoveError, InvalidMoveError
from engine.game import Game, Outcome, Termination, game_over

CELLS = "abcd"


class Colour(enum.StrEnum):
    GOLD = "gold"
    BLUE = "blue"

    @property
    def other(self) -> Colour:
        return Colour.BLUE if self is Colour.GOLD else Colour.GOLD


@dataclass(frozen=True, slots=True)
class Claim:
    cell: str

    def __str__(self) -> str:
        return self.cell


@dataclass(frozen=True, slots=True)
class Resign:
    colour: Colour

    def __str__(self) -> str:
        return f"resign {self.colour}"


Move = Claim | Resign


class ToyGame(Game[Move, Colour]):
    """The position: which colour claimed which cell, in order."""

    KEY = "toy"
    TITLE = "Row of four"
    VARIANTS = ("row",)

    def __init__(self) -> None:
        self._moves: list[Move] = []

    @classmethod
    def new(cls, variant: str | None = None) -> ToyGame:
        if variant not in (None, "row"):
            raise InvalidMoveError(f"the toy game has no variant {variant!r}")
        return cls()

    @classmethod
    def colours(cls) -> tuple[Colour, Colour]:
        return (Colour.GOLD, Colour.BLUE)

    def copy(self) -> ToyGame:
        other = ToyGame()
        other._moves = self._moves.copy()
        other._takebacks = self._takebacks
        return other

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    @property
    def variant_name(self) -> str:
        return "row"

    @property
    def claimed(self) -> list[str]:
        return [move.cell for move in self._moves if isinstance(move, Claim)]

    @property
    def to_move(self) -> Colour | None:
        return None if self.outcome() is not None else self.colours()[len(self._moves) % 2]

    def outcome(self) -> Outcome[Colour] | None:
        if self._moves and isinstance(self._moves[-1], Resign):
            return Outcome(self._moves[-1].colour.other, Termination.RESIGNATION, "T3")
        if len(self.claimed) == len(CELLS):
            return Outcome(None, Termination.FULL_BOARD, "T2")
        return None

    def movers(self) -> tuple[Colour | None, ...]:
        return tuple(
            move.colour if isinstance(move, Resign) else self.colours()[index % 2]
            for index, move in enumerate(self._moves)
        )

    def parse_move(self, text: str, *, by: Colour | None = None) -> Move:
        words = text.strip().lower().split()
        if words == ["resign"] and (by or self.to_move) is not None:
            return Resign(by or self.to_move)  # type: ignore[arg-type]
        if len(words) == 2 and words[0] == "resign" and words[1] in set(Colour):
            return Resign(Colour(words[1]))
        if len(words) != 1 or words[0] not in CELLS:
            raise InvalidMoveError(f"{text!r} is not a cell (a to d)")
        return Claim(words[0])

    def check(self, move: Move) -> None:
        outcome = self.outcome()
        if outcome is not None:
            raise game_over(outcome)
        if isinstance(move, Claim) and move.cell in self.claimed:
            raise IllegalMoveError("T1", f"{move} is taken", reason="cell_taken", fields=(move,))

    def push(self, move: Move) -> None:
        self._moves.append(move)

    def is_move(self, move: object) -> TypeGuard[Move]:
        return isinstance(move, (Claim, Resign))

    def _generate(self) -> Iterator[Move]:
        if self.outcome() is None:
            yield from (Claim(cell) for cell in CELLS if cell not in self.claimed)

    def resignation(self, colour: Colour) -> Move:
        return Resign(colour)

    def resigner(self, move: Move) -> Colour | None:
        return move.colour if isinstance(move, Resign) else None


# Colours the shared palette holds already, so that the toy adds nothing to it.
FILLS = {Colour.GOLD: DEFAULT_THEME.accent, Colour.BLUE: DEFAULT_THEME.highlight}


class ToyKind(GameKind[ToyGame]):
    def __init__(self) -> None:
        super().__init__(ToyGame, texts=__name__)

    def image(
        self,
        game: ToyGame,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
        turn: int | None = None,
    ) -> Image.Image:
        image = Image.new("RGB", (width, width // 4), DEFAULT_THEME.frame)
        draw = ImageDraw.Draw(image)
        for move, mover in zip(game.moves, game.movers(), strict=True):
            if isinstance(move, Claim) and mover is not None:
                left = CELLS.index(move.cell) * width // 4
                box = (left + 4, 4, left + width // 4 - 4, width // 4 - 4)
                draw.rectangle(box, fill=FILLS[mover])
        return image

    def frames(
        self,
        game: ToyGame,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
    ) -> Iterable[Image.Image]:
        for ply in range(1, game.ply + 1):
            yield self.image(game.position_at(ply), players, width=width)

    def candidates(self, game: ToyGame, typed: str) -> Iterator[str]:
        return (str(move) for move in game.legal_moves() if str(move).startswith(typed))

    def choose(self, game: ToyGame, level: Level, rng: Rng, stop: Stop) -> str:
        return str(rng.choice(list(game.legal_moves())))


TOY = ToyKind()
