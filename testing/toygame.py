"""A tiny third game, registered only by the tests that need it: four cells in a row, each turn
claims one, and a full row is a draw (two cells each). It proves that a game is an engine and a
registry entry, and that nothing else in the bot has to change for one."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from PIL import Image, ImageDraw

from bot.games import Ending, GameSpec, Players, Termination
from bot.render import DEFAULT_WIDTH, ENGLISH, Labels
from bot.render.encode import png_bytes
from bot.render.theme import DEFAULT_THEME
from engine.ai import Level, Rng, Stop
from engine.errors import GameOverError, IllegalMoveError, InvalidMoveError

CELLS = "abcd"
COLOURS = ("blue", "green")


class ToyGame:
    """The position: which colour claimed which cell, in order."""

    def __init__(self, moves: Iterable[str] = ()) -> None:
        self.moves: list[str] = []
        for move in moves:
            self.check(move)
            self.moves.append(move)

    def copy(self) -> ToyGame:
        return ToyGame(self.moves)

    @property
    def is_over(self) -> bool:
        return len(self.moves) == len(CELLS) or self.moves[-1:] == ["resign"]

    def to_move(self) -> str | None:
        return None if self.is_over else COLOURS[len(self.moves) % 2]

    def check(self, move: str) -> None:
        if self.is_over:
            raise GameOverError("T2", "the row is full")
        if move in self.moves:
            raise IllegalMoveError("T1", f"{move} is taken")

    def push(self, move: str) -> None:
        self.moves.append(move)


class ToySpec(GameSpec[ToyGame, str]):
    key = "toy"
    colours = COLOURS
    variants = ("standard",)

    def new(self, variant: str) -> ToyGame:
        return ToyGame()

    def load(self, record: str) -> ToyGame:
        return ToyGame(json.loads(record)["moves"])

    def dump(self, game: ToyGame) -> str:
        return json.dumps({"game": self.key, "moves": game.moves})

    def export(self, game: ToyGame) -> str:
        return "".join(f"{move}\n" for move in game.moves)

    def read(self, text: str, variant: str) -> ToyGame:
        return ToyGame(text.split())

    def to_move(self, game: ToyGame) -> str | None:
        return game.to_move()

    def first_colour(self, game: ToyGame) -> str:
        return COLOURS[0]

    def parse(self, game: ToyGame, text: str, colour: str) -> str:
        move = text.strip().lower()
        if move not in CELLS or not move:
            raise InvalidMoveError(f"{text!r} is not a cell (a to d)")
        return move

    def check(self, game: ToyGame, move: str) -> None:
        game.check(move)

    def push(self, game: ToyGame, move: str) -> None:
        game.push(move)

    def resignation(self, game: ToyGame, colour: str) -> str:
        return "resign"

    def resigner(self, move: str) -> str | None:
        return None

    def last_move_by(self, game: ToyGame, colour: str) -> str | None:
        mine = game.moves[COLOURS.index(colour) :: 2]
        return mine[-1] if mine else None

    def movers(self, game: ToyGame) -> tuple[str | None, ...]:
        return tuple(COLOURS[index % 2] for index in range(len(game.moves)))

    def take_back(self, game: ToyGame, count: int) -> ToyGame:
        return ToyGame(game.moves[:-count])

    def position_at(self, game: ToyGame, ply: int) -> ToyGame:
        return ToyGame(game.moves[:ply])

    def ending(self, game: ToyGame) -> Ending | None:
        return Ending(None, Termination.FULL_BOARD, "T2", None) if game.is_over else None

    def moves(self, game: ToyGame) -> tuple[str, ...]:
        return tuple(game.moves)

    def image(
        self, game: ToyGame, players: Players, *, labels: Labels = ENGLISH, width: int = 400
    ) -> Image.Image:
        image = Image.new("RGB", (width, width // 4), DEFAULT_THEME.frame)
        draw = ImageDraw.Draw(image)
        for index, move in enumerate(game.moves):
            left = CELLS.index(move) * width // 4
            fill = DEFAULT_THEME.white_stone if index % 2 == 0 else DEFAULT_THEME.red_stone
            draw.rectangle((left + 4, 4, left + width // 4 - 4, width // 4 - 4), fill=fill)
        return image

    def png(
        self,
        game: ToyGame,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
    ) -> bytes:
        return png_bytes(self.image(game, players, width=width), DEFAULT_THEME)

    def frames(
        self, game: ToyGame, players: Players, *, labels: Labels = ENGLISH, width: int = 400
    ) -> Iterable[Image.Image]:
        for count in range(1, len(game.moves) + 1):
            yield self.image(ToyGame(game.moves[:count]), players, width=width)

    def candidates(self, game: ToyGame, typed: str) -> Iterator[str]:
        return (cell for cell in CELLS if cell not in game.moves and cell.startswith(typed))

    def choose(self, game: ToyGame, level: Level, rng: Rng, stop: Stop) -> str:
        return rng.choice([cell for cell in CELLS if cell not in game.moves])
