"""Fonts and text: loaded once from the `assets` package, fitted into a width with an ellipsis.

Text uses Pillow's basic layout (no shaping library), so an image looks the same wherever it is
rendered and golden-image tests do not depend on whether libraqm is installed. A character the
font lacks (DejaVu Sans covers Latin, Greek and Cyrillic, not CJK or emoji) is drawn as the font's
empty box; it never raises.
"""

from __future__ import annotations

import io
import unicodedata
from functools import cache, lru_cache
from importlib.resources import files

from PIL import ImageDraw, ImageFont

from bot.render.theme import RGB

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
FONT_FILES = (REGULAR, BOLD)
"""Every font file the renderers use, under ``assets/fonts``."""

ELLIPSIS = "\u2026"
_MAX_CHARS = 200  # of any text before fitting: names come from users, and fitting is a search
_DROPPED = {"Cc", "Cf", "Cs", "Co", "Cn"}  # control, format (bidi, zero-width), unassigned


@cache
def _font_bytes(name: str) -> bytes:
    return (files("assets") / "fonts" / name).read_bytes()


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at `size` pixels (cached; each file is read once per process)."""
    data = _font_bytes(BOLD if bold else REGULAR)
    return ImageFont.truetype(io.BytesIO(data), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=256)
def clean(text: str) -> str:
    """`text` on one line: control and format characters (newlines, bidi marks, zero-width
    joiners) dropped, runs of white space made one space."""
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text[:_MAX_CHARS]
        if ch.isspace() or unicodedata.category(ch) not in _DROPPED
    )
    return " ".join(kept.split())


@lru_cache(maxsize=1024)
def fit(text: str, face: ImageFont.FreeTypeFont, width: int) -> str:
    """`text` made one line (see `clean`) and cut short with an ellipsis so that it is at most
    `width` pixels wide in `face`."""
    text = clean(text)
    if face.getlength(text) <= width:
        return text
    low, high = 0, len(text)  # the longest prefix that fits has a length in [low, high]
    while low < high:
        middle = (low + high + 1) // 2
        if face.getlength(text[:middle].rstrip() + ELLIPSIS) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def width_of(text: str, face: ImageFont.FreeTypeFont) -> int:
    """The advance width of `text` in `face`, in whole pixels."""
    return round(face.getlength(text))


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: RGB,
    *,
    anchor: str = "ls",
) -> int:
    """Draw `text` at `xy` (a Pillow anchor: baseline-left by default); return its width."""
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)
    return width_of(text, face)
