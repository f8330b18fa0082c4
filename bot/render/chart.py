"""A player's rating over their rated results, as a small line chart in the board images' style:
the walnut frame, a card for the plot, light grid lines with the ratings on the left, the line in
the accent colour and the latest rating called out at its end."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from bot.render import sprites
from bot.render.encode import png_bytes
from bot.render.text import draw_text, fit, font
from bot.render.theme import DEFAULT_THEME, Theme

WIDTH, HEIGHT = 760, 320
STEPS = (10, 20, 25, 50, 100, 200, 250, 500, 1000)
"""Grid spacings to choose from: the smallest that gives at most five lines."""


def _grid(low: float, high: float) -> tuple[float, float, int]:
    """The rating range to show (at least 100 wide, on grid lines) and the grid's spacing."""
    middle, half = (low + high) / 2, max((high - low) / 2, 50.0)
    low, high = middle - half * 1.15, middle + half * 1.15
    step = next((s for s in STEPS if (high - low) / s <= 5), STEPS[-1])
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


PAD = 14
"""The frame's width around the card."""


def chart_card(title: str, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """An empty chart: the frame, the card and the `title` on it (every chart's look)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.frame)
    inner = (WIDTH - 2 * PAD, HEIGHT - 2 * PAD)
    card = sprites.supersample(
        *inner,
        lambda d, s: sprites.rounded_box(d, (inner[0] * s, inner[1] * s), 12 * s, theme.card),
    )
    image.paste(card, (PAD, PAD), card)
    face = font(21, bold=True)
    draw_text(
        ImageDraw.Draw(image), (PAD + 16, PAD + 28), fit(title, face, WIDTH - 80), face, theme.text
    )
    return image


def rating_chart(
    ratings: Sequence[float],
    title: str,
    footer: str,
    *,
    theme: Theme = DEFAULT_THEME,
) -> Image.Image:
    """The chart of `ratings` (oldest first; at least one), headed `title`, `footer` under the
    horizontal axis (what it counts)."""
    image = chart_card(title, theme)
    draw = ImageDraw.Draw(image)
    top, left, bottom = 70, 70, HEIGHT - 44
    right = WIDTH - PAD - 16
    low, high, step = _grid(min(ratings), max(ratings))

    def y_of(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    label_face = font(15)
    value = low
    while value <= high + 1e-9:
        y = y_of(value)
        draw.line([(left, y), (right, y)], fill=theme.card_edge, width=1)
        draw_text(draw, (left - 10, y + 5), f"{value:.0f}", label_face, theme.muted, anchor="rs")
        value += step
    draw_text(
        draw, ((left + right) / 2, HEIGHT - PAD - 8), footer, label_face, theme.muted, anchor="ms"
    )
    _draw_line(image, ratings, (left, right), y_of, theme)
    return image


def _draw_line(
    image: Image.Image,
    ratings: Sequence[float],
    span: tuple[int, int],
    y_of: Callable[[float], float],
    theme: Theme,
) -> None:
    """The ratings as an antialiased line with a dot at the end and the latest value beside it."""
    left, right = span
    count = len(ratings)
    xs = [
        left + 12 + (right - left - 24) * (i / (count - 1) if count > 1 else 1.0)
        for i in range(count)
    ]
    points = [(x, y_of(r)) for x, r in zip(xs, ratings, strict=True)]
    scale = sprites.SCALE
    overlay = Image.new("RGBA", (image.width * scale, image.height * scale), sprites.CLEAR)
    draw = ImageDraw.Draw(overlay)
    big = [(x * scale, y * scale) for x, y in points]
    if len(big) > 1:
        draw.line(big, fill=(*theme.accent, 255), width=3 * scale, joint="curve")
    sprites.disc(draw, big[-1], 5 * scale, (*theme.accent, 255))
    overlay = overlay.resize(image.size, Image.Resampling.BOX)
    image.paste(overlay, (0, 0), overlay)
    x, y = points[-1]
    face = font(18, bold=True)
    draw_text(
        ImageDraw.Draw(image), (x - 10, y - 12), f"{ratings[-1]:.0f}", face, theme.text, anchor="rs"
    )


def rating_chart_png(ratings: Sequence[float], title: str, footer: str) -> bytes:
    """`rating_chart` as PNG bytes through the images' shared palette."""
    return png_bytes(rating_chart(ratings, title, footer), DEFAULT_THEME)
