"""boardspace.net's Ponte del Diavolo records (docs/records.md, "boardspace"), read into the
open format.

boardspace keeps a game as an SGF-like file: a header node (``GM``, ``SU[ponte]``, the players
as ``P0[id "name"]`` and ``P1[id "name"]``, ``RE``, ``DT``, ``GN``), then one node a step, each a
``P0[...]`` or ``P1[...]`` holding the step's sequence number and a command of its user
interface or of its robot: ``Start P0``; ``Tile White_Chip_Pool C 3`` and ``Bridge Bridge_30 C 3``
(the robot's); ``Pick W``, ``Pick X_45``, ``Dropb C 3``, ``Pickb C 3`` (taking a stone of this
turn back up), ``Drop W``, ``BridgeEnd E 4`` (turning the bridge just dropped to end there);
``Swap``, ``Pass``, ``Resign`` and ``Done``, which ends a turn. Columns are capital letters from
``A`` on the left, rows numbers from 1 at the bottom; the board is 10x10 with 40 stones a colour
and 15 bridges (our `classic`). A bridge is named by its shape and its upper end (the right one
of a level bridge): ``Bridge_30`` ends two columns left and one row down, ``_45`` two and two,
``_60`` one left and two down, ``_90`` two down, ``_120`` one right and two down, ``_135`` two and
two to the right, ``_150`` two right and one down, ``_180`` two left. P0 plays white until a swap.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from engine.coords import Field
from engine.errors import InvalidMoveError
from engine.exchange.open_format import RecordFormatError, Tagged
from engine.record import Record

SOURCE = "boardspace.net"
SEATS = tuple(f"P{seat}" for seat in range(2))
"""The players' properties, the first mover's first (not rule ids, whatever they look like)."""
SHAPES = {
    "30": (-2, -1),
    "45": (-2, -2),
    "60": (-1, -2),
    "90": (0, -2),
    "120": (1, -2),
    "135": (2, -2),
    "150": (2, -1),
    "180": (-2, 0),
}
"""Where each bridge's other end lies from its named end: columns right, rows up."""

_PROPERTY = re.compile(r"([A-Za-z][A-Za-z0-9]*)((?:\s*\[(?:[^\]\\]|\\.)*\])+)", re.S)
_VALUE = re.compile(r"\[((?:[^\]\\]|\\.)*)\]", re.S)
_PLAYER = re.compile(r'id\s+"([^"]*)"')


def is_boardspace(text: str) -> bool:
    """Whether `text` looks like a boardspace game file."""
    stripped = text.lstrip("\ufeff \t\r\n")
    return stripped.startswith("(") and bool(re.search(r"SU\[|P0\[", stripped[:2000]))


@dataclass(slots=True)
class _Turn:
    """The steps of the turn being read, until its Done."""

    first: int | None = None  # the sequence number of its first step
    stones: list[Field] = field(default_factory=list)
    bridge: tuple[Field, Field] | None = None
    picked: str | None = None  # "tile", or a bridge's shape
    swap: bool = False
    passed: bool = False
    resigned: bool = False


def read_boardspace(text: str) -> Tagged:
    """The boardspace record `text` as an open record of Ponte (its moves converted, not yet
    checked; each entry's place is the boardspace sequence number of its turn's first step).
    Raises `RecordFormatError` for a file that is not one, `InvalidMoveError` for a step it
    cannot read (with its sequence number)."""
    nodes = _nodes(text)
    if not nodes:
        raise RecordFormatError("the boardspace file holds no game")
    header = nodes[0]
    kind = " ".join(header.get("SU", []) + header.get("GM", [])).lower()
    if "ponte" not in kind:
        raise RecordFormatError("the boardspace file is not of Ponte del Diavolo")
    names = [_name(header, seat) for seat in SEATS]
    reader = _Reader()
    for node in nodes[1:]:  # the first is the header
        for index, seat in enumerate(SEATS):
            for value in node.get(seat, []):
                reader.step(index, value)
    white_seat = 1 if reader.swapped else 0
    tags = [("Game", "ponte"), ("Variant", "classic")]
    if header.get("GN"):
        tags.append(("Id", f"boardspace:{header['GN'][0].strip()}"))
    tags += [("White", names[white_seat]), ("Red", names[1 - white_seat])]
    started = _date(header.get("DT", [""])[0])
    if started:
        tags.append(("Started", started))
    tags.append(("Source", SOURCE))
    record = Record("ponte", "classic", tuple(reader.moves), tuple(reader.places))
    return Tagged(record, tuple(tags))


class _Reader:
    """Turns boardspace's steps into our moves, a turn at each Done."""

    def __init__(self) -> None:
        self.moves: list[str] = []
        self.places: list[int] = []
        self.swapped = False
        self.turn = _Turn()

    def step(self, seat: int, value: str) -> None:
        words = value.split()
        number = int(words.pop(0)) if words and words[0].isdigit() else len(self.moves) + 1
        if not words:
            return
        command, args = words[0].lower(), words[1:]
        if self.turn.first is None and command != "start":
            self.turn.first = number
        try:
            self._command(seat, command, args)
        except (InvalidMoveError, IndexError, ValueError) as error:
            raise _bad(number, value, str(error)) from None

    def _command(self, seat: int, command: str, args: list[str]) -> None:
        turn = self.turn
        if command in ("start", "edit"):
            return
        if command == "swap":
            turn.swap = not turn.swap
        elif command == "pass":
            turn.passed = True
        elif command == "resign":
            self._emit(f"resign {self._colour(seat)}")
            turn.resigned = True
        elif command == "done":
            self._done()
        else:
            self._piece(command, args)

    def _piece(self, command: str, args: list[str]) -> None:
        """A step that places, lifts or turns a stone or a bridge of the turn."""
        turn = self.turn
        if command == "tile":
            turn.stones.append(_field(args[1], args[2]))
        elif command == "bridge":
            turn.bridge = _bridge(_field(args[1], args[2]), args[0])
        elif command == "pick":
            turn.picked = "tile" if args[0].upper() in ("W", "R") else args[0]
        elif command == "dropb":
            self._drop(_field(args[0], args[1]))
        elif command == "pickb":
            self._lift(_field(args[0], args[1]))
        elif command == "drop":
            turn.picked = None
        elif command == "bridgeend" and turn.bridge is not None:
            turn.bridge = (turn.bridge[0], _field(args[0], args[1]))
        else:
            raise InvalidMoveError(f"the step {command!r} is not one this reader knows")

    def _drop(self, where: Field) -> None:
        turn = self.turn
        if turn.picked == "tile":
            turn.stones.append(where)
        elif turn.picked is not None:
            turn.bridge = _bridge(where, turn.picked)
        else:
            raise InvalidMoveError("a drop with nothing picked up")
        turn.picked = None

    def _lift(self, where: Field) -> None:
        turn = self.turn
        if where in turn.stones:
            turn.stones.remove(where)
            turn.picked = "tile"
        elif turn.bridge is not None and where == turn.bridge[0]:
            turn.bridge = None
        else:
            raise InvalidMoveError(f"{where} holds nothing placed this turn")

    def _done(self) -> None:
        turn = self.turn
        if turn.resigned:
            self.turn = _Turn()
            return
        if turn.bridge is not None and not turn.stones:
            self._emit("-".join(str(end) for end in sorted(turn.bridge)))
        elif turn.stones and turn.bridge is None:
            self._emit(" ".join(str(stone) for stone in turn.stones))
        elif turn.swap:
            self._emit("swap")
            self.swapped = True
        elif not turn.stones:
            self._emit("pass")
        else:
            raise InvalidMoveError("a turn places stones and a bridge at once")
        self.turn = _Turn()

    def _emit(self, move: str) -> None:
        self.moves.append(move)
        self.places.append(self.turn.first or len(self.moves))

    def _colour(self, seat: int) -> str:
        return "white" if (seat == 0) != self.swapped else "red"


def _bad(number: int, value: str, why: str) -> InvalidMoveError:
    error = InvalidMoveError(
        f"boardspace step {number} ({value.strip()!r}) cannot be read: {why}",
        reason="not_a_move",
        params={"text": value.strip()[:40]},
    )
    error.record_index, error.record_text = number, value.strip()
    return error


def _field(column: str, row: str) -> Field:
    return Field.parse(f"{column.lower()}{int(row)}")


def _bridge(end: Field, shape: str) -> tuple[Field, Field]:
    angle = shape.upper().removeprefix("BRIDGE_").removeprefix("X_")
    if angle not in SHAPES:
        raise InvalidMoveError(f"{shape!r} is not a bridge of boardspace")
    dx, dy = SHAPES[angle]
    return (end, Field(end.col + dx, end.row + dy))


def _date(text: str) -> str | None:
    """boardspace's date (``Mar 02 2025 18:21:07``) in ISO 8601, None if it is not one."""
    try:
        return datetime.strptime(text.strip(), "%b %d %Y %H:%M:%S").strftime("%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        return None


def _name(header: dict[str, list[str]], seat: str) -> str:
    for value in header.get(seat, []):
        match = _PLAYER.match(value.strip())
        if match:
            return match[1]
    return seat


def _nodes(text: str) -> list[dict[str, list[str]]]:
    """The file's nodes (``;`` apart), each its properties' values in order."""
    body = text.lstrip("\ufeff \t\r\n")
    nodes: list[dict[str, list[str]]] = []
    for chunk in _split_nodes(body):
        props: dict[str, list[str]] = {}
        for match in _PROPERTY.finditer(chunk):
            values = [v.replace("\\]", "]") for v in _VALUE.findall(match[2])]
            props.setdefault(match[1].upper(), []).extend(values)
        if props:
            nodes.append(props)
    return nodes


def _split_nodes(body: str) -> list[str]:
    """The text between semicolons outside property values."""
    chunks, current, inside, escaped = [], [], False, False
    for char in body:
        if inside:
            current.append(char)
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == "]":
                inside = False
        elif char == "[":
            inside = True
            current.append(char)
        elif char == ";":
            chunks.append("".join(current))
            current = []
        elif char not in "()":
            current.append(char)
    chunks.append("".join(current))
    return chunks
