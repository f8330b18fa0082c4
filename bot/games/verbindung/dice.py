"""Verbindung gesucht dice: a face's path segments drawn in top view, as cached sprites.

A segment joins some of the die's four edges (N, E, S, W; north is up): four edges make a cross,
two opposite ones a straight line, two adjacent ones a quarter arc around their common corner, one
edge a stub (the hidden colour of a bridge: a dead end). Stubs are drawn first and stop short of
the middle, so that the bridge's top line lies visibly over them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageChops, ImageDraw

from bot.games.verbindung.look import COLOURS
from bot.render import sprites
from bot.render.theme import RGB, Theme, mix
from engine.verbindung.layout import Colour, Side

Segment = tuple[Colour, tuple[Side, ...]]

# Each edge's midpoint as a direction from the die's centre (y grows downwards, north is up).
_MIDPOINT = {Side.N: (0, -1), Side.E: (1, 0), Side.S: (0, 1), Side.W: (-1, 0)}

PATH_WIDTH = 0.19
"""A path's width as a share of the die's size."""


@dataclass(frozen=True, slots=True)
class DieShape:
    """A die's proportions, as shares of its size (the rim's inner square's for the paths); the
    web board draws its dice from the same numbers (`bot.games.verbindung.web`' look)."""

    inset: float = 0.04  # the margin left free of the field, at least 2 px
    rim: float = 0.028  # at least 1.5 px
    radius: float = 0.13  # the rounded corners
    path: float = PATH_WIDTH
    glow: float = 0.07  # a network's halo on each side of its path
    outline: float = 0.014  # the dark outline on each side of every path
    outline_dark: float = 0.35  # how far the outline is mixed from the die's edge to black


DIE_SHAPE = DieShape()


def path_colour(colour: Colour, theme: Theme) -> RGB:
    """The colour a path of `colour` is drawn in."""
    if colour is Colour.RED:
        return COLOURS.path_red
    return COLOURS.path_black if colour is Colour.BLACK else COLOURS.path_white


class _Pen:
    """Strokes segments on a layer `size` big pixels square (the die's inside)."""

    def __init__(self, draw: ImageDraw.ImageDraw, size: float, width: float) -> None:
        self.draw, self.size, self.width = draw, size, width
        self.c = size / 2

    def stroke(self, sides: tuple[Side, ...], fill: tuple[int, ...], extra: float) -> None:
        """One segment, `extra` big pixels wider than the path on each side."""
        if len(sides) == 1:
            self._stub(sides[0], fill, extra)
        elif len(sides) == 2 and sides[0].opposite is sides[1]:
            self._straight(sides[0], fill, extra)
        elif len(sides) == 2:
            self._arc(sides, fill, extra)
        else:
            self._straight(Side.N, fill, extra)
            self._straight(Side.E, fill, extra)

    def _straight(self, side: Side, fill: tuple[int, ...], extra: float) -> None:
        half = self.width / 2 + extra
        c, far = self.c, self.size
        if side in (Side.N, Side.S):
            self.draw.rectangle((c - half, -1, c + half, far + 1), fill=fill)
        else:
            self.draw.rectangle((-1, c - half, far + 1, c + half), fill=fill)

    def _stub(self, side: Side, fill: tuple[int, ...], extra: float) -> None:
        # From the edge towards the middle, ending round, well clear of the line lying over it.
        r = self.width / 2 + extra
        dx, dy = _MIDPOINT[side]
        reach = self.width * 1.65  # the round end's distance from the die's centre
        near, far = sorted((self.c + (dx + dy) * reach, self.c + (dx + dy) * (self.c + 1)))
        if dx:
            self.draw.rectangle((near, self.c - r, far, self.c + r), fill=fill)
        else:
            self.draw.rectangle((self.c - r, near, self.c + r, far), fill=fill)
        x, y = self.c + dx * reach, self.c + dy * reach
        self.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)

    def _arc(self, sides: tuple[Side, ...], fill: tuple[int, ...], extra: float) -> None:
        # A quarter circle round the corner the two edges share, through both edges' midpoints.
        (ax, ay), (bx, by) = (_MIDPOINT[s] for s in sides)
        kx, ky = self.c + (ax + bx) * self.c, self.c + (ay + by) * self.c
        # Seen from the corner, edge a's midpoint lies in the direction opposite to b, and so on.
        start, end = sorted(math.degrees(math.atan2(-y, -x)) % 360 for x, y in ((bx, by), (ax, ay)))
        if end - start > 180:
            start, end = end, start + 360
        width = self.width + 2 * extra
        r = self.c + width / 2
        # A few degrees more at each end: the die's edge clips the stroke square.
        self.draw.arc(
            (kx - r, ky - r, kx + r, ky + r), start - 8, end + 8, fill=fill, width=round(width)
        )


def _stubs_first(segments: tuple[Segment, ...]) -> list[tuple[int, Segment]]:
    return sorted(enumerate(segments), key=lambda item: len(item[1][1]) != 1)


def _path_layer(
    size: int, segments: tuple[Segment, ...], glow: frozenset[int], theme: Theme
) -> Image.Image:
    """The paths on a transparent square layer `size` big pixels wide, not yet clipped."""
    layer = Image.new("RGBA", (size, size), sprites.CLEAR)
    pen = _Pen(ImageDraw.Draw(layer), size, size * PATH_WIDTH)
    outline = (*mix(COLOURS.die_edge, (0, 0, 0), DIE_SHAPE.outline_dark), 255)
    for number, (_colour, sides) in _stubs_first(segments):
        if number in glow:
            pen.stroke(sides, (*COLOURS.network, 255), size * DIE_SHAPE.glow)
    for _number, (colour, sides) in _stubs_first(segments):
        pen.stroke(sides, outline, size * DIE_SHAPE.outline)
        pen.stroke(sides, (*path_colour(colour, theme), 255), 0)
    return layer


@cache
def die(
    size: int, segments: tuple[Segment, ...], glow: frozenset[int], theme: Theme
) -> Image.Image:
    """A die `size` pixels square showing `segments`; those numbered in `glow` get a halo (part of
    a highlighted network). The die leaves a small margin of its field free."""
    s = sprites.SCALE
    big = size * s
    inset = max(2, round(size * DIE_SHAPE.inset)) * s
    rim = max(1.5, size * DIE_SHAPE.rim) * s
    radius = size * DIE_SHAPE.radius * s
    image = Image.new("RGBA", (big, big), sprites.CLEAR)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (inset, inset, big - inset - 1, big - inset - 1), radius, fill=(*COLOURS.die_edge, 255)
    )
    lo, hi = inset + rim, big - inset - rim - 1
    draw.rounded_rectangle((lo, lo, hi, hi), radius - rim, fill=(*COLOURS.die, 255))
    inner = round(hi - lo)
    layer = _path_layer(inner, segments, glow, theme)
    mask = Image.new("L", (inner, inner), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, inner - 1, inner - 1), radius - rim, fill=255)
    layer.putalpha(ImageChops.multiply(layer.getchannel("A"), mask))
    image.alpha_composite(layer, (round(lo), round(lo)))
    return image.resize((size, size), Image.Resampling.BOX)
