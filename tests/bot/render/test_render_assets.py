"""Assets, text fitting and labels: what the renderers load and how they treat words."""

from __future__ import annotations

import ast
import concurrent.futures
from importlib.resources import files
from pathlib import Path

import bot.render
from bot.games.ponte.drawing import render_ponte
from bot.render import ENGLISH, Labels
from bot.render.labels import with_name
from bot.render.text import ELLIPSIS, FONT_FILES, clean, fit, font
from testing.render_cases import OPENING, ponte

RENDER = Path(bot.render.__file__).parent


def test_every_font_the_renderers_name_ships_with_its_licence():
    fonts = files("assets") / "fonts"
    for name in FONT_FILES:
        assert (fonts / name).is_file(), name
        assert font(20, bold=name.endswith("Bold.ttf")).getlength("Ab") > 0
    assert (fonts / "LICENSE-DejaVu.txt").is_file()


def test_every_asset_file_named_in_the_renderers_exists():
    named = set()
    for path in RENDER.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and text.endswith((".ttf", ".otf", ".png")):
                named.add(text)
    assert named >= set(FONT_FILES)
    fonts = files("assets") / "fonts"
    for name in named:
        assert (fonts / name).is_file() or (files("assets") / "render" / name).is_file(), name


def test_only_the_command_line_tool_opens_files():
    # Assets come through importlib.resources, never through a path relative to the working
    # directory; only the command line reads and writes the files it is given.
    for path in RENDER.glob("*.py"):
        calls = [
            node
            for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "open"
        ]
        assert not calls or path.name == "cli.py", path.name


def test_fit_cuts_with_an_ellipsis_to_the_width():
    face = font(20)
    assert fit("Ann", face, 200) == "Ann"
    long = "Bartholomew Maximilian von Hohenzollern"
    cut = fit(long, face, 120)
    assert cut.endswith(ELLIPSIS) and long.startswith(cut[:-1])
    assert face.getlength(cut) <= 120 < face.getlength(fit(long, face, 400))
    assert fit(long, face, 0) == ELLIPSIS


def test_clean_makes_one_line_without_invisible_characters():
    assert clean("  Zoë\n\tvan\u200b der \u202eBerg\u202c  ") == "Zoë van der Berg"
    assert clean("\u200b\u200d") == ""


def test_templates_take_the_name_and_never_raise():
    assert with_name(ENGLISH.wins, "Ann") == "Ann wins"
    assert with_name("{name} gewinnt", "Ann") == "Ann gewinnt"
    assert with_name("{0} {winner} }{", "Ann") == "{0} {winner} }{"
    assert with_name(ENGLISH.wins, "{name}") == "{name} wins"


def test_labels_are_frozen_and_hold_every_word():
    labels = Labels()
    try:
        labels.winner = "Sieger"  # type: ignore[misc]
    except AttributeError:
        pass
    else:
        raise AssertionError("Labels must be frozen")
    words = [getattr(labels, f) for f in labels.__slots__ if f != "words"]
    assert all(isinstance(value, str) and value for value in words)


def test_rendering_from_several_threads_gives_the_same_bytes():
    games = [ponte(*OPENING[:count]) for count in (0, 1, 2)] * 4
    expected = [render_ponte(game) for game in games]
    with concurrent.futures.ThreadPoolExecutor(max_workers=6) as pool:
        assert list(pool.map(render_ponte, games)) == expected
