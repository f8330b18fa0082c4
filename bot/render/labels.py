"""Every word the board images draw, so that the Discord layer can pass them in another language.

Numbers are drawn as numbers; everything else comes from a `Labels`. Entries with ``{name}`` are
templates filled with a player's display name (word order differs between languages).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Labels:
    """The words of the images, English by default.

    Pass another instance (for example ``Labels(points="Punkte", ...)``) to draw them in another
    language. A template should keep its ``{name}`` field (see `with_name`).
    """

    white: str = "White"
    red: str = "Red"
    black: str = "Black"
    to_move: str = "to move"
    points: str = "points"
    islands: str = "islands"
    bridges: str = "bridges"
    stones_left: str = "stones left"
    bridges_left: str = "bridges left"
    turn: str = "turn"
    last_turn: str = "last turn"
    swapped: str = "{name} swapped colours"
    passed: str = "{name} passed"
    winner: str = "winner"
    wins: str = "{name} wins"
    draw: str = "Draw"
    resigned: str = "{name} resigned"
    supply: str = "supply"
    roll: str = "roll"
    to_roll: str = "to roll"
    bases: str = "bases joined"
    full_board: str = "the area is full"


ENGLISH = Labels()
"""The default labels."""


def with_name(template: str, name: str) -> str:
    """`template` with ``{name}`` replaced by `name`; never raises, whatever braces either holds."""
    return template.replace("{name}", name)
