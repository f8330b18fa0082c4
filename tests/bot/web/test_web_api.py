"""The web board's API without a browser (issue 47, "Safe"): sign-in through Discord only, every
request authenticated, a user sees the games of their Activity's channel only and moves only on
their turn and on the position they saw; bad input is refused with a sentence and changes
nothing; a board move is `/move` and owes the same post."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.computer.review import TurnReview
from bot.i18n import text
from bot.service.seeks import Paired
from bot.store import outbox
from bot.web.limits import Limits, RateLimit
from testing.servicekit import start_game
from testing.webapi import GENEROUS, WebApi, web_api


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[WebApi]:
    async with web_api(tmp_path / "bot.sqlite3", limits=GENEROUS) as found:
        yield found


async def started(api: WebApi, kind: str = "ponte") -> int:
    """A game in the channel, alice (white, first) against bob; its id."""
    accepted = await start_game(
        api.service,
        kind,
        channel_id=api.channel.id,
        guild_id=api.guild.id,
        challenger=api.alice.id,
        opponent=api.bob.id,
    )
    return accepted.view.id


async def test_a_code_signs_in_once_and_only_a_user_in_the_instance(api: WebApi) -> None:
    instance = api.fake.activities.launch(api.alice, api.channel)
    code = api.fake.activities.mint_code(api.alice)
    status, body = await api.post(
        "api/session", {"code": code, "instance_id": instance.instance_id}
    )
    assert status == 200 and body["user"]["id"] == str(api.alice.id)
    assert body["access_token"] in api.fake.world.activities.tokens
    again, refused = await api.post(
        "api/session", {"code": code, "instance_id": instance.instance_id}
    )
    assert again == 403 and refused["code"] == "discord_refused"
    # carol has a code of her own but never joined the instance
    code = api.fake.activities.mint_code(api.carol)
    status, body = await api.post(
        "api/session", {"code": code, "instance_id": instance.instance_id}
    )
    assert status == 403 and body["code"] == "not_in_instance"
    code = api.fake.activities.mint_code(api.alice)
    status, body = await api.post("api/session", {"code": code, "instance_id": "no-such-instance"})
    assert status == 403 and body["code"] == "discord_refused"
    # an id that would be a path of its own never reaches Discord
    asked = len(api.fake.requests)
    status, body = await api.post("api/session", {"code": code, "instance_id": "../../users/@me"})
    assert status == 400 and body["code"] == "bad_request" and len(api.fake.requests) == asked


async def test_every_request_needs_a_session(api: WebApi) -> None:
    game = await started(api)
    for forged in (None, "", "abc.def", "x" * 2000):
        status, body = await api.get("api/game", forged)
        assert status == 401 and body["code"] == "sign_in"
        status, _ = await api.post(
            "api/move", {"game": str(game), "revision": 0, "move": "c3 d5"}, forged
        )
        assert status == 401
    view = await api.service.queries.game(game)
    assert view.revision == 0


async def test_a_session_sees_only_its_channels_game(api: WebApi) -> None:
    game = await started(api)
    watcher = await api.sign_in(api.carol)
    status, body = await api.get("api/game", watcher)
    assert status == 200 and body["state"]["id"] == str(game)
    assert body["state"]["position"]["size"] == 12
    elsewhere = api.fake.add_text_channel(api.guild, "elsewhere")
    outsider = await api.sign_in(api.carol, elsewhere)
    status, body = await api.get("api/game", outsider)
    assert status == 200 and body["state"] is None
    for path in (f"api/history?game={game}&turn=0", f"api/analysis?game={game}"):
        status, body = await api.get(path, outsider)
        assert status == 422 and body["code"] == "game_not_found"
    alice_elsewhere = await api.sign_in(api.alice, elsewhere)
    status, body = await api.post(
        "api/move", {"game": str(game), "revision": 0, "move": "c3 d5"}, alice_elsewhere
    )
    assert status == 422 and body["code"] == "game_not_found"
    assert (await api.service.queries.game(game)).revision == 0


async def test_a_move_on_the_board_is_a_move_and_owes_the_channel_post(api: WebApi) -> None:
    game = await started(api)
    session = await api.sign_in(api.alice)
    status, body = await api.post(
        "api/move", {"game": str(game), "revision": 0, "move": "c3 d5"}, session
    )
    assert status == 200, body
    assert body["state"]["revision"] == 1 and body["state"]["last_move"] == "c3 d5"
    async with api.service.connection.read() as db:
        moves = await outbox.posts_about(db, "game", game, "move")
    assert [post.revision for post in moves] == [1]
    assert moves[0].claimed_by is None  # no Discord in this process: left to the bot at once


async def test_the_wrong_player_a_stale_page_and_a_watcher_change_nothing(api: WebApi) -> None:
    game = await started(api)
    alice, bob, carol = [await api.sign_in(user) for user in (api.alice, api.bob, api.carol)]
    status, body = await api.post(
        "api/move", {"game": str(game), "revision": 0, "move": "c3 d5"}, bob
    )
    assert status == 422 and body["code"] == "not_your_turn"
    status, body = await api.post(
        "api/move", {"game": str(game), "revision": 0, "move": "c3 d5"}, carol
    )
    assert status == 422 and body["code"] == "not_a_player"
    assert (await api.post("api/move", {"game": str(game), "revision": 0, "move": "c3 d5"}, alice))[
        0
    ] == 200
    status, body = await api.post(
        "api/move", {"game": str(game), "revision": 0, "move": "e3 f5"}, bob
    )
    assert status == 409 and body["code"] == "stale"
    assert body["error"] == text("de", "web.stale")  # bob's language
    view = await api.service.queries.game(game)
    assert [str(move) for move in view.game.moves] == ["c3 d5"]


async def test_bad_input_is_refused_with_a_sentence(api: WebApi) -> None:
    game = await started(api)
    session = await api.sign_in(api.alice)
    cases = [
        {"game": str(game), "revision": "0", "move": "c3 d5"},
        {"game": game, "revision": 0, "move": "c3 d5"},
        {"game": str(game), "revision": 0, "move": ["c3"]},
        {"game": str(game), "revision": 0, "move": "x" * 301},
        ["c3 d5"],
    ]
    for body in cases:
        status, answer = await api.post("api/move", body, session)
        assert status in (400, 409), (body, answer)
        assert answer["error"]
    headers = {"Authorization": f"Bearer {session}", "Content-Type": "application/json"}
    async with api.http.post(api.url("api/move"), data=b"{not json", headers=headers) as response:
        assert response.status == 400
    status, answer = await api.post(
        "api/move", {"game": str(game), "revision": 0, "move": "c3 c3"}, session
    )
    assert status == 422 and "c3" in answer["error"]
    assert (await api.service.queries.game(game)).revision == 0


async def test_a_body_over_the_limit_is_refused_in_the_users_language(api: WebApi) -> None:
    """It was aiohttp's plain 'Maximum request body size 16384 exceeded.' (issue 52, point 3)."""
    game = await started(api)
    bob = await api.sign_in(api.bob)
    headers = {"Authorization": f"Bearer {bob}", "Content-Type": "application/json"}
    oversized = b'{"move": "' + b"x" * 20000 + b'"}'
    for path in ("api/move", "api/session"):
        async with api.http.post(api.url(path), data=oversized, headers=headers) as response:
            assert response.status == 413
            body = await response.json()
        assert body["code"] == "too_large"
    assert body["error"] == text("en", "web.too_large")  # no session: the browser's language
    async with api.http.post(api.url("api/move"), data=oversized, headers=headers) as response:
        assert (await response.json())["error"] == text("de", "web.too_large")  # bob's
    assert (await api.service.queries.game(game)).revision == 0
    for method, path in (("GET", "api/move"), ("POST", "api/nothing")):
        async with api.http.request(method, api.url(path), headers=headers) as response:
            assert response.status in (404, 405)
            assert (await response.json())["code"] == "bad_request"


async def test_the_health_route_says_whether_the_database_answers(api: WebApi) -> None:
    status, body = await api.get("healthz")
    assert status == 200 and body["ok"] is True
    await api.service.connection.close()
    status, body = await api.get("healthz")
    assert status == 503 and body["ok"] is False


async def test_an_illegal_click_is_explained_by_its_rule(api: WebApi) -> None:
    game = await started(api)
    alice = await api.sign_in(api.alice)
    status, body = await api.post(
        "api/targets", {"game": str(game), "revision": 0, "picks": []}, alice
    )
    assert status == 200 and len(body["targets"]["stones"]) == 144 and body["move"] is None
    status, body = await api.post(
        "api/targets", {"game": str(game), "revision": 0, "picks": ["c3"]}, alice
    )
    assert status == 200 and "c3" not in body["targets"]["stones"]
    status, body = await api.post(
        "api/targets", {"game": str(game), "revision": 0, "picks": ["c3", "d5"]}, alice
    )
    assert body["move"] == "c3 d5"
    status, body = await api.post(
        "api/targets", {"game": str(game), "revision": 0, "picks": ["m13"]}, alice
    )
    assert status == 422 and "m13" in body["error"]


async def test_moves_are_rate_limited_per_user(tmp_path: Path) -> None:
    slow = Limits(
        moves=RateLimit(burst=2, rate=0.0001),
        clicks=RateLimit(burst=50, rate=1),
        connections=RateLimit(burst=5, rate=1),
        sign_ins=RateLimit(burst=10, rate=1),
    )
    async with web_api(tmp_path / "bot.sqlite3", limits=slow) as api:
        game = await started(api)
        bob = await api.sign_in(api.bob)
        statuses = [
            (await api.post("api/move", {"game": str(game), "revision": 0, "move": "c3 d5"}, bob))[
                0
            ]
            for _ in range(3)
        ]
        assert statuses == [422, 422, 429]  # not bob's turn twice, then too many
        alice = await api.sign_in(api.alice)  # another user keeps their own allowance
        status, _ = await api.post(
            "api/move", {"game": str(game), "revision": 0, "move": "c3 d5"}, alice
        )
        assert status == 200


async def test_draws_takebacks_and_resignation_are_the_commands_use_cases(api: WebApi) -> None:
    game = await started(api)
    alice, bob = await api.sign_in(api.alice), await api.sign_in(api.bob)

    async def state() -> dict:
        return (await api.get("api/game", alice))[1]["state"]

    assert (await api.post("api/move", {"game": str(game), "revision": 0, "move": "c3 d5"}, alice))[
        0
    ] == 200
    status, body = await api.post("api/takeback", {"game": str(game), "revision": 1}, alice)
    assert status == 200 and body["action"] == "asked"
    assert (await state())["takeback_by"] == "white"
    status, body = await api.post(
        "api/takeback", {"game": str(game), "revision": 1, "answer": "accept"}, bob
    )
    assert status == 200 and body["action"] == "accepted"
    assert (await state())["revision"] == 2 and (await state())["last_move"] is None
    status, body = await api.post("api/draw", {"game": str(game), "revision": 2}, alice)
    assert body["action"] == "offered" and (await state())["draw_offered_by"] == "white"
    status, body = await api.post(
        "api/draw", {"game": str(game), "revision": 2, "answer": "decline"}, bob
    )
    assert body["action"] == "declined" and (await state())["draw_offered_by"] is None
    status, body = await api.post(
        "api/draw", {"game": str(game), "revision": 2, "answer": "maybe"}, bob
    )
    assert status == 400
    status, body = await api.post("api/resign", {"game": str(game), "revision": 2}, bob)
    assert status == 200 and body["state"]["result"]["winner"] == "white"
    assert body["state"]["result"]["reason"] == "resignation" and not body["state"]["active"]


async def test_the_history_and_the_analysis_of_the_channels_game(api: WebApi) -> None:
    game = await started(api)
    alice = await api.sign_in(api.alice)
    await api.post("api/move", {"game": str(game), "revision": 0, "move": "c3 d5"}, alice)
    status, body = await api.get(f"api/history?game={game}&turn=0", alice)
    assert status == 200 and body["position"]["stones"] == {} and body["turns"] == 1
    status, body = await api.get(f"api/history?game={game}&turn=1", alice)
    assert (
        body["position"]["stones"] == {"c3": "white", "d5": "white"}
        and body["last_move"] == "c3 d5"
    )
    assert (await api.get(f"api/history?game={game}&turn=2", alice))[0] == 400
    status, body = await api.get(f"api/analysis?game={game}", alice)
    assert status == 200 and body["analysis"] is None  # a running game has none


async def test_an_imported_record_opens_in_its_importers_history_alone(api: WebApi) -> None:
    record = '[Game "ponte"]\n[Result "red"]\n\n1. c3 d5\n2. swap\n3. e7 f9\n4. resign white\n'
    game = (await api.service.imports.import_record(api.alice.id, record)).id
    alice, bob = await api.sign_in(api.alice), await api.sign_in(api.bob)
    status, body = await api.get(f"api/history?game={game}&turn=3", alice)
    assert status == 200 and body["last_move"] == "e7 f9" and body["turns"] == 4
    assert body["position"]["stones"] == {"c3": "white", "d5": "white", "e7": "red", "f9": "red"}
    status, body = await api.get(f"api/history?game={game}&turn=0", bob)
    assert status == 422 and body["code"] == "game_not_found"  # alice's alone


async def test_a_finished_games_analysis_is_its_chart(api: WebApi) -> None:
    game = await started(api)
    alice, bob = await api.sign_in(api.alice), await api.sign_in(api.bob)
    for revision, (session, move) in enumerate(
        [(alice, "c3 d5"), (bob, "h8 h9"), (alice, "a1 a2"), (bob, "l12 l11")]
    ):
        assert (
            await api.post(
                "api/move", {"game": str(game), "revision": revision, "move": move}, session
            )
        )[0] == 200
    assert (await api.post("api/resign", {"game": str(game), "revision": 4}, bob))[0] == 200
    asked = await api.service.analyses.request_analysis(
        api.alice.id, game_id=game, channel_id=api.channel.id, guild_id=api.guild.id
    )
    chances = [round(0.5 + 0.05 * turn, 2) for turn in range(asked.analysis.turns + 1)]
    for turn in range(1, asked.analysis.turns + 1):
        review = TurnReview(
            turn, "white", "c3 d5", "c3 d5", chances[turn - 1], chances[turn], chances[turn]
        )
        await api.service.analyses.save_review(game, turn, review.as_json())
    status, body = await api.get(f"api/analysis?game={game}", alice)
    assert status == 200 and body["analysis"]["finished"]
    assert body["analysis"]["chances"] == chances


async def test_a_pool_game_opens_in_each_players_dms_and_for_nobody_else(api: WebApi) -> None:
    """An Activity opened in a player's DMs with the bot (Open board under their pool game's
    board, issue 53) shows their pool game, its players by their Discord names, and moves
    there; in anyone else's DMs, or a server's channel, it is not shown (before: no game in the
    DMs, and the pool's guild id 0 asked for as a server's members)."""
    await api.service.seeks.seek(user_id=api.alice.id, game_kind="ponte", dm_channel_id=1)
    paired = await api.service.seeks.seek(user_id=api.bob.id, game_kind="ponte", dm_channel_id=2)
    assert isinstance(paired, Paired)
    game = paired.started.view
    sessions = {}
    for player in (api.alice, api.bob):
        sessions[player.id] = await api.sign_in(player, api.fake.dm_channel(player))
        status, body = await api.get("api/game", sessions[player.id])
        assert status == 200 and body["state"]["id"] == str(game.id)
        assert {p["name"] for p in body["state"]["players"]} == {"Alice", "Bob"}
    mover = game.to_move_id or 0
    move = game.kind.suggest(game.game, "")[0]
    status, body = await api.post(
        "api/move", {"game": str(game.id), "revision": 0, "move": move}, sessions[mover]
    )
    assert status == 200, body
    for where in (api.fake.dm_channel(api.carol), api.channel):
        outsider = await api.sign_in(api.carol, where)
        status, body = await api.get("api/game", outsider)
        assert status == 200 and body["state"] is None
        status, body = await api.get(f"api/history?game={game.id}&turn=0", outsider)
        assert status == 422 and body["code"] == "game_not_found"
