"""Antialiased shapes, drawn once at `SCALE` times their size, shrunk once and cached.

Pillow draws without antialiasing; drawing big and averaging down (a box filter at an integer
factor is an exact area average) gives smooth edges. Every sprite depends only on its arguments,
so each is made once per process and afterwards only pasted.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageChops, ImageDraw

from bot.render.theme import RGB, mix

SCALE = 4
CLEAR = (0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class StoneShape:
    """A stone's proportions, as shares of its radius unless said otherwise; the web board draws
    its stones from the same numbers (`bot.web.pages`' look)."""

    shadow_dx: float = 0.05
    shadow_dy: float = 0.1
    shadow_alpha: int = 70  # of 255
    body: float = 0.86  # inside the rim
    cap: float = 0.62  # the lighter cap, of the body
    cap_shift: float = 0.7  # towards the upper left, of the room the cap has in the body
    cap_light: float = 0.16  # how far the cap is mixed towards white


STONE_SHAPE = StoneShape()


@dataclass(frozen=True, slots=True)
class PlankShape:
    """A bridge plank's proportions, as shares of its width; the web board's too."""

    halo: float = 0.3  # the last turn's halo round it, on each side
    edge: float = 0.14  # its border, at least 1.6 px
    slat: float = 0.3  # the cross slats, mixed from the fill towards the border


PLANK_SHAPE = PlankShape()

Point = tuple[float, float]
Painter = Callable[[ImageDraw.ImageDraw, int], None]


def supersample(width: int, height: int, paint: Painter) -> Image.Image:
    """An RGBA sprite of `width` x `height` painted by `paint(draw, SCALE)` at `SCALE` times."""
    big = Image.new("RGBA", (width * SCALE, height * SCALE), CLEAR)
    paint(ImageDraw.Draw(big), SCALE)
    return big.resize((width, height), Image.Resampling.BOX)


def disc(draw: ImageDraw.ImageDraw, centre: Point, r: float, fill: tuple[int, ...]) -> None:
    """A filled circle."""
    x, y = centre
    draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def rounded_box(
    draw: ImageDraw.ImageDraw, size: tuple[float, float], radius: float, fill: RGB, inset: float = 0
) -> None:
    """A rounded rectangle filling a canvas of `size`, `inset` from its edge."""
    w, h = size
    box = (inset, inset, w - 1 - inset, h - 1 - inset)
    draw.rounded_rectangle(box, max(0.0, radius - inset), fill=(*fill, 255))


def stone_margin(diameter: int) -> int:
    """Pixels around a stone sprite's disc, room for its shadow."""
    return max(2, diameter // 10)


@cache
def stone(diameter: int, fill: RGB, rim: RGB, shadow: RGB) -> Image.Image:
    """A round stone: a dark rim, a flat body with a lighter cap towards the upper left, and a
    small drop shadow.

    Flat tones rather than a smooth gradient keep a stone within a few colours, which the shared
    palette (see `encode`) then holds exactly. The sprite is square, the stone's centre at its
    centre, `stone_margin` wider than the stone on every side.
    """
    size = diameter + 2 * stone_margin(diameter)

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        r, c = diameter * s / 2, size * s / 2
        shape = STONE_SHAPE
        disc(
            draw,
            (c + r * shape.shadow_dx, c + r * shape.shadow_dy),
            r,
            (*shadow, shape.shadow_alpha),
        )
        disc(draw, (c, c), r, (*rim, 255))
        body = r * shape.body
        disc(draw, (c, c), body, (*fill, 255))
        cap = body * shape.cap
        shift = (body - cap - r * shape.shadow_dy) * shape.cap_shift
        light = mix(fill, (255, 255, 255), shape.cap_light)
        disc(draw, (c - shift, c - shift), cap, (*light, 255))

    return supersample(size, size, paint)


@cache
def ring(diameter: int, width: float, colour: RGB) -> Image.Image:
    """A ring of outer `diameter` and stroke `width` (pixels), centred in a square sprite."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        c = diameter * s / 2
        disc(draw, (c, c), c, (*colour, 255))
        disc(draw, (c, c), c - width * s, CLEAR)

    return supersample(diameter, diameter, paint)


@cache
def rounded_square(size: int, radius: float, fill: RGB) -> Image.Image:
    """A filled square with rounded corners."""
    return supersample(
        size, size, lambda d, s: rounded_box(d, (size * s, size * s), radius * s, fill)
    )


@cache
def frame(size: int, width: float, colour: RGB) -> Image.Image:
    """The rounded outline of a square, `width` pixels thick."""

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        radius = size * 0.16 * s
        rounded_box(draw, (size * s, size * s), radius, colour)
        draw.rounded_rectangle(
            (width * s, width * s, size * s - 1 - width * s, size * s - 1 - width * s),
            radius - width * s,
            fill=CLEAR,
        )

    return supersample(size, size, paint)


@cache
def hatch(size: int, inset: int, spacing: float, width: float, colour: RGB) -> Image.Image:
    """A square of `size` with diagonal hatching inside an inset rounded square."""
    big = size * SCALE
    lines = Image.new("L", (big, big), 0)
    draw = ImageDraw.Draw(lines)
    offset: float = -big
    step = spacing * SCALE
    while offset < big:
        draw.line((offset, big, offset + big, 0), fill=255, width=round(width * SCALE))
        offset += step
    inside = Image.new("L", (big, big), 0)
    edge = inset * SCALE
    ImageDraw.Draw(inside).rounded_rectangle((edge, edge, big - edge, big - edge), big * 0.12, 255)
    sprite = Image.new("RGBA", (big, big), (*colour, 0))
    sprite.putalpha(ImageChops.multiply(lines, inside))
    return sprite.resize((size, size), Image.Resampling.BOX)


def _band(p: Point, q: Point, half: float) -> list[Point]:
    """The corners of the rectangle of half-width `half` around the segment p-q."""
    length = math.dist(p, q)
    nx, ny = -(q[1] - p[1]) / length * half, (q[0] - p[0]) / length * half
    return [
        (p[0] + nx, p[1] + ny),
        (q[0] + nx, q[1] + ny),
        (q[0] - nx, q[1] - ny),
        (p[0] - nx, p[1] - ny),
    ]


def _stroke(draw: ImageDraw.ImageDraw, ends: tuple[Point, Point], half: float, fill: RGB) -> None:
    """A thick segment with round ends."""
    p, q = ends
    draw.polygon(_band(p, q, half), fill=(*fill, 255))
    disc(draw, p, half, (*fill, 255))
    disc(draw, q, half, (*fill, 255))


def _slats(draw: ImageDraw.ImageDraw, ends: tuple[Point, Point], half: float, colour: RGB) -> None:
    """Thin lines across a plank, so that it reads as a wooden bridge."""
    (px, py), (qx, qy) = ends
    length = math.dist(ends[0], ends[1])
    ux, uy = (qx - px) / length, (qy - py) / length
    count = max(2, round(length / (half * 1.6)))
    inner = half * 0.62
    for k in range(1, count):
        mx, my = px + (qx - px) * k / count, py + (qy - py) * k / count
        line = (mx - uy * inner, my + ux * inner, mx + uy * inner, my - ux * inner)
        draw.line(line, fill=(*colour, 255), width=max(1, round(half * 0.12)))


@cache
def plank(
    offset: tuple[int, int], width: float, fill: RGB, edge: RGB, halo: RGB | None = None
) -> tuple[Image.Image, int]:
    """A bridge plank from (0, 0) to `offset` (pixels), `width` wide, with an `edge` border,
    cross slats and, if given, a `halo` around it.

    Returns the sprite and its padding: its top-left corner belongs at the plank's upper-left end
    (the smaller x and the smaller y of the two ends) minus the padding in both directions.
    """
    dx, dy = offset
    shape = PLANK_SHAPE
    extra = width * shape.halo if halo else 0.0
    pad = math.ceil(width / 2 + extra + 2)

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        p = ((pad + max(0, -dx)) * s, (pad + max(0, -dy)) * s)
        ends = (p, (p[0] + dx * s, p[1] + dy * s))
        half = width * s / 2
        if halo is not None:
            _stroke(draw, ends, half + extra * s, halo)
        _stroke(draw, ends, half, edge)
        _stroke(draw, ends, half - max(1.6, width * shape.edge) * s, fill)
        _slats(draw, ends, half, mix(fill, edge, shape.slat))

    return supersample(abs(dx) + 2 * pad, abs(dy) + 2 * pad, paint), pad


def paste_centred(image: Image.Image, sprite: Image.Image, centre: tuple[int, int]) -> None:
    """Paste `sprite` (RGBA) over `image` with its centre at `centre`."""
    x, y = centre
    image.paste(sprite, (x - sprite.width // 2, y - sprite.height // 2), sprite)
