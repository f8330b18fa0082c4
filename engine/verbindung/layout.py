"""Every constant of the Verbindung gesucht board layout, in one place (docs/rules.md V1-V4).

The seed lost its pictures, so the area size, the base spots and the drawing on each die face are
decisions (docs/rules.md states them); change them here and nowhere else. Everything else in the
package derives its tables from these constants.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from engine.coords import Field

SIZE = 6
"""V1: the playing area is SIZE x SIZE fields."""

FIELDS = SIZE * SIZE
"""V1: one die per field, so also the number of dice in the common supply."""

DICE = FIELDS


class Side(IntEnum):
    """The four edges of a field, clockwise from north (a quarter turn adds one)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def opposite(self) -> Side:
        """The edge facing this one across the common border of two adjacent fields."""
        return Side((self + 2) % 4)


class Colour(StrEnum):
    """The colour of a path segment; white is the joker that counts for both players."""

    RED = "red"
    BLACK = "black"
    WHITE = "white"


class Player(StrEnum):
    """The two players, named by their colour; red begins (V5)."""

    RED = "red"
    BLACK = "black"

    @property
    def other(self) -> Player:
        """The opponent."""
        return Player.BLACK if self is Player.RED else Player.RED

    @property
    def colour(self) -> Colour:
        """The path colour that belongs to this player."""
        return Colour(self.value)


class Face(StrEnum):
    """The six faces every die shows (V3), named as in the notation."""

    RED_CROSS = "red-cross"
    BLACK_CROSS = "black-cross"
    WHITE_CROSS = "white-cross"
    RED_BRIDGE = "red-bridge"
    BLACK_BRIDGE = "black-bridge"
    ARCS = "arcs"


FACE_ORDER: tuple[Face, ...] = tuple(Face)
"""Canonical face order (V3's order): rolls are written sorted in it."""


class Orientation(StrEnum):
    """V4's orientation words: a bridge's top line, or the corner of the red arc."""

    NS = "ns"
    EW = "ew"
    NE = "ne"
    SE = "se"
    SW = "sw"
    NW = "nw"


Segment = tuple[Colour, tuple[Side, ...]]
"""One path segment of a face: its colour and the edges it reaches."""

_ALL = (Side.N, Side.E, Side.S, Side.W)

# V3: the unturned drawing of each face. A bridge is drawn with its top line north-south; the
# colour hidden underneath shows only as two dead-end stubs at E and W ("in top view", seed rule 3).
FACE_SEGMENTS: dict[Face, tuple[Segment, ...]] = {
    Face.RED_CROSS: ((Colour.RED, _ALL),),
    Face.BLACK_CROSS: ((Colour.BLACK, _ALL),),
    Face.WHITE_CROSS: ((Colour.WHITE, _ALL),),
    Face.RED_BRIDGE: (
        (Colour.RED, (Side.N, Side.S)),
        (Colour.BLACK, (Side.E,)),
        (Colour.BLACK, (Side.W,)),
    ),
    Face.BLACK_BRIDGE: (
        (Colour.BLACK, (Side.N, Side.S)),
        (Colour.RED, (Side.E,)),
        (Colour.RED, (Side.W,)),
    ),
    Face.ARCS: ((Colour.RED, (Side.N, Side.E)), (Colour.BLACK, (Side.S, Side.W))),
}

# V4: the orientations a face may take, each as the number of clockwise quarter turns from the
# unturned drawing. Crosses look the same in every turn, so they take none; a bridge turned twice
# looks as it did, so it has two.
FACE_ORIENTATIONS: dict[Face, dict[Orientation | None, int]] = {
    Face.RED_CROSS: {None: 0},
    Face.BLACK_CROSS: {None: 0},
    Face.WHITE_CROSS: {None: 0},
    Face.RED_BRIDGE: {Orientation.NS: 0, Orientation.EW: 1},
    Face.BLACK_BRIDGE: {Orientation.NS: 0, Orientation.EW: 1},
    Face.ARCS: {Orientation.NE: 0, Orientation.SE: 1, Orientation.SW: 2, Orientation.NW: 3},
}


@dataclass(frozen=True, slots=True)
class Base:
    """A base outside the area (V2): its owner, the edge field it faces and the side it lies on."""

    player: Player
    field: Field
    side: Side

    def __str__(self) -> str:
        return f"{self.player} base at {self.field} {self.side.name.lower()}"


def _base(player: Player, field: str, side: Side) -> Base:
    return Base(player, Field.parse(field), side)


# V2: one red and one black base on every side of the area; each colour's set is the other's
# mirror image and turns into itself by a quarter turn.
BASES: dict[Player, tuple[Base, ...]] = {
    Player.RED: (
        _base(Player.RED, "b6", Side.N),
        _base(Player.RED, "f5", Side.E),
        _base(Player.RED, "e1", Side.S),
        _base(Player.RED, "a2", Side.W),
    ),
    Player.BLACK: (
        _base(Player.BLACK, "e6", Side.N),
        _base(Player.BLACK, "f2", Side.E),
        _base(Player.BLACK, "b1", Side.S),
        _base(Player.BLACK, "a5", Side.W),
    ),
}

FIRST_PLAYER = Player.RED
"""V5: red begins."""

DICE_PER_ROLL = 3
"""V5: dice rolled at the start of a turn."""

OPENING_DICE = 2
"""V5: dice rolled in each of red's first OPENING_TURNS turns."""

OPENING_TURNS = 2

PLACEMENTS_PER_TURN = 2
"""V6: at most this many placements (or V10 exchanges) per turn."""
