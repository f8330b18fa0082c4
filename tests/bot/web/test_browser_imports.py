"""An imported game on the board page (issue 54, point 3), end to end: the real bot and its web
board, the real Embedded App SDK in Debian's Chromium inside the fake Discord client. The lobby
lists the user's own imports (never another's); a click opens one read-only, and its history
steps through it to the same positions as the engine's replay of the record."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import FrameLocator, Page

from bot.i18n import text
from engine.exchange import read_any
from engine.exchange.imports import replay
from testing.webkit import ActivityWorld, activity_world, signed_in

pytestmark = pytest.mark.browser

SCREENSHOTS = os.environ.get("WEB_SCREENSHOTS")
"""A folder for the docs' screenshots (docs/images): set it to take them anew."""
RECORD = (
    '[Game "ponte"]\n[White "Ada"]\n[Red "Bea"]\n[Result "red"]\n[Source "Abstract Play"]\n\n'
    "1. c3 d5\n2. swap\n3. e7 f9\n4. h8 h9\n5. c4 d6\n6. h10 g10\n7. resign white\n"
)


@pytest.fixture
async def world(tmp_path: Path) -> Any:
    async with activity_world(tmp_path / "data" / "bot.sqlite3") as found:
        yield found
        await found.close_pages()
        assert found.page_errors == []


def replayed(world: ActivityWorld, turn: int) -> dict[str, Any]:
    """The position after turn `turn` of the record, as the engine replays it, drawn for the
    page by the game's package."""
    assert world.bot is not None
    kind = world.bot.service.registry.kind("ponte")
    game, _ = replay(read_any(RECORD)[1], kind.game)
    position = game.position_at(game.turn_plies()[turn])
    found: dict[str, Any] = kind.web_position(position)
    return found


async def step(page: Page, board: FrameLocator, button: str) -> dict[str, Any]:
    """Press history button `button`; the position the server sent for it."""
    async with page.expect_response(lambda r: "api/history" in r.url) as response:
        await board.locator(f"#{button}").click()
    found: dict[str, Any] = await (await response.value).json()
    return found


async def shows_turn(board: FrameLocator, turn: int, turns: int) -> None:
    caption = text("en", "history.caption", turn=turn, turns=turns)
    await board.locator("#turn-label", has_text=caption).wait_for()


async def test_an_import_is_listed_for_its_importer_and_stepped_through(
    world: ActivityWorld, tmp_path: Path
) -> None:
    assert world.bot is not None
    imports = world.bot.service.imports
    mine = await imports.import_record(world.alice.id, RECORD)
    bobs = await imports.import_record(world.bob.id, RECORD)
    turns = len(mine.game.turn_plies()) - 1

    page = await world.open_board(world.alice)
    board = await signed_in(page)
    item = board.locator(f"body[data-mode='lobby'] #lobby-imports [data-imported='{mine.id}']")
    await item.wait_for()
    assert await board.locator(f"[data-imported='{bobs.id}']").count() == 0  # bob's alone
    assert "Ada" in await item.inner_text() and "Bea" in await item.inner_text()
    await shot(page, tmp_path, "activity-imports")

    await item.locator("button").click()
    await board.locator(f"body[data-record='true'][data-game='{mine.id}']").wait_for()
    await shows_turn(board, turns, turns)  # at its end, read-only
    assert await board.locator("#controls").is_hidden()
    assert await board.locator("#board .targets [data-field]").count() == 0
    stones = len(replayed(world, turns)["stones"])
    assert await board.locator("#board g.stone").count() == stones

    shown = await step(page, board, "first")
    assert shown["turn"] == 0 and shown["position"] == replayed(world, 0)
    await shows_turn(board, 0, turns)
    for turn in range(1, turns):
        shown = await step(page, board, "next")
        assert shown["turn"] == turn and shown["position"] == replayed(world, turn)
        await shows_turn(board, turn, turns)
        expected = len(replayed(world, turn)["stones"])
        assert await board.locator("#board g.stone").count() == expected
    await shot(page, tmp_path, "activity-import")

    await board.locator("#record-back").click()
    await board.locator("body[data-mode='lobby'][data-live='true']").wait_for()
    await item.wait_for()


async def shot(page: Page, tmp_path: Path, name: str) -> None:
    """A screenshot of the page (into the docs' folder when `WEB_SCREENSHOTS` names one)."""
    folder = Path(SCREENSHOTS) if SCREENSHOTS else tmp_path
    path = folder / f"{name}.png"
    await page.screenshot(path=path)
    assert path.stat().st_size > 10_000
