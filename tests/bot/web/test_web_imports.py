"""A user's imported games on the board page's API (issue 54, point 3): the lobby lists the
importer's own, the newest first, and opens one by its number for them alone; anyone else is
answered as for a game that does not exist."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.computer.review import TurnReview
from bot.i18n import text
from testing.servicekit import start_game
from testing.webapi import GENEROUS, WebApi, web_api

NAMED = (
    '[Game "ponte"]\n[White "Ada"]\n[Red "Bea"]\n[Result "red"]\n[Source "Abstract Play"]\n\n'
    "1. c3 d5\n2. swap\n3. e7 f9\n4. resign white\n"
)
LONGER = (
    '[Game "ponte"]\n[White "Ada"]\n[Red "Bea"]\n[Result "red"]\n\n'
    "1. c3 d5\n2. swap\n3. e7 f9\n4. h8 h9\n5. c4 d6\n6. h10 g10\n7. resign white\n"
)
UNNAMED = '[Game "ponte"]\n[Variant "classic"]\n[Result "draw"]\n\n1. c3 d5\n2. h8 h9\n'


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[WebApi]:
    async with web_api(tmp_path / "bot.sqlite3", limits=GENEROUS) as found:
        yield found


async def test_the_importer_lists_and_opens_their_own_imports_alone(api: WebApi) -> None:
    imports = api.service.imports
    named = await imports.import_record(api.alice.id, NAMED)
    unnamed = await imports.import_record(api.alice.id, UNNAMED)
    bobs = await imports.import_record(api.bob.id, UNNAMED)
    alice, bob = await api.sign_in(api.alice), await api.sign_in(api.bob)

    status, body = await api.get("api/imports", alice)
    assert status == 200
    listed = body["imports"]
    assert [item["id"] for item in listed] == [str(unnamed.id), str(named.id)]  # newest first
    assert listed[1]["players"] == [
        {"colour": "white", "name": "Ada"},
        {"colour": "red", "name": "Bea"},
    ]
    assert listed[1]["result"] == "red" and listed[1]["source"] == "Abstract Play"
    assert listed[0]["result"] == "draw" and listed[0]["variant"] == "classic"
    white = text("en", "colour.white")
    assert listed[0]["players"][0]["name"] == white  # no name in the record: its colour
    status, body = await api.get("api/imports", bob)
    assert status == 200 and [item["id"] for item in body["imports"]] == [str(bobs.id)]

    status, body = await api.get(f"api/imported?game={named.id}", alice)
    assert status == 200
    state = body["state"]
    assert state["id"] == str(named.id) and not state["active"]
    assert state["turns"] == len(named.game.turn_plies()) - 1
    assert {p["colour"]: p["name"] for p in state["players"]} == {"white": "Ada", "red": "Bea"}
    assert state["result"]["winner"] == "red" and state["targets"] is None


async def test_another_users_import_is_a_game_that_does_not_exist(api: WebApi) -> None:
    alices = await api.service.imports.import_record(api.alice.id, NAMED)
    channel_game = await start_game(
        api.service,
        "ponte",
        channel_id=api.channel.id,
        guild_id=api.guild.id,
        challenger=api.alice.id,
        opponent=api.bob.id,
    )
    alice, bob = await api.sign_in(api.alice), await api.sign_in(api.bob)
    missing = await api.get(f"api/imported?game={alices.id + 1000}", bob)
    assert missing[0] == 422 and missing[1]["code"] == "game_not_found"
    for asked in (f"api/imported?game={alices.id}", f"api/history?game={alices.id}&turn=1"):
        status, body = await api.get(asked, bob)
        assert status == 422 and body["code"] == "game_not_found"
        assert body["error"] == missing[1]["error"].replace(str(alices.id + 1000), str(alices.id))
    status, body = await api.get(f"api/imported?game={channel_game.view.id}", alice)
    assert status == 422 and body["code"] == "game_not_found"  # imports only, by this route
    assert (await api.get("api/imported?game=abc", alice))[0] == 400
    assert (await api.get("api/imports"))[0] == 401


async def test_an_analysed_import_has_its_chart_for_its_importer_alone(api: WebApi) -> None:
    game = (await api.service.imports.import_record(api.alice.id, LONGER)).id
    asked = await api.service.analyses.request_analysis(
        api.alice.id, game_id=game, channel_id=0, guild_id=None
    )
    chances = [round(0.5 - 0.05 * turn, 2) for turn in range(asked.analysis.turns + 1)]
    for turn in range(1, asked.analysis.turns + 1):
        review = TurnReview(
            turn, "white", "c3 d5", "c3 d5", chances[turn - 1], chances[turn], chances[turn]
        )
        await api.service.analyses.save_review(game, turn, review.as_json())
    alice, bob = await api.sign_in(api.alice), await api.sign_in(api.bob)
    status, body = await api.get(f"api/analysis?game={game}", alice)
    assert status == 200 and body["analysis"]["chances"] == chances
    status, body = await api.get(f"api/analysis?game={game}", bob)
    assert status == 422 and body["code"] == "game_not_found"
