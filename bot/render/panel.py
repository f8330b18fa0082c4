"""The header both games share: one card per player and a status line under them.

A card shows the player's colour (a stone), name, up to two lines of figures and one big number
(points, or bases joined); the card of the player to move gets an accent border and a tag, the
winner's card a tag. The status line says what happened last, or the result.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from bot.render import sprites
from bot.render.text import draw_text, fit, font, width_of
from bot.render.theme import RGB, Theme


@dataclass(frozen=True, slots=True)
class Card:
    """What one player's card shows."""

    name: str
    marker: Image.Image  # the colour disc, about 26 px square
    big: str  # the big number, as text
    big_label: str
    lines: tuple[str, ...] = ()
    tag: str | None = None  # "to move", or "winner"
    active: bool = False


@dataclass(frozen=True, slots=True)
class Status:
    """The line under the cards: what happened (or the result) and figures on the right."""

    left: str
    right: str
    result: bool = False  # the left text announces the result: drawn in the accent colour


@dataclass(frozen=True, slots=True)
class HeaderLayout:
    """Pixel geometry of the header at one image width."""

    width: int
    scale: float
    pad: int
    card_w: int
    card_h: int
    status_h: int
    lines: int  # lines of figures on a card

    @property
    def height(self) -> int:
        """The header's height."""
        return self.pad + self.card_h + self.status_h

    def px(self, value: float) -> int:
        """`value` pixels at the default width, scaled to this one."""
        return round(value * self.scale)


@cache
def header_layout(width: int, lines: int) -> HeaderLayout:
    """The header geometry for an image `width` pixels wide, cards with `lines` lines of figures."""
    s = width / 760
    pad = round(14 * s)
    return HeaderLayout(
        width=width,
        scale=s,
        pad=pad,
        card_w=(width - 3 * pad) // 2,
        card_h=round((90 + 22 * max(0, lines - 1)) * s),
        status_h=round(44 * s),
        lines=lines,
    )


@cache
def _card_back(
    size: tuple[int, int], scale: float, edge: RGB, border: float, fill: RGB
) -> Image.Image:
    w, h = size

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        radius = 12 * scale * s
        sprites.rounded_box(draw, (w * s, h * s), radius, edge)
        sprites.rounded_box(draw, (w * s, h * s), radius, fill, inset=border * s)

    return sprites.supersample(w, h, paint)


@cache
def _pill(text: str, size: int, fill: RGB, ink: RGB) -> Image.Image:
    """A tag: `text` in bold on a rounded pill."""
    face = font(size, bold=True)
    w, h = width_of(text, face) + size, round(size * 1.45)
    image = sprites.supersample(
        w, h, lambda d, s: sprites.rounded_box(d, (w * s, h * s), h * s / 2, fill)
    )
    draw_text(ImageDraw.Draw(image), (w / 2, h / 2), text, face, ink, anchor="mm")
    return image


def _paste(image: Image.Image, sprite: Image.Image, xy: tuple[float, float]) -> None:
    image.paste(sprite, (round(xy[0]), round(xy[1])), sprite)


def _draw_big(
    image: Image.Image, card: Card, corner: tuple[int, int], lay: HeaderLayout, theme: Theme
) -> tuple[int, int]:
    """The big number and, under it, its label, right-aligned at the card's inner right edge
    (`corner` is the card's top-right corner); returns the width of each."""
    right, top = corner[0] - lay.px(16), corner[1]
    draw = ImageDraw.Draw(image)
    big_face, label_face = font(lay.px(40), bold=True), font(lay.px(16))
    big_width = draw_text(
        draw, (right, top + lay.px(54)), card.big, big_face, theme.text, anchor="rs"
    )
    # Beside lines of figures the label keeps to half the card; alone it may take the width.
    label = fit(
        card.big_label, label_face, lay.card_w // 2 if lay.lines else lay.card_w - lay.px(32)
    )
    draw_text(draw, (right, top + lay.px(78)), label, label_face, theme.muted, anchor="rs")
    return big_width, width_of(label, label_face)


def _draw_tag(
    image: Image.Image, tag: str, corner: tuple[int, int], lay: HeaderLayout, theme: Theme
) -> None:
    """The tag as a badge on the card's top edge at its right (`corner` is the top-right corner),
    where it leaves the name all the room."""
    size = lay.px(15)
    pill = _pill(fit(tag, font(size, bold=True), lay.card_w // 2), size, theme.accent, theme.frame)
    _paste(image, pill, (corner[0] - lay.px(16) - pill.width, corner[1] - pill.height / 2))


def draw_card(
    image: Image.Image, card: Card, corner: tuple[int, int], lay: HeaderLayout, theme: Theme
) -> None:
    """Draw `card` with its top-left corner at `corner`."""
    x, y = corner
    edge, border = (
        (theme.accent, 3 * lay.scale) if card.active else (theme.card_edge, 1.5 * lay.scale)
    )
    _paste(image, _card_back((lay.card_w, lay.card_h), lay.scale, edge, border, theme.card), corner)
    inner = lay.px(16)
    # Without lines of figures the name sits in the middle of the card's height.
    name_baseline = y + lay.px(38 if lay.lines else 52)
    _paste(image, card.marker, (x + inner, name_baseline - lay.px(8) - card.marker.height / 2))
    big_width, label_width = _draw_big(image, card, (x + lay.card_w, y), lay, theme)
    if card.tag is not None:
        _draw_tag(image, card.tag, (x + lay.card_w, y), lay, theme)
    text_x = x + inner + card.marker.width + lay.px(10)
    right = x + lay.card_w - inner - lay.px(14)
    draw = ImageDraw.Draw(image)
    # The name shares its row with the big number, the lines theirs with the number's label.
    face = font(lay.px(25), bold=True)
    name = fit(card.name, face, right - big_width - text_x)
    draw_text(draw, (text_x, name_baseline), name, face, theme.text)
    face = font(lay.px(18))
    for number, line in enumerate(card.lines):
        baseline = y + lay.px(68 + 22 * number)
        room = right - (label_width if number == 0 else 0) - text_x
        draw_text(draw, (text_x, baseline), fit(line, face, room), face, theme.muted)


def draw_header(
    image: Image.Image, cards: tuple[Card, Card], status: Status, lay: HeaderLayout, theme: Theme
) -> None:
    """Draw both cards and the status line at the top of `image`."""
    draw_card(image, cards[0], (lay.pad, lay.pad), lay, theme)
    draw_card(image, cards[1], (lay.width - lay.pad - lay.card_w, lay.pad), lay, theme)
    draw = ImageDraw.Draw(image)
    baseline = lay.pad + lay.card_h + lay.px(29)
    right_face = font(lay.px(18))
    right = fit(status.right, right_face, lay.width // 3)
    right_width = draw_text(
        draw, (lay.width - lay.pad, baseline), right, right_face, theme.muted, anchor="rs"
    )
    left_face = font(lay.px(21), bold=True)
    room = lay.width - 2 * lay.pad - right_width - lay.px(20)
    colour = theme.accent if status.result else theme.text
    draw_text(
        draw, (lay.pad + lay.px(4), baseline), fit(status.left, left_face, room), left_face, colour
    )
