"""Colours and proportions of the board images.

One opaque palette that reads on Discord's dark (#313338) and light (#ffffff) themes alike: a dark
walnut frame (a card on the light theme, a warm panel on the dark one) around a light wooden board,
so that white stones, dark-red stones and dark text all keep their contrast.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

DEFAULT_WIDTH = 760
"""Image width in pixels. Discord shows an attachment at most about 550 px wide on a desktop and at
the full screen width on a phone (about 1080 physical pixels), so 760 px stays sharp on both while
a 12x12 board still gets 56 px fields and 22 px text shrinks to about 16 px on the desktop."""


@dataclass(frozen=True, slots=True)
class Theme:
    """The colours of one look; the renderers read nothing else."""

    frame: RGB = (52, 39, 31)
    card: RGB = (72, 55, 43)
    card_edge: RGB = (98, 77, 60)
    text: RGB = (246, 236, 219)
    muted: RGB = (205, 186, 160)
    accent: RGB = (255, 196, 61)
    board: RGB = (226, 193, 136)
    plate: RGB = (200, 160, 102)
    plate_edge: RGB = (120, 88, 55)
    grid: RGB = (160, 122, 76)
    coordinate: RGB = (78, 54, 32)
    hatch: RGB = (150, 108, 66)
    highlight: RGB = (30, 132, 235)
    shadow: RGB = (40, 25, 10)
    white_stone: RGB = (248, 245, 238)
    white_rim: RGB = (44, 40, 36)
    red_stone: RGB = (170, 26, 40)
    red_rim: RGB = (74, 8, 16)
    white_island: RGB = (246, 232, 200)
    white_island_edge: RGB = (104, 80, 54)
    red_island: RGB = (226, 160, 138)
    red_island_edge: RGB = (140, 24, 38)
    die: RGB = (92, 110, 128)
    die_edge: RGB = (52, 63, 76)
    path_red: RGB = (226, 52, 46)
    path_black: RGB = (22, 22, 24)
    path_white: RGB = (252, 252, 250)
    field: RGB = (234, 210, 165)
    base_red: RGB = (200, 36, 36)
    base_black: RGB = (26, 26, 28)
    network: RGB = (255, 206, 64)


DEFAULT_THEME = Theme()
"""The one look the bot uses."""


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour `t` of the way from `a` to `b` (0 gives `a`, 1 gives `b`)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def even(value: float) -> int:
    """`value` rounded, then down to an even number: sprites of even size centre on a pixel."""
    number = round(value)
    return number - number % 2
