"""A caption band over a board image: one line that says where the game stands beyond its own
board (the score of a best-of match), drawn in the header's style."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.render.text import draw_text, fit, font
from bot.render.theme import DEFAULT_THEME, Theme

BAND = 40
"""The band's height at the default width of 760 pixels."""


def with_caption(image: Image.Image, caption: str, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """`image` with a band on top that shows `caption` centred (cut with an ellipsis if long)."""
    scale = image.width / 760
    band = round(BAND * scale)
    framed = Image.new("RGB", (image.width, image.height + band), theme.frame)
    framed.paste(image, (0, band))
    draw = ImageDraw.Draw(framed)
    face = font(round(20 * scale), bold=True)
    line = fit(caption, face, image.width - round(28 * scale))
    draw_text(draw, (image.width / 2, band * 0.62), line, face, theme.accent, anchor="ms")
    return framed


GAP = 16
"""Pixels of frame between two images put side by side."""


def side_by_side(images: Sequence[Image.Image], theme: Theme = DEFAULT_THEME) -> Image.Image:
    """`images` in a row on the frame colour, tops aligned, `GAP` pixels apart."""
    width = sum(image.width for image in images) + GAP * (len(images) - 1)
    row = Image.new("RGB", (width, max(image.height for image in images)), theme.frame)
    left = 0
    for image in images:
        row.paste(image, (left, 0))
        left += image.width + GAP
    return row
