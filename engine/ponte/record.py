"""Game records: the variant and the moves, as canonical text or JSON. Loading replays every move.

Text form: one move per line in canonical notation; blank lines and lines starting with ``#`` are
ignored. The variant is not part of the text (the reader names it); the writer adds it as a comment
for people. JSON form: ``{"game": "ponte", "variant": "online", "moves": ["c3 d5", ...]}``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engine.errors import EngineError, InvalidMoveError
from engine.ponte.game import PonteGame
from engine.ponte.moves import Move
from engine.ponte.variants import DEFAULT_VARIANT, get_variant

GAME = "ponte"


def record_lines(text: str) -> Iterator[str]:
    """The meaningful lines of a record text: stripped, without blank and comment lines."""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield stripped


def replay(moves: Iterable[str], variant: str = DEFAULT_VARIANT.name) -> PonteGame:
    """Play `moves` (notation) from the start; raise the typed error of the first bad one.

    The error carries `record_index` (1-based, among the moves) and `record_text`.
    """
    game = PonteGame(variant)
    for index, text in enumerate(moves, start=1):
        try:
            game.play(text)
        except EngineError as error:
            error.record_index, error.record_text = index, text
            raise
    return game


@dataclass(frozen=True, slots=True)
class PonteRecord:
    """A whole game as data: the variant's name and the moves in order."""

    variant: str
    moves: tuple[Move, ...]

    @classmethod
    def of(cls, game: PonteGame) -> PonteRecord:
        """The record of `game` so far."""
        return cls(game.variant.name, tuple(game.moves))

    def replay(self) -> PonteGame:
        """The game this record describes, every move checked again."""
        return replay((str(move) for move in self.moves), self.variant)

    def to_text(self) -> str:
        """Canonical text: a comment naming game and variant, then one move per line."""
        header = f"# Ponte del Diavolo, variant {self.variant}\n"
        return header + "".join(f"{move}\n" for move in self.moves)

    @classmethod
    def from_text(cls, text: str, variant: str = DEFAULT_VARIANT.name) -> PonteRecord:
        """Read and check a text record; raise the typed error of the first bad line."""
        return cls.of(replay(record_lines(text), get_variant(variant).name))

    def to_json(self) -> str:
        """The JSON form."""
        return json.dumps(
            {"game": GAME, "variant": self.variant, "moves": [str(move) for move in self.moves]}
        )

    @classmethod
    def from_json(cls, text: str) -> PonteRecord:
        """Read and check a JSON record; raise `InvalidMoveError` if it is not well formed."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as error:
            raise InvalidMoveError(f"the record is not valid JSON: {error}") from None
        if not isinstance(data, dict) or data.get("game", GAME) != GAME:
            raise InvalidMoveError("the record is not a JSON object of a Ponte del Diavolo game")
        variant, moves = data.get("variant", DEFAULT_VARIANT.name), data.get("moves")
        if not isinstance(variant, str):
            raise InvalidMoveError("the record's variant must be a name")
        if not isinstance(moves, list) or not all(isinstance(move, str) for move in moves):
            raise InvalidMoveError("the record's moves must be a list of moves in notation")
        return cls.of(replay(moves, get_variant(variant).name))
