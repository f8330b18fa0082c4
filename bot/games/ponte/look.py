"""What Ponte del Diavolo's images draw in its own colours and words, beside the shared theme
(`bot.render.theme`) and the shared words (`bot.render.labels`)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.render.theme import RGB


@dataclass(frozen=True, slots=True)
class PonteColours:
    """The stones and the patches of the islands, on the shared wooden board."""

    white_stone: RGB = (248, 245, 238)
    white_rim: RGB = (44, 40, 36)
    red_stone: RGB = (170, 26, 40)
    red_rim: RGB = (74, 8, 16)
    white_island: RGB = (246, 232, 200)
    white_island_edge: RGB = (104, 80, 54)
    red_island: RGB = (226, 160, 138)
    red_island_edge: RGB = (140, 24, 38)


COLOURS = PonteColours()


@dataclass(frozen=True, slots=True)
class PonteWords:
    """The words only Ponte's images draw, English by default (the catalogue's ``render.*``)."""

    points: str = "points"
    islands: str = "islands"
    bridges: str = "bridges"
    stones_left: str = "stones left"
    bridges_left: str = "bridges left"
    swapped: str = "{name} swapped colours"
