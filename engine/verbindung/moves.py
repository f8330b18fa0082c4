"""The moves of Verbindung gesucht and their canonical notation (docs/players.md, Notation).

A record is a sequence of *events*: a `Roll` (the chance step that starts a turn), a `Turn` (the
mover's placements and exchanges, or `pass`) and a `Resign`. Every event is frozen and hashable,
``str()`` gives its one canonical text and `parse_move(str(m)) == m`. Input is case-insensitive and
tolerant of extra spaces.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.coords import Field
from engine.errors import InvalidMoveError
from engine.verbindung.layout import FACE_ORDER, FACE_ORIENTATIONS, Face, Orientation, Player

# Orientation words written with their letters swapped are accepted and read as the canonical word.
_ORIENTATION_WORDS: dict[str, Orientation] = {o.value: o for o in Orientation} | {
    o.value[::-1]: o for o in Orientation
}


def _words(text: str) -> list[str]:
    return text.strip().lower().split()


def _parse_face(word: str) -> Face:
    try:
        return Face(word)
    except ValueError:
        faces = ", ".join(FACE_ORDER)
        message = f"{word!r} is not a die face (one of {faces})"
        params = {"text": word[:20], "faces": faces}
        raise InvalidMoveError(message, reason="not_a_face", params=params) from None


@dataclass(frozen=True, slots=True)
class Roll:
    """The dice rolled at the start of a turn (V5); the faces are kept in canonical face order.

    Construction raises `InvalidMoveError` for an empty roll.
    """

    faces: tuple[Face, ...]

    def __post_init__(self) -> None:
        if not self.faces:
            raise InvalidMoveError("a roll needs at least one die")
        # A roll is a multiset: sorting gives every roll exactly one canonical text.
        ordered = tuple(sorted((Face(f) for f in self.faces), key=FACE_ORDER.index))
        object.__setattr__(self, "faces", ordered)

    def __str__(self) -> str:
        return "roll " + " ".join(self.faces)

    def __repr__(self) -> str:
        return f"Roll.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Roll:
        """Parse ``roll arcs white-cross``; raise `InvalidMoveError` if it is not a roll."""
        words = _words(text)
        if not words or words[0] != "roll":
            raise InvalidMoveError(f"{text.strip()!r} is not a roll (roll and the faces)")
        return cls(tuple(_parse_face(w) for w in words[1:]))


@dataclass(frozen=True, slots=True)
class Place:
    """Placing one rolled die: the face, the field and (except for crosses) the orientation (V4).

    Construction raises `InvalidMoveError` when the orientation does not suit the face.
    """

    face: Face
    field: Field
    orientation: Orientation | None = None

    def __post_init__(self) -> None:
        options = FACE_ORIENTATIONS[self.face]
        if self.orientation not in options:
            self._orientation_error(options)

    def _orientation_error(self, options: Mapping[Orientation | None, int]) -> None:
        face = str(self.face)
        if self.orientation is None:
            words = "/".join(str(o) for o in options)
            message = f"{face} needs an orientation ({words})"
            params = {"face": face, "options": words}
            raise InvalidMoveError(message, reason="needs_orientation", params=params)
        if None in options:
            message = f"{face} takes no orientation"
            raise InvalidMoveError(message, reason="no_orientation", params={"face": face})
        words = "/".join(str(o) for o in options)
        message = f"{self.orientation} is not an orientation of {face}"
        params = {"face": face, "orientation": str(self.orientation), "options": words}
        raise InvalidMoveError(message, reason="wrong_orientation", params=params)

    def __str__(self) -> str:
        if self.orientation is None:
            return f"{self.face} {self.field}"
        return f"{self.face} {self.field} {self.orientation}"

    def __repr__(self) -> str:
        return f"Place.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Place:
        """Parse ``arcs a2 sw`` or ``white-cross d3``; raise `InvalidMoveError`."""
        words = _words(text)
        if len(words) not in (2, 3):
            shown = text.strip()[:40]
            message = f"{shown!r} is not a placement (face field orientation)"
            raise InvalidMoveError(message, reason="not_a_placement", params={"text": shown})
        face = _parse_face(words[0])
        field = Field.parse(words[1])
        orientation = None
        if len(words) == 3:
            if words[2] not in _ORIENTATION_WORDS:
                message = f"{words[2]!r} is not an orientation word"
                params = {"text": words[2][:20]}
                raise InvalidMoveError(message, reason="not_an_orientation", params=params)
            orientation = _ORIENTATION_WORDS[words[2]]
        return cls(face, field, orientation)


@dataclass(frozen=True, slots=True)
class Exchange:
    """V10: replacing the die on `field` with a white cross to rejoin a cut-off base."""

    field: Field

    def __str__(self) -> str:
        return f"exchange {self.field}"

    def __repr__(self) -> str:
        return f"Exchange.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Exchange:
        """Parse ``exchange d4``; raise `InvalidMoveError`."""
        words = _words(text)
        if len(words) != 2 or words[0] != "exchange":
            raise InvalidMoveError(f"{text.strip()!r} is not an exchange (exchange and a field)")
        return cls(Field.parse(words[1]))


Action = Place | Exchange
"""One step of a turn."""


def parse_action(text: str) -> Action:
    """Parse one placement or exchange; raise `InvalidMoveError`."""
    words = _words(text)
    if words and words[0] == "exchange":
        return Exchange.parse(text)
    return Place.parse(text)


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn's placements and exchanges in the order they are made; no actions is `pass`.

    The order belongs to the move: each action is judged on the board the earlier ones left.
    """

    actions: tuple[Action, ...] = ()

    def __str__(self) -> str:
        return ", ".join(str(a) for a in self.actions) if self.actions else "pass"

    def __repr__(self) -> str:
        return f"Turn.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Turn:
        """Parse ``pass`` or actions joined by commas; raise `InvalidMoveError`."""
        if _words(text) == ["pass"]:
            return cls(())
        parts = text.split(",")
        if any(not p.strip() for p in parts):
            raise InvalidMoveError(f"{text.strip()!r} has an empty part between commas")
        return cls(tuple(parse_action(p) for p in parts))


@dataclass(frozen=True, slots=True)
class Resign:
    """A player resigns (V12); either player may do so at any time."""

    player: Player

    def __str__(self) -> str:
        return f"resign {self.player}"

    def __repr__(self) -> str:
        return f"Resign.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Resign:
        """Parse ``resign red``; raise `InvalidMoveError`."""
        words = _words(text)
        if len(words) != 2 or words[0] != "resign" or words[1] not in ("red", "black"):
            raise InvalidMoveError(f"{text.strip()!r} is not a resignation (resign red|black)")
        return cls(Player(words[1]))


Move = Roll | Turn | Resign
"""Any event of a game record."""


def parse_move(text: str) -> Move:
    """Parse one record line (a roll, a turn or a resignation); raise `InvalidMoveError`."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"{text!r} is not text")
    words = _words(text)
    if not words:
        raise InvalidMoveError("an empty line is not a move")
    if words[0] == "roll":
        return Roll.parse(text)
    if words[0] == "resign":
        return Resign.parse(text)
    return Turn.parse(text)
