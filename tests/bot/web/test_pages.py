"""The board page written from one source (issue 52, point 19): the games' names, the modules
that draw their boards, the shared palette and each game's colours and proportions come from the
Python side that draws the images, so a third game or a new palette is one change there."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import asdict
from importlib.resources import files
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.games import GAMES, Registry
from bot.games.kind import hex_palette
from bot.games.ponte.drawing import PONTE_SHAPE
from bot.games.ponte.look import COLOURS as PONTE_COLOURS
from bot.games.verbindung.dice import DIE_SHAPE
from bot.games.verbindung.drawing import BASE_SHAPE
from bot.games.verbindung.look import COLOURS as VERBINDUNG_COLOURS
from bot.i18n import catalogue
from bot.render.sprites import PLANK_SHAPE, STONE_SHAPE
from bot.render.theme import DEFAULT_THEME
from bot.web.pages import Pages
from testing.toygame import TOY


@pytest.fixture
async def client() -> AsyncIterator[TestClient[Any, Any]]:
    app = web.Application()
    app.add_routes(Pages(Registry([*GAMES, TOY])).routes())
    async with TestClient(TestServer(app)) as found:
        yield found


async def test_the_page_names_and_loads_the_registered_games(
    client: TestClient[Any, Any],
) -> None:
    page = await (await client.get("/")).text()
    for kind in GAMES:
        assert f'href="static/games/{kind.key}.mjs"' in page
        assert catalogue().template("en", f"title.{kind.key}") in page.split("</title>")[0]
    look = await (await client.get("/api/look")).json()
    assert {key: game["module"] for key, game in look["games"].items()} == {
        "ponte": "games/ponte.mjs",
        "verbindung": "games/verbindung.mjs",
        TOY.key: None,  # a game without a board of its own: the moves as buttons
    }


async def test_the_palette_and_the_pieces_come_from_the_images(
    client: TestClient[Any, Any],
) -> None:
    css = await (await client.get("/static/theme.css")).text()
    for name, colour in hex_palette(DEFAULT_THEME).items():
        assert f"--{name.replace('_', '-')}: {colour};" in css
    look = await (await client.get("/api/look")).json()
    assert look["stone"] == asdict(STONE_SHAPE)
    ponte, verbindung = look["games"]["ponte"], look["games"]["verbindung"]
    assert ponte["shape"] == asdict(PONTE_SHAPE) and ponte["plank"] == asdict(PLANK_SHAPE)
    assert verbindung["die"] == asdict(DIE_SHAPE) and verbindung["base"] == asdict(BASE_SHAPE)
    assert look["games"]["ponte"]["markers"]["red"] == {
        "fill": hex_palette(PONTE_COLOURS)["red_stone"],
        "rim": hex_palette(PONTE_COLOURS)["red_rim"],
    }
    assert (
        look["games"]["verbindung"]["markers"]["black"]["fill"]
        == (hex_palette(VERBINDUNG_COLOURS)["base_black"])
    )


def test_no_file_of_the_page_writes_a_colour_of_the_images_again() -> None:
    palettes = [DEFAULT_THEME, PONTE_COLOURS, VERBINDUNG_COLOURS]
    colours = {c.lower() for palette in palettes for c in hex_palette(palette).values()}
    static = files("bot.web") / "static"
    sources = [static / "style.css", static / "index.html"]
    sources += [entry for entry in static.iterdir() if entry.name.endswith(".mjs")]
    sources += [entry for entry in (static / "games").iterdir()]
    for source in sources:
        written = {c.lower() for c in re.findall(r"#[0-9a-fA-F]{6}\b", source.read_text())}
        assert written.isdisjoint(colours), source.name
