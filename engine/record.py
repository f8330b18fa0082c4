"""Game records, alike for every game: the game's key, its variant and its moves in canonical
notation, as text (one move per line, for people and exports) or as JSON (for storage).

A record is only data; `Game.from_record` replays one with every rule checked, and the error of
the first bad entry carries `record_index` (the text's 1-based line, blank and comment lines
counted; in JSON the entry's 1-based place in ``moves``) and `record_text` (the entry).

Text form: blank lines and lines starting with ``#`` are ignored; the writer starts with a comment
naming the game and variant for people, but the reader is told the variant. JSON form:
``{"game": "ponte", "variant": "online", "moves": ["c3 d5", ...]}`` (a missing variant is the
game's default, as older Verbindung records have none).

Moves taken back with the opponent's consent stay in the record: in the text as a comment where
they were made (``# taken back: c3 d5``, the moves of one takeback joined by `` | ``, which the
reader reads back), in JSON as ``"takebacks": [{"at": 12, "moves": ["c3 d5"]}]``, where `at` is
the number of moves that were kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from engine.errors import InvalidMoveError

TAKEN_BACK = "# taken back: "
"""How the text form marks the moves of a takeback."""
JOINER = " | "
"""What joins the moves of one takeback in the text form."""


@dataclass(frozen=True, slots=True)
class TakenBack:
    """Moves taken back with the opponent's consent: they followed the first `at` moves."""

    at: int
    moves: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Record:
    """A whole game as data. `variant` None is the game's default; `lines` (ignored by ==) are
    the entries' places in the source, where the record was read from one."""

    game: str
    variant: str | None
    moves: tuple[str, ...]
    lines: tuple[int, ...] = field(default=(), compare=False, repr=False)
    title: str = field(default="", compare=False, repr=False)  # for the text's header
    takebacks: tuple[TakenBack, ...] = ()

    def numbered(self) -> list[tuple[int, str]]:
        """Each move with its place in the source (its 1-based index if it was not read)."""
        numbers = self.lines or range(1, len(self.moves) + 1)
        return list(zip(numbers, self.moves, strict=True))

    def to_text(self) -> str:
        """The canonical text: a comment naming the game and variant, then one move per line,
        with each takeback as a comment where it happened."""
        lines = [f"# {self.title or self.game}, variant {self.variant}"]
        pending = list(self.takebacks)
        for number, move in enumerate([*self.moves, None]):
            while pending and (pending[0].at <= number or move is None):
                lines.append(TAKEN_BACK + JOINER.join(pending.pop(0).moves))
            if move is not None:
                lines.append(move)
        return "".join(f"{line}\n" for line in lines)

    def to_json(self) -> str:
        """The JSON form."""
        data: dict[str, object] = {"game": self.game, "variant": self.variant}
        data["moves"] = list(self.moves)
        if self.takebacks:
            data["takebacks"] = [{"at": t.at, "moves": list(t.moves)} for t in self.takebacks]
        return json.dumps(data)

    @classmethod
    def from_text(cls, text: str, game: str, variant: str | None = None) -> Record:
        """The record of `game` that `text` holds (its moves are read, not yet checked)."""
        moves: list[str] = []
        lines: list[int] = []
        takebacks: list[TakenBack] = []
        for number, line in enumerate(text.splitlines(), start=1):
            stripped = line.strip()
            if stripped.startswith(TAKEN_BACK.strip()):
                taken = stripped.removeprefix(TAKEN_BACK.strip()).split(JOINER.strip())
                takebacks.append(TakenBack(len(moves), tuple(m.strip() for m in taken)))
            elif stripped and not stripped.startswith("#"):
                moves.append(stripped)
                lines.append(number)
        return cls(game, variant, tuple(moves), tuple(lines), takebacks=tuple(takebacks))

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
        takebacks = _takebacks(data.get("takebacks", []))
        return cls(game, variant, tuple(move.strip() for move in moves), takebacks=takebacks)


def _takebacks(entries: object) -> tuple[TakenBack, ...]:
    """The takebacks of a JSON record; raise `InvalidMoveError` if they are not well formed."""
    problem = InvalidMoveError('the record\'s "takebacks" must be a list of {"at", "moves"}')
    if not isinstance(entries, list):
        raise problem
    found = []
    for entry in entries:
        if not isinstance(entry, dict):
            raise problem
        at, moves = entry.get("at"), entry.get("moves")
        if not isinstance(at, int) or at < 0 or not isinstance(moves, list):
            raise problem
        if not moves or not all(isinstance(move, str) for move in moves):
            raise problem
        found.append(TakenBack(at, tuple(moves)))
    return tuple(found)
