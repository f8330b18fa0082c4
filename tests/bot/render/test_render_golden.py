"""Golden images: one position per game, compared with a small tolerance.

Text may rasterise a little differently under another Pillow or FreeType version (CI installs the
newest Pillow), so the whole image passes when its mean difference and its share of clearly
different pixels stay small (shifting every word by a pixel stays inside), while the grid of
fields, which holds no text, must match closely: a missing stone or a moved line fails there.
After an intended change of the look, regenerate the images, look at them, then commit them:

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/bot/render/test_render_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.games.ponte.drawing import layout_of, render_ponte
from bot.games.verbindung.drawing import render_verbindung, verbindung_layout
from bot.render.board import Grid
from engine.ponte import Colour, PonteGame
from engine.verbindung import Player, VerbindungGame
from testing.render_cases import decode, pixels

GOLDEN = Path(__file__).parent / "golden"
DIFFERENT = 48  # a pixel differs clearly when some channel differs by more than this
WHOLE = (1.5, 0.015)  # (mean absolute difference per channel, share of clearly different pixels)
GRID = (0.3, 0.001)
PONTE_PLAYERS = {Colour.WHITE: "Alice", Colour.RED: "Bartholomew"}
VERBINDUNG_PLAYERS = {Player.RED: "Rosa", Player.BLACK: "Bram"}


def ponte_game(drop: int = 0) -> PonteGame:
    lines = (GOLDEN / "ponte_midgame.txt").read_text().splitlines()
    return PonteGame.from_text("\n".join(lines[: len(lines) - drop]))


def verbindung_game() -> VerbindungGame:
    return VerbindungGame.from_text((GOLDEN / "verbindung_midgame.txt").read_text())


def difference(actual: Image.Image, expected: Image.Image) -> tuple[float, float]:
    """Mean absolute difference per channel, and the share of clearly different pixels."""
    diff = ImageChops.difference(actual.convert("RGB"), expected.convert("RGB"))
    found = pixels(diff)
    return sum(ImageStat.Stat(diff).mean) / 3, sum(max(p) > DIFFERENT for p in found) / len(found)


def within(actual: Image.Image, expected: Image.Image, grid: Grid) -> list[str]:
    """What exceeds the tolerances (empty when the images match)."""
    box = (grid.left, grid.top, grid.left + grid.extent, grid.top + grid.extent)
    problems = []
    for part, (a, b), (mean_limit, share_limit) in (
        ("whole image", (actual, expected), WHOLE),
        ("grid", (actual.crop(box), expected.crop(box)), GRID),
    ):
        mean, share = difference(a, b)
        if mean > mean_limit or share > share_limit:
            problems.append(f"{part}: mean {mean:.3f}, share {share:.4f}")
    return problems


CASES = {
    "ponte": (
        lambda: render_ponte(ponte_game(), PONTE_PLAYERS),
        lambda: layout_of(ponte_game()).grid,
    ),
    "verbindung": (
        lambda: render_verbindung(verbindung_game(), VERBINDUNG_PLAYERS),
        lambda: verbindung_layout().grid,
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_image_matches_its_golden(name):
    render, grid = CASES[name]
    path = GOLDEN / f"{name}.png"
    data = render()
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_bytes(data)
        pytest.skip(f"wrote {path}")
    expected, actual = decode(path.read_bytes()), decode(data)
    assert actual.size == expected.size
    assert within(actual, expected, grid()) == []


def test_the_tolerance_lets_the_header_move_but_notices_a_missing_turn():
    game = ponte_game()
    lay = layout_of(game)
    full = decode(render_ponte(game, PONTE_PLAYERS)).convert("RGB")
    # The whole header (names, figures, cards) one pixel to the right: more than a new FreeType
    # would change in its text.
    moved = full.copy()
    moved.paste(full.crop((0, 0, lay.width, lay.header.height)), (1, 0))
    assert within(moved, full, lay.grid) == []
    fewer = decode(render_ponte(ponte_game(drop=1), PONTE_PLAYERS))
    assert len(within(fewer, full, lay.grid)) == 2  # both the whole image and the grid differ
