"""A tournament's standings as an image, in the board images' style: the walnut frame, a card
with a heading, one row per player (place, name, points, tie-break) and the podium's places in
the accent colour. The caller hands in the words: this module knows no language."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from bot.render import sprites
from bot.render.encode import png_bytes
from bot.render.text import draw_text, fit, font
from bot.render.theme import DEFAULT_THEME, Theme

WIDTH = 760
"""As wide as a board image, so that the longest tie-break's name ("Sonneborn-Berger") fits."""
ROW = 34
"""The height of one row, in pixels."""
PAD, HEAD = 14, 116
PODIUM = 3
COLUMNS = (40, 90, 520, 700)
"""Where each column is anchored: place (its right edge), name (its left edge), points and the
tie-break (their right edges, so that numbers line up under their heading)."""


def standings_table(
    title: str,
    header: tuple[str, str, str, str],
    rows: Sequence[tuple[str, str, str, str]],
    *,
    theme: Theme = DEFAULT_THEME,
) -> Image.Image:
    """The table of `rows` (place, name, points, tie-break) under `title` and `header`."""
    height = HEAD + ROW * len(rows) + 2 * PAD + 8
    image = Image.new("RGB", (WIDTH, height), theme.frame)
    inner = (WIDTH - 2 * PAD, height - 2 * PAD)
    card = sprites.supersample(
        *inner,
        lambda d, s: sprites.rounded_box(d, (inner[0] * s, inner[1] * s), 12 * s, theme.card),
    )
    image.paste(card, (PAD, PAD), card)
    draw = ImageDraw.Draw(image)
    bold = font(21, bold=True)
    draw_text(draw, (PAD + 16, PAD + 30), fit(title, bold, WIDTH - 80), bold, theme.text)
    _row(draw, PAD + 72, header, font(15), theme.muted)
    draw.line([(PAD + 12, PAD + 84), (WIDTH - PAD - 12, PAD + 84)], fill=theme.card_edge)
    for index, row in enumerate(rows):
        podium = row[0].isdigit() and int(row[0]) <= PODIUM
        colour = theme.accent if podium else theme.text
        _row(draw, PAD + HEAD + ROW * index, row, font(18, bold=podium), colour)
    return image


def _row(
    draw: ImageDraw.ImageDraw,
    baseline: int,
    cells: tuple[str, str, str, str],
    face: ImageFont.FreeTypeFont,
    colour: tuple[int, int, int],
) -> None:
    place, name, points, tiebreak = cells
    draw_text(draw, (PAD + COLUMNS[0], baseline), place, face, colour, anchor="rs")
    draw_text(draw, (PAD + COLUMNS[1], baseline), fit(name, face, 300), face, colour)
    for column, cell in ((2, points), (3, tiebreak)):
        shown = fit(cell, face, COLUMNS[3] - COLUMNS[2] - 16)
        draw_text(draw, (PAD + COLUMNS[column], baseline), shown, face, colour, anchor="rs")


def standings_png(
    title: str, header: tuple[str, str, str, str], rows: Sequence[tuple[str, str, str, str]]
) -> bytes:
    """`standings_table` as PNG bytes through the images' shared palette."""
    return png_bytes(standings_table(title, header, rows), DEFAULT_THEME)
