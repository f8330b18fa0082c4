"""The analysis's chart of the first colour's winning chance (issue 29): the line follows the
chances on a fixed 0-100% scale, the side that leads is shaded, and the swings are numbered."""

from __future__ import annotations

import pytest

from bot.render.chances import BOTTOM, _x_of, _y_of, chance_chart, chance_chart_png, turn_ticks
from bot.render.chart import HEIGHT, WIDTH
from bot.render.theme import DEFAULT_THEME
from testing.render_cases import decode, near, pixel

THEME = DEFAULT_THEME


def test_the_scale_runs_from_none_at_the_bottom_to_all_at_the_top_and_clamps() -> None:
    assert _y_of(0.0) > _y_of(0.5) > _y_of(1.0)
    assert _y_of(1.7) == _y_of(1.0) and _y_of(-0.2) == _y_of(0.0)


def test_the_line_passes_through_each_chance_in_the_accent_colour() -> None:
    chances = [0.5, 0.9, 0.1, 0.5]
    image = chance_chart(chances, title="Ponte", footer="turns")
    assert image.size == (WIDTH, HEIGHT)
    for turn, chance in enumerate(chances[1:-1], start=1):
        assert near(pixel(image, (_x_of(turn, 3), _y_of(chance))), THEME.accent, 40)


def test_the_area_between_the_line_and_even_is_shaded_on_the_leaders_side() -> None:
    image = chance_chart([0.5, 1.0, 1.0, 0.5], title="Ponte", footer="turns")
    x = (_x_of(1, 3) + _x_of(2, 3)) / 2
    assert pixel(image, (x, _y_of(0.75))) == THEME.card_edge  # between the line and even
    assert pixel(image, (x, _y_of(0.3))) == THEME.card  # on the other side: not shaded


@pytest.mark.parametrize("turn", [1, 3])
def test_a_marked_turn_gets_a_disc_in_the_highlight_colour(turn: int) -> None:
    chances = [0.5, 0.2, 0.6, 0.8]
    plain = chance_chart(chances, title="Ponte", footer="turns")
    marked = chance_chart(chances, title="Ponte", footer="turns", marked=[turn])
    centre = (_x_of(turn, 3) - 6, _y_of(chances[turn]))
    assert not near(pixel(plain, centre), THEME.highlight, 30)
    assert near(pixel(marked, centre), THEME.highlight, 30)


def test_marks_outside_the_game_and_a_game_of_one_position_draw_without_error() -> None:
    image = chance_chart([0.5], title="Ponte", footer="turns", marked=[0, 5, -1])
    assert image.size == (WIDTH, HEIGHT)


def test_the_png_decodes_at_the_chart_size_through_the_palette() -> None:
    image = decode(chance_chart_png([0.5, 0.7], title="Verbindung", footer="Züge"))
    assert image.format == "PNG" and image.mode == "P" and image.size == (WIDTH, HEIGHT)


@pytest.mark.parametrize(
    ("turns", "ticks"),
    [
        (5, [0, 1, 2, 3, 4, 5]),
        (12, [0, 2, 4, 6, 8, 10, 12]),
        (40, [0, 5, 10, 15, 20, 25, 30, 35, 40]),
        (73, [0, 10, 20, 30, 40, 50, 60, 70]),
        (0, [0]),
    ],
)
def test_the_turn_axis_is_numbered_at_round_steps(turns: int, ticks: list[int]) -> None:
    assert turn_ticks(turns) == ticks


def _inked(image, box: tuple[float, float, float, float]) -> int:
    """How many pixels in `box` (left, top, right, bottom) are not the card's colour."""
    left, top, right, bottom = (round(v) for v in box)
    return sum(
        pixel(image, (x, y)) != THEME.card for x in range(left, right) for y in range(top, bottom)
    )


def test_each_turn_number_is_written_under_its_place_on_the_axis() -> None:
    image = chance_chart([0.5] * 41, title="Ponte", footer="turns")
    band = (BOTTOM + 6, BOTTOM + 22)  # under the plot, above the footer
    for tick in turn_ticks(40):
        x = _x_of(tick, 40)
        assert _inked(image, (x - 7, band[0], x + 7, band[1])) > 10, tick
    between = (_x_of(5, 40) + _x_of(10, 40)) / 2
    assert _inked(image, (between - 3, band[0], between + 3, band[1])) == 0
