"""The rating chart: the grid covers every rating, one result draws a single point, and the image
uses the board images' palette."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.render.chart import HEIGHT, WIDTH, _grid, rating_chart, rating_chart_png
from bot.render.theme import DEFAULT_THEME


@pytest.mark.parametrize(
    "ratings", [[1500.0], [1500.0, 1342.0], [1200.0, 1900.0, 1655.5], [1500.0] * 30]
)
def test_the_grid_covers_every_rating_on_round_lines(ratings: list[float]) -> None:
    low, high, step = _grid(min(ratings), max(ratings))
    assert low <= min(ratings) and max(ratings) <= high
    assert low % step == 0 and high % step == 0
    assert 2 <= (high - low) / step <= 6


def test_a_chart_is_drawn_in_the_frame_with_the_line_in_the_accent_colour() -> None:
    image = rating_chart([1500.0, 1560.0, 1530.0], "Ponte del Diavolo · rating", "rated results")
    assert image.size == (WIDTH, HEIGHT)
    assert image.getpixel((2, 2)) == DEFAULT_THEME.frame
    colours = {colour for _, colour in image.getcolors(WIDTH * HEIGHT) or []}
    assert DEFAULT_THEME.accent in colours


def test_the_png_decodes_at_the_chart_size() -> None:
    png = rating_chart_png([1500.0], "Verbindung gesucht · Wertung", "gewertete Ergebnisse")
    decoded = Image.open(io.BytesIO(png))
    assert decoded.format == "PNG" and decoded.size == (WIDTH, HEIGHT)
