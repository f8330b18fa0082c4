"""Game records, alike for every game: the game's key, its variant and its moves in canonical
notation, as text (one move per line, for people and exports) or as JSON (for storage).

A record is only data; `Game.from_record` replays one with every rule checked, and the error of
the first bad entry carries `record_index` (the text's 1-based line, blank and comment lines
counted; in JSON the entry's 1-based place in ``moves``) and `record_text` (the entry).

Text form: blank lines and lines starting with ``#`` are ignored; the writer starts with a comment
naming the game and variant for people, but the reader is told the variant. JSON form:
``{"game": "ponte", "variant": "online", "moves": ["c3 d5", ...]}`` (a missing variant is the
game's default, as older Verbindung records have none).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from engine.errors import InvalidMoveError


@dataclass(frozen=True, slots=True)
class Record:
    """A whole game as data. `variant` None is the game's default; `lines` (ignored by ==) are
    the entries' places in the source, where the record was read from one."""

    game: str
    variant: str | None
    moves: tuple[str, ...]
    lines: tuple[int, ...] = field(default=(), compare=False, repr=False)
    title: str = field(default="", compare=False, repr=False)  # for the text's header

    def numbered(self) -> list[tuple[int, str]]:
        """Each move with its place in the source (its 1-based index if it was not read)."""
        numbers = self.lines or range(1, len(self.moves) + 1)
        return list(zip(numbers, self.moves, strict=True))

    def to_text(self) -> str:
        """The canonical text: a comment naming the game and variant, then one move per line."""
        header = f"# {self.title or self.game}, variant {self.variant}\n"
        return header + "".join(f"{move}\n" for move in self.moves)

    def to_json(self) -> str:
        """The JSON form."""
        return json.dumps({"game": self.game, "variant": self.variant, "moves": list(self.moves)})

    @classmethod
    def from_text(cls, text: str, game: str, variant: str | None = None) -> Record:
        """The record of `game` that `text` holds (its moves are read, not yet checked)."""
        moves: list[str] = []
        lines: list[int] = []
        for number, line in enumerate(text.splitlines(), start=1):
            stripped = line.strip()
            if stripped and not stripped.startswith("#"):
                moves.append(stripped)
                lines.append(number)
        return cls(game, variant, tuple(moves), tuple(lines))

    @classmethod
    def from_json(cls, text: str, game: str) -> Record:
        """The record of `game` that the JSON `text` holds; raise `InvalidMoveError` if it is
        not well formed or of another game."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise InvalidMoveError(f"the record is not valid JSON: {error}") from None
        if not isinstance(data, dict) or data.get("game", game) != game:
            raise InvalidMoveError(f'a record is a JSON object with "game": "{game}"')
        variant, moves = data.get("variant"), data.get("moves")
        if variant is not None and not isinstance(variant, str):
            raise InvalidMoveError("the record's variant must be a name")
        if not isinstance(moves, list) or not all(isinstance(move, str) for move in moves):
            raise InvalidMoveError("the record's moves must be a list of moves in notation")
        return cls(game, variant, tuple(move.strip() for move in moves))
