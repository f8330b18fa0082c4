"""The open record format (docs/records.md): tag pairs in the manner of chess's PGN, then one
entry of the game's own notation a line.

    [Game "ponte"]
    [Variant "online"]
    [Result "white"]

    1. c3 d5
    2. swap

A reader takes the tags (each once), skips blank lines and comments (``;`` to the end of the
line), reads ``; taken back: a | b`` back as a takeback, drops each entry's move number and keeps
its line, so that the game's replay (`Game.from_record`) names the line of a bad move. A problem
with the form itself is a `RecordFormatError` carrying its line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from engine.errors import InvalidMoveError
from engine.record import JOINER, Record, TakenBack

TAG_ORDER = (
    "Game",
    "Variant",
    "Id",
    "White",
    "Red",
    "Black",
    "Started",
    "Ended",
    "Result",
    "Termination",
    "TimeControl",
    "Source",
)
"""The tags a writer writes, in this order (those it has); any other tag follows them."""
MAX_TAG_VALUE = 200
"""The most characters a tag's value holds."""
MAX_TAGS = 32
"""The most tags a record holds."""
UNFINISHED = "*"
"""The result of a game that has not ended."""
COMMENT = ";"
TAKEN_BACK = "; taken back: "

_TAG_LINE = re.compile(r'\[([A-Za-z][A-Za-z0-9_]{0,31})\s+"((?:[^"\\]|\\.)*)"\]')
_NUMBER = re.compile(r"([0-9]{1,5})\.\s*")
_ESCAPE = re.compile(r"\\(.)")


class RecordFormatError(InvalidMoveError):
    """A record that is not written in the format (a bad tag line, a missing tag): `line` is
    where (1-based, None for the record as a whole); `problem` names the kind of problem for
    the layers above ("form", "unknown_form", "too_large", "too_long", "result")."""

    def __init__(self, message: str, *, line: int | None = None, problem: str = "form") -> None:
        super().__init__(message, params={"line": str(line or "")})
        self.record_index = line
        self.line = line
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Tagged:
    """A record with its tags: the moves as the engine reads them (`record`, each entry with its
    line) and the tags in their order of writing."""

    record: Record
    tags: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = field(default=(), compare=False)  # comments, for people

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of tag `name`, else `default`."""
        return next((value for key, value in self.tags if key == name), default)

    @property
    def result(self) -> str:
        """The Result tag (`UNFINISHED` when it is missing)."""
        return self.tag("Result") or UNFINISHED


def quote(value: str) -> str:
    """`value` as a tag's quoted value: backslashes and quotes escaped, line breaks and other
    control characters (which a tag never holds) turned into spaces, cut to `MAX_TAG_VALUE`."""
    flat = "".join(" " if ord(c) < 32 or c == "\x7f" else c for c in value)[:MAX_TAG_VALUE]
    return '"' + flat.replace("\\", "\\\\").replace('"', '\\"') + '"'


def ordered_tags(tags: Mapping[str, str] | Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """The tags in the writer's order: `TAG_ORDER` first, any other after them as given."""
    pairs = list(tags.items() if isinstance(tags, Mapping) else tags)
    rank = {name: index for index, name in enumerate(TAG_ORDER)}
    return sorted(pairs, key=lambda pair: rank.get(pair[0], len(TAG_ORDER)))


def write_open(
    tags: Iterable[tuple[str, str]],
    record: Record,
    turn_numbers: Iterable[int],
    comments: Iterable[str] = (),
) -> str:
    """The record in the open format: the tags as given, a blank line, the `comments` (the
    author's notes), then each entry numbered with its turn (`turn_numbers`, one an entry: a
    Verbindung roll carries the number of the turn it opens), each takeback as a comment where
    it happened."""
    lines = [f"[{name} {quote(value)}]" for name, value in tags]
    lines.append("")
    lines += [f"{COMMENT} {' '.join(comment.split())}" for comment in comments]
    pending = list(record.takebacks)
    numbers = list(turn_numbers)
    for index, move in enumerate([*record.moves, None]):
        while pending and (pending[0].at <= index or move is None):
            lines.append(TAKEN_BACK + JOINER.join(pending.pop(0).moves))
        if move is not None:
            lines.append(f"{numbers[index]}. {move}")
    return "".join(f"{line}\n" for line in lines)


def read_open(text: str, *, game: str | None = None) -> Tagged:
    """The record `text` holds in the open format (its moves read, not yet checked); `game`,
    when given, is the game it must be of. Raises `RecordFormatError` with the line."""
    tags: dict[str, str] = {}
    moves: list[str] = []
    lines: list[int] = []
    takebacks: list[TakenBack] = []
    notes: list[str] = []
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith(TAKEN_BACK.strip()):
            taken = line.removeprefix(TAKEN_BACK.strip()).split(JOINER.strip())
            takebacks.append(TakenBack(len(moves), tuple(m.strip() for m in taken if m.strip())))
        elif line.startswith(COMMENT):
            notes.append(line.removeprefix(COMMENT).strip())
        elif line.startswith("["):
            if moves:
                raise RecordFormatError("a tag comes after the moves", line=number)
            _add_tag(tags, line, number)
        else:
            moves.append(_entry(line, number))
            lines.append(number)
    key = _game_of(tags, game)
    record = Record(
        key, tags.get("Variant"), tuple(moves), tuple(lines), takebacks=tuple(takebacks)
    )
    return Tagged(record, tuple(tags.items()), tuple(notes))


def is_open(text: str) -> bool:
    """Whether `text` starts (past blank lines and comments) with a tag line."""
    for raw in text.removeprefix("\ufeff").splitlines():
        line = raw.strip()
        if line and not line.startswith(COMMENT):
            return line.startswith("[")
    return False


def _add_tag(tags: dict[str, str], line: str, number: int) -> None:
    match = _TAG_LINE.fullmatch(line)
    if match is None:
        raise RecordFormatError('a tag line is [Name "value"]', line=number)
    name, value = match[1], _ESCAPE.sub(r"\1", match[2])
    if name in tags:
        raise RecordFormatError(f"the tag {name} is given twice", line=number)
    if len(value) > MAX_TAG_VALUE or any(ord(c) < 32 for c in value):
        raise RecordFormatError(f"the tag {name} is too long or holds a control", line=number)
    if len(tags) >= MAX_TAGS:
        raise RecordFormatError(f"a record holds at most {MAX_TAGS} tags", line=number)
    tags[name] = value


def _entry(line: str, number: int) -> str:
    """The move of an entry line, without its number."""
    match = _NUMBER.match(line)
    move = line[match.end() :] if match else line
    if not move.strip():
        raise RecordFormatError("a move number without a move", line=number)
    return move.strip()


def _game_of(tags: Mapping[str, str], game: str | None) -> str:
    key = tags.get("Game")
    if key is None:
        raise RecordFormatError("the record has no Game tag")
    if game is not None and key != game:
        raise RecordFormatError(f"the record is of {key!r}, not {game!r}")
    return key
