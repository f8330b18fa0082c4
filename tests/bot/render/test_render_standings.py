"""A tournament's standings as an image (issue 30): a row per player under a heading, in the
board images' style, tall enough for every row and with the podium's rows marked."""

from __future__ import annotations

import io

from PIL import Image

from bot.render.standings import ROW, WIDTH, standings_png, standings_table
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
