"""A tournament's standings as an image (issue 30): a row per player under a heading, in the
board images' style, tall enough for every row and with the podium's rows marked."""

from __future__ import annotations

import io

from PIL import Image

from bot.render.standings import HEAD, PAD, ROW, WIDTH, standings_png, standings_table
from bot.render.theme import DEFAULT_THEME

ROWS = [
    ("1", "alice", "2", "3"),
    ("2", "bob", "2", "2"),
    ("3", "carol", "1", "2"),
    ("4", "dave (withdrew)", "1", "1"),
]


def test_the_table_grows_with_its_rows() -> None:
    short = standings_table("Tournament #1", ("", "player", "points", "SB"), ROWS[:2])
    tall = standings_table("Tournament #1", ("", "player", "points", "SB"), ROWS)
    assert short.width == tall.width == WIDTH
    assert tall.height - short.height == 2 * ROW


def test_every_row_is_drawn_and_the_podium_marked_in_the_accent() -> None:
    image = standings_table("Final standings", ("", "player", "points", "SB"), ROWS)
    assert image.getpixel((2, 2)) == DEFAULT_THEME.frame
    colours = {colour for _, colour in image.getcolors(image.width * image.height) or []}
    assert DEFAULT_THEME.accent in colours and DEFAULT_THEME.text in colours


def test_the_png_decodes() -> None:
    png = standings_png("Turnier #1", ("", "Spieler", "Punkte", "Buchholz"), ROWS)
    decoded = Image.open(io.BytesIO(png))
    assert decoded.format == "PNG" and decoded.width == WIDTH


def _ink_columns(
    image: Image.Image, top: int, bottom: int, colour: tuple[int, int, int]
) -> list[int]:
    """The x of every column between rows `top` and `bottom` with a pixel near `colour`."""
    found = []
    for x in range(image.width):
        for y in range(top, bottom):
            pixel = image.getpixel((x, y))
            assert isinstance(pixel, tuple)
            if sum(abs(a - b) for a, b in zip(pixel, colour, strict=False)) < 60:
                found.append(x)
                break
    return found


def test_the_longest_tie_break_heading_and_its_numbers_stay_inside_the_card() -> None:
    header = ("#", "Spieler", "Punkte", "Sonneborn-Berger")
    image = standings_table("Turnier #1", header, [("1", "alice", "2", "10.5")])
    card_right = WIDTH - PAD - 12
    heading = _ink_columns(image, PAD + 58, PAD + 76, DEFAULT_THEME.muted)
    numbers = _ink_columns(image, PAD + HEAD - 18, PAD + HEAD + 4, DEFAULT_THEME.accent)
    assert heading and max(heading) < card_right
    assert numbers and max(numbers) < card_right


def test_the_first_row_keeps_clear_of_the_headings_rule() -> None:
    image = standings_table("Turnier #1", ("#", "Spieler", "Punkte", "Buchholz"), ROWS[:1])
    rule = PAD + 84
    text_rows = [
        y
        for y in range(rule + 1, rule + 8)
        if any(image.getpixel((x, y)) == DEFAULT_THEME.accent for x in range(image.width))
    ]
    assert text_rows == []
