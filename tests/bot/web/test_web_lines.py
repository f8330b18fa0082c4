"""Queued lines on the board page (issue 54, point 1): a player queues a line as `/premove`
does, sees their own lines alone in `api/mine`, withdraws them; the opponent's expected move
made on the page is answered at once; bad input changes nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from test_web_api import started

from bot.i18n import describe_error
from bot.service import errors
from testing.webapi import GENEROUS, WebApi, web_api


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[WebApi]:
    async with web_api(tmp_path / "bot.sqlite3", limits=GENEROUS) as found:
        yield found


async def test_a_line_queued_on_the_page_is_its_players_alone_and_played(api: WebApi) -> None:
    game = await started(api)
    alice, bob = await api.sign_in(api.alice), await api.sign_in(api.bob)
    carol = await api.sign_in(api.carol)
    status, _ = await api.post(
        "api/move", {"game": str(game), "revision": 0, "move": "a1 a3"}, alice
    )
    assert status == 200
    status, mine = await api.get(f"api/mine?game={game}", alice)
    assert status == 200 and mine["lines"] == []
    status, mine = await api.post("api/line", {"game": str(game), "line": "l10 l12; c1 c3"}, alice)
    assert status == 200
    assert mine["lines"] == [{"number": 1, "steps": [["l10 l12", False], ["c1 c3", True]]}]
    status, theirs = await api.get(f"api/mine?game={game}", bob)
    assert status == 200 and theirs["lines"] == []  # bob sees none of alice's
    status, watcher = await api.get(f"api/mine?game={game}", carol)
    assert status == 200 and watcher["lines"] is None  # a watcher has none to keep
    status, _ = await api.post(
        "api/move", {"game": str(game), "revision": 1, "move": "l10 l12"}, bob
    )
    assert status == 200
    view = await api.service.queries.game(game)
    assert str(view.game.moves[-1]) == "c1 c3" and view.to_move_id == api.bob.id
    status, mine = await api.get(f"api/mine?game={game}", alice)
    assert mine["lines"] == []  # played to its end


async def test_lines_are_withdrawn_and_bad_ones_refused_with_a_sentence(api: WebApi) -> None:
    game = await started(api)
    alice = await api.sign_in(api.alice)
    await api.post("api/move", {"game": str(game), "revision": 0, "move": "a1 a3"}, alice)
    for line in ("l10 l12; c1 c3", "k10 k12; c1 c3"):
        await api.post("api/line", {"game": str(game), "line": line}, alice)
    status, mine = await api.post("api/line", {"game": str(game), "withdraw": 1}, alice)
    assert status == 200 and [line["steps"][0][0] for line in mine["lines"]] == ["k10 k12"]
    status, body = await api.post("api/line", {"game": str(game), "line": "l10 l12"}, alice)
    assert status == 422
    assert body["error"] == describe_error(errors.LineUnansweredError(""), "en")
    for bad in ({"line": 5}, {"withdraw": "1"}, {"withdraw": -1}, {"withdraw": True}, {}):
        status, body = await api.post("api/line", {"game": str(game), **bad}, alice)
        assert status == 400 and body["code"] == "bad_request"
    status, mine = await api.post("api/line", {"game": str(game), "withdraw": 0}, alice)
    assert status == 200 and mine["lines"] == []
