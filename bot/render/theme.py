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
    """The colours every image shares (the frame, the cards, the text, the wooden board); each
    game keeps the colours of its own pieces in its package."""

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
