"""What Verbindung gesucht's images draw in its own colours and words, beside the shared theme
(`bot.render.theme`) and the shared words (`bot.render.labels`)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.render.theme import RGB


@dataclass(frozen=True, slots=True)
class VerbindungColours:
    """The dice and their paths, the fields and the bases."""

    die: RGB = (92, 110, 128)
    die_edge: RGB = (52, 63, 76)
    path_red: RGB = (226, 52, 46)
    path_black: RGB = (22, 22, 24)
    path_white: RGB = (252, 252, 250)
    field: RGB = (234, 210, 165)
    base_red: RGB = (200, 36, 36)
    base_black: RGB = (26, 26, 28)
    network: RGB = (255, 206, 64)


COLOURS = VerbindungColours()


@dataclass(frozen=True, slots=True)
class VerbindungWords:
    """The words only Verbindung's images draw, English by default (the catalogue's
    ``render.*``)."""

    supply: str = "supply"
    roll: str = "roll"
    to_roll: str = "to roll"
    bases: str = "bases joined"
    full_board: str = "the area is full"
