"""Ponte del Diavolo (Martin Ebel) in the bot: its rules adapter, images, suggestions and the
computer player (see `bot.games.spec`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from PIL import Image

from bot.games.ponte.drawing import ponte_frames, ponte_image
from bot.games.ponte.samples import palette_samples
from bot.games.ponte.suggest import candidates
from bot.games.spec import Ending, GameSpec, Note, Players
from bot.render import ENGLISH, Labels
from bot.render.encode import add_palette_samples
from bot.render.theme import DEFAULT_WIDTH
from engine import ponte
from engine.ai import Level, Rng, Stop
from engine.ai.ponte import choose_move


class PonteSpec(GameSpec[ponte.PonteGame, ponte.Move]):
    """Ponte del Diavolo: white moves first; the pie rule may swap the colours' owners."""

    key = "ponte"
    colours = ("white", "red")
    variants = ("online", "classic")

    def new(self, variant: str) -> ponte.PonteGame:
        return ponte.PonteGame(variant)

    def load(self, record: str) -> ponte.PonteGame:
        return ponte.PonteGame.from_json(record)

    def dump(self, game: ponte.PonteGame) -> str:
        return game.record().to_json()

    def export(self, game: ponte.PonteGame) -> str:
        return game.record().to_text()

    def to_move(self, game: ponte.PonteGame) -> str | None:
        return None if game.to_move is None else game.to_move.value

    def first_colour(self, game: ponte.PonteGame) -> str:
        return game.first_player_colour.value

    def parse(self, game: ponte.PonteGame, text: str, colour: str) -> ponte.Move:
        # A bare "resign" means the one who typed it, not the player to move.
        return ponte.parse_move(text, mover=ponte.Colour(colour))

    def check(self, game: ponte.PonteGame, move: ponte.Move) -> None:
        game.check(move)

    def push(self, game: ponte.PonteGame, move: ponte.Move) -> None:
        game.push(move)

    def resignation(self, game: ponte.PonteGame, colour: str) -> ponte.Move:
        return ponte.Resign(ponte.Colour(colour))

    def resigner(self, move: ponte.Move) -> str | None:
        return move.colour.value if isinstance(move, ponte.Resign) else None

    def last_move_by(self, game: ponte.PonteGame, colour: str) -> ponte.Move | None:
        return game.last_move_by(ponte.Colour(colour))

    def scores(self, game: ponte.PonteGame) -> dict[str, int] | None:
        return {colour.value: game.score(colour).points for colour in ponte.Colour}

    def movers(self, game: ponte.PonteGame) -> tuple[str | None, ...]:
        return tuple(None if mover is None else mover.value for mover in game.movers())

    def take_back(self, game: ponte.PonteGame, count: int) -> ponte.PonteGame:
        return game.take_back(count)

    def position_at(self, game: ponte.PonteGame, ply: int) -> ponte.PonteGame:
        for position in game.positions():
            if position.ply == ply:
                return position.copy()
        raise ValueError(f"the game has no position after {ply} moves")

    def ending(self, game: ponte.PonteGame) -> Ending | None:
        outcome = game.outcome()
        if outcome is None:
            return None
        winner = None if outcome.winner is None else outcome.winner.value
        return Ending(winner, outcome.termination, outcome.rule, self.scores(game))

    def moves(self, game: ponte.PonteGame) -> tuple[ponte.Move, ...]:
        return tuple(game.moves)

    def move_notes(self, game: ponte.PonteGame, played: str | None) -> list[Note]:
        # P4: after a swap the colours changed owners; say who plays which now.
        return [Note("move.swapped", tells_move=True)] if played == "swap" else []

    def turn_warnings(self, game: ponte.PonteGame) -> list[Note]:
        notes = []
        if game.is_final_turn():  # P16: white passed, red's turn is the last
            notes.append(Note("move.last_turn"))
        if game.ply == 1:  # P4, the pie rule
            notes.append(Note("move.swap_hint"))
        return notes

    def image(
        self,
        game: ponte.PonteGame,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
    ) -> Image.Image:
        return ponte_image(game, _names(players), labels=labels, width=width)

    def read(self, text: str, variant: str) -> ponte.PonteGame:
        return ponte.PonteGame.from_text(text, variant)

    def frames(
        self,
        game: ponte.PonteGame,
        players: Players,
        *,
        labels: Labels = ENGLISH,
        width: int = DEFAULT_WIDTH,
    ) -> Iterable[Image.Image]:
        return ponte_frames(game, _names(players), labels=labels, width=width)

    def candidates(self, game: ponte.PonteGame, typed: str) -> Iterator[str]:
        return candidates(game, typed)

    def choose(self, game: ponte.PonteGame, level: Level, rng: Rng, stop: Stop) -> str:
        return str(choose_move(game, level, rng, stop))


def _names(players: Players) -> dict[ponte.Colour, str]:
    return {ponte.Colour(colour): name for colour, name in players.items()}


SPEC = PonteSpec()
add_palette_samples(palette_samples)
