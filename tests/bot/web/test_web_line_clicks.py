"""A queued line built by clicks on the board page (issue 54, point 1): `api/targets` with
`line` answers the waiting player's clicks in the position after the line built so far, every
move of it checked as `/premove` checks a line; a bad move or click is refused with its rule and
changes nothing; in Verbindung the roll a turn answers is picked from the rolls the rules allow;
another channel's game, a watcher and the player to move are refused."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from test_web_api import started

from bot.service import errors
from bot.service.premoves import LINE_DEPTH
from engine.errors import IllegalMoveError
from testing.webapi import GENEROUS, WebApi, web_api


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[WebApi]:
    async with web_api(tmp_path / "bot.sqlite3", limits=GENEROUS) as found:
        yield found


def asked(game: int, line: list[str], picks: list[str] | None = None) -> dict[str, Any]:
    return {"game": str(game), "revision": 0, "line": line, "picks": picks or []}


async def test_the_targets_of_a_click_are_those_after_the_line_built(api: WebApi) -> None:
    game = await started(api)
    bob = await api.sign_in(api.bob)  # alice is to move: bob waits, and builds a line
    view = await api.service.queries.game(game)
    status, body = await api.post("api/targets", asked(game, []), bob)
    assert status == 200, body
    expected = view.kind.web_targets(view.game, []).targets
    assert body["targets"] == expected and body["to_move"] == view.to_move
    assert body["line"] == [] and body["rolls"] == [] and body["full"] is False
    status, body = await api.post("api/targets", asked(game, [], ["c3", "d5"]), bob)
    assert status == 200 and body["move"] == "c3 d5"  # alice's turn, built as she would
    status, body = await api.post("api/targets", asked(game, ["c3 d5"]), bob)
    assert status == 200, body
    after = view.game.copy()
    after.play("c3 d5")
    assert body["targets"] == view.kind.web_targets(after, []).targets
    assert body["position"] == view.kind.web_position(after)
    assert body["to_move"] == after.to_move.value != view.to_move
    assert body["line"] == [["c3 d5", False]] and body["last_move"] == "c3 d5"
    status, body = await api.post("api/targets", asked(game, ["c3 d5"], ["l10", "l12"]), bob)
    assert status == 200 and body["move"] == "l10 l12"
    status, body = await api.post("api/targets", asked(game, ["c3 d5", "l10 l12"]), bob)
    assert status == 200 and body["line"] == [["c3 d5", False], ["l10 l12", True]]
    status, mine = await api.post("api/line", {"game": str(game), "line": "c3 d5; l10 l12"}, bob)
    assert status == 200 and mine["lines"][0]["steps"] == body["line"]
    status, _ = await api.post(
        "api/move",
        {"game": str(game), "revision": 0, "move": "c3 d5"},
        await api.sign_in(api.alice),
    )
    assert status == 200
    assert str((await api.service.queries.game(game)).game.moves[-1]) == "l10 l12"


async def test_a_bad_move_or_click_in_a_line_is_refused_with_its_rule(api: WebApi) -> None:
    game = await started(api)
    bob = await api.sign_in(api.bob)
    view = await api.service.queries.game(game)
    status, body = await api.post("api/targets", asked(game, ["c3 d5", "c3 e5"]), bob)
    assert status == 422 and body["code"] == errors.LineMoveError.key
    assert "`c3 e5`" in body["error"] and "2" in body["error"]
    after = view.game.copy()
    after.play("c3 d5")
    with pytest.raises(IllegalMoveError) as refused:
        view.kind.web_targets(after, ["d5"])  # alice's stone: no bridge of bob's
    status, body = await api.post("api/targets", asked(game, ["c3 d5"], ["d5"]), bob)
    assert status == 422 and body["code"] == refused.value.rule
    status, body = await api.post("api/targets", asked(game, ["c3 d5", "x"]), bob)
    assert status == 422 and body["code"] == errors.LineMoveError.key
    deep, ahead = [], view.game.copy()  # five answers of bob's: as deep as a line goes
    for _ in range(2 * LINE_DEPTH + 2):
        move = next(iter(ahead.legal_moves()))
        ahead.push(move)
        deep.append(str(move))
    status, body = await api.post("api/targets", asked(game, deep[:-2]), bob)
    assert status == 200 and body["full"] is True and body["targets"] == {}
    assert sum(mine for _, mine in body["line"]) == LINE_DEPTH
    status, body = await api.post("api/targets", asked(game, deep), bob)
    assert status == 422 and body["code"] == errors.LineTooDeepError.key
    for bad in ({"line": "c3 d5"}, {"line": [3]}, {"line": [""]}, {"line": ["a1"] * 41}):
        status, body = await api.post("api/targets", {**asked(game, []), **bad}, bob)
        assert status == 400 and body["code"] == "bad_request"
    after_all = await api.service.queries.game(game)
    assert after_all.revision == 0
    assert (await api.service.premoves.of(api.channel.id, api.bob.id)).lines == ()


async def test_only_the_waiting_player_of_the_channels_game_builds_a_line(api: WebApi) -> None:
    game = await started(api)
    alice = await api.sign_in(api.alice)
    status, body = await api.post("api/targets", asked(game, []), alice)
    assert status == 422 and body["code"] == errors.PremoveOwnTurnError.key
    carol = await api.sign_in(api.carol)
    status, body = await api.post("api/targets", asked(game, []), carol)
    assert status == 422 and body["code"] == errors.NotAPlayerError.key
    elsewhere = api.fake.add_text_channel(api.guild, "elsewhere")
    bob_elsewhere = await api.sign_in(api.bob, elsewhere)
    status, body = await api.post("api/targets", asked(game, []), bob_elsewhere)
    assert status == 422 and body["code"] == errors.GameNotFoundError.key
    bob = await api.sign_in(api.bob)
    status, body = await api.post(
        "api/targets", {"game": str(game), "revision": 0, "picks": []}, bob
    )
    assert status == 422 and body["code"] == errors.NotYourTurnError.key  # a turn: the mover's


async def test_a_verbindung_line_picks_the_roll_its_answer_answers(api: WebApi) -> None:
    game = await started(api, "verbindung")
    bob = await api.sign_in(api.bob)
    view = await api.service.queries.game(game)
    theirs = str(next(iter(view.game.legal_moves())))
    status, body = await api.post("api/targets", asked(game, [theirs]), bob)
    assert status == 200, body
    after = view.game.copy()
    after.play(theirs)
    rolls = [str(roll) for roll in after.legal_moves()]
    assert body["rolls"] == rolls and body["targets"] == {} and body["move"] is None
    status, body = await api.post("api/targets", asked(game, [theirs, rolls[-1]]), bob)
    assert status == 200, body
    after.play(rolls[-1])
    assert body["rolls"] == [] and body["targets"] == view.kind.web_targets(after, []).targets
    assert body["line"] == [[theirs, False], [rolls[-1], False]]
    status, body = await api.post("api/targets", asked(game, [theirs, "roll arcs"]), bob)
    assert status == 422 and body["code"] == errors.LineMoveError.key  # V5: three dice
