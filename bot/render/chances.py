"""The first colour's chance of winning over a game, as the analysis shows it: a chart in the
rating chart's style (`bot.render.chart`), from 0% to 100% with the even line stressed, the area
between the line and even shaded so the reader sees at a glance who was ahead and for how long,
the turns numbered along the bottom, and the game's biggest swings numbered on the line."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.render import sprites
from bot.render.chart import HEIGHT, PAD, WIDTH, chart_card
from bot.render.encode import png_bytes
from bot.render.text import draw_text, fit, font
from bot.render.theme import DEFAULT_THEME, Theme

TOP, LEFT, BOTTOM = 70, 70, HEIGHT - 62
RIGHT = WIDTH - PAD - 16
GRID = (0.0, 0.25, 0.5, 0.75, 1.0)
TURN_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 500)
"""Spacings of the numbered turns under the plot: the smallest that numbers at most
`MOST_TICKS` places, so a long game's axis stays readable on a phone."""
MOST_TICKS = 9


def turn_ticks(turns: int) -> list[int]:
    """The turns numbered under the plot of a game of `turns` turns: 0 (the start) and every
    multiple of the smallest round step that keeps them few."""
    step = next((s for s in TURN_STEPS if turns // s < MOST_TICKS), TURN_STEPS[-1])
    return list(range(0, turns + 1, step))


def _x_of(turn: int, turns: int) -> float:
    """The x of the position after `turn` of `turns` (0: the start)."""
    return LEFT + 12 + (RIGHT - LEFT - 24) * (turn / turns if turns else 1.0)


def _y_of(chance: float) -> float:
    return BOTTOM - min(max(chance, 0.0), 1.0) * (BOTTOM - TOP)


def chance_chart(
    chances: Sequence[float],
    *,
    title: str,
    footer: str,
    sides: tuple[str, str] = ("", ""),
    marked: Sequence[int] = (),
    theme: Theme = DEFAULT_THEME,
) -> Image.Image:
    """The chart of `chances` (the first colour's chance after each turn, `chances[0]` at the
    start; at least one), headed `title`, `footer` under the axis, `sides` written at the top
    and at the bottom of the plot (who leads there), `marked` the turns numbered 1, 2, 3..."""
    image = chart_card(title, theme)
    draw = ImageDraw.Draw(image)
    face = font(15)
    for level in GRID:
        y = _y_of(level)
        width = 2 if level == 0.5 else 1
        draw.line([(LEFT, y), (RIGHT, y)], fill=theme.card_edge, width=width)
        draw_text(draw, (LEFT - 10, y + 5), f"{level:.0%}", face, theme.muted, anchor="rs")
    turns = len(chances) - 1
    for turn in turn_ticks(turns):  # the turn axis, numbered under the plot
        draw_text(
            draw, (_x_of(turn, turns), BOTTOM + 20), str(turn), face, theme.muted, anchor="ms"
        )
    draw_text(draw, ((LEFT + RIGHT) / 2, HEIGHT - PAD - 8), footer, face, theme.muted, anchor="ms")
    top, bottom = sides
    side_face = font(14, bold=True)
    draw_text(draw, (LEFT + 8, TOP + 16), fit(top, side_face, 300), side_face, theme.muted)
    draw_text(draw, (LEFT + 8, BOTTOM - 6), fit(bottom, side_face, 300), side_face, theme.muted)
    _draw_curve(image, chances, theme)
    _draw_marks(image, chances, marked, theme)
    return image


def _points(chances: Sequence[float]) -> list[tuple[float, float]]:
    turns = len(chances) - 1
    return [(_x_of(turn, turns), _y_of(chance)) for turn, chance in enumerate(chances)]


def _draw_curve(image: Image.Image, chances: Sequence[float], theme: Theme) -> None:
    """The area between the line and even, then the line, antialiased."""
    scale = sprites.SCALE
    points = [(x * scale, y * scale) for x, y in _points(chances)]
    even = _y_of(0.5) * scale
    overlay = Image.new("RGBA", (image.width * scale, image.height * scale), sprites.CLEAR)
    draw = ImageDraw.Draw(overlay)
    if len(points) > 1:
        area = [(points[0][0], even), *points, (points[-1][0], even)]
        draw.polygon(area, fill=(*theme.card_edge, 255))
        draw.line(points, fill=(*theme.accent, 255), width=3 * scale, joint="curve")
    else:
        sprites.disc(draw, points[0], 5 * scale, (*theme.accent, 255))
    overlay = overlay.resize(image.size, Image.Resampling.BOX)
    image.paste(overlay, (0, 0), overlay)


def _draw_marks(
    image: Image.Image, chances: Sequence[float], marked: Sequence[int], theme: Theme
) -> None:
    """A numbered disc on the line at each marked turn (turns outside the game are skipped)."""
    points = _points(chances)
    draw = ImageDraw.Draw(image)
    face = font(14, bold=True)
    for number, turn in enumerate(marked, start=1):
        if not 0 <= turn < len(points):
            continue
        x, y = points[turn]
        disc = sprites.supersample(
            22, 22, lambda d, s: sprites.disc(d, (11 * s, 11 * s), 11 * s, (*theme.highlight, 255))
        )
        image.paste(disc, (round(x) - 11, round(y) - 11), disc)
        draw_text(draw, (x, y + 5), str(number), face, theme.text, anchor="ms")


def chance_chart_png(
    chances: Sequence[float],
    *,
    title: str,
    footer: str,
    sides: tuple[str, str] = ("", ""),
    marked: Sequence[int] = (),
) -> bytes:
    """`chance_chart` as PNG bytes through the images' shared palette."""
    image = chance_chart(chances, title=title, footer=footer, sides=sides, marked=marked)
    return png_bytes(image, DEFAULT_THEME)
