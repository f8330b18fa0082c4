"""Game records: one event per line in canonical text, or a JSON object for storage.

Loading a record replays it with every rule checked; an error's `record_index` names the record
line it came from (1-based, blank and comment lines counted; in JSON the position in the ``moves``
list) and its `record_text` the entry.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from engine.errors import EngineError, IllegalMoveError, InvalidMoveError
from engine.verbindung.game import VerbindungGame
from engine.verbindung.moves import Move, parse_move

GAME = "verbindung"


def _located(error: EngineError, line: int, text: str) -> EngineError:
    """Mark where in the record `error` happened (the fields every `EngineError` has)."""
    error.record_index, error.record_text = line, text
    return error


def _is_blank(text: str) -> bool:
    stripped = text.strip()
    return not stripped or stripped.startswith("#")


@dataclass(frozen=True, slots=True)
class Record:
    """The events of one game in order; `lines` (ignored by ==) are their source line numbers."""

    moves: tuple[Move, ...] = ()
    lines: tuple[int, ...] = field(default=(), compare=False, repr=False)

    @classmethod
    def of(cls, game: VerbindungGame) -> Record:
        """The record of `game` so far."""
        return cls(game.moves)

    def to_text(self) -> str:
        """The canonical text: one event per line, each line ending in a newline."""
        return "".join(f"{move}\n" for move in self.moves)

    def to_dict(self) -> dict[str, object]:
        """The JSON form as a dict: ``{"game": "verbindung", "moves": [canonical lines]}``."""
        return {"game": GAME, "moves": [str(m) for m in self.moves]}

    def to_json(self) -> str:
        """The JSON form as text."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_text(cls, text: str) -> Record:
        """Parse a text record (blank and ``#`` lines ignored); raise `InvalidMoveError` with
        `record_index` (the 1-based line) and `record_text` set."""
        moves: list[Move] = []
        lines: list[int] = []
        for number, line in enumerate(text.splitlines(), start=1):
            if _is_blank(line):
                continue
            try:
                moves.append(parse_move(line))
            except InvalidMoveError as error:
                raise _located(error, number, line.strip()) from None
            lines.append(number)
        return cls(tuple(moves), tuple(lines))

    @classmethod
    def from_dict(cls, data: object) -> Record:
        """Read the JSON form (already decoded); raise `InvalidMoveError` if it is malformed."""
        if not isinstance(data, dict) or data.get("game") != GAME:
            raise InvalidMoveError(f'a record is an object with "game": "{GAME}"')
        items = data.get("moves")
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise InvalidMoveError('a record\'s "moves" is a list of strings')
        moves: list[Move] = []
        for number, item in enumerate(items, start=1):
            try:
                moves.append(parse_move(item))
            except InvalidMoveError as error:
                raise _located(error, number, item.strip()) from None
        return cls(tuple(moves), tuple(range(1, len(moves) + 1)))

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Read the JSON form from text; raise `InvalidMoveError` if it is malformed."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise InvalidMoveError(f"the record is not JSON: {error}") from None
        return cls.from_dict(data)

    def replay(self) -> VerbindungGame:
        """The game after every event, each checked; raise `IllegalMoveError` (`GameOverError`
        after the end) at the first event that breaks a rule, with `record_index` (its line) and
        `record_text` (the event) set."""
        game = VerbindungGame()
        numbers = self.lines or tuple(range(1, len(self.moves) + 1))
        for number, move in zip(numbers, self.moves, strict=True):
            try:
                game.check(move)
            except IllegalMoveError as error:
                raise _located(error, number, str(move)) from None
            game.push(move)
        return game


def load_text(text: str) -> VerbindungGame:
    """Parse and replay a text record; raise `InvalidMoveError` or `IllegalMoveError`."""
    return Record.from_text(text).replay()


def load_json(text: str) -> VerbindungGame:
    """Parse and replay a JSON record; raise `InvalidMoveError` or `IllegalMoveError`."""
    return Record.from_json(text).replay()
