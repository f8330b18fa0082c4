"""The lobby's API without a browser (issue 53, step 4): its form starts what `/challenge`
starts and owes the same posts; bad input, a member who cannot see the channel, a channel the
bot cannot post in and a lobby outside a server are refused with a sentence and change nothing;
a challenge of a channel the user cannot see cannot be taken by its number."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.i18n import describe_error, text
from bot.service.errors import ChallengeNotFoundError, ServiceError
from bot.service.open_challenges import check_open_seconds, check_rating_window
from bot.store import outbox
from testing.fakediscord.models import ATTACH_FILES, VIEW_CHANNEL
from testing.pgserver import PostgresServer
from testing.servicekit import open_service
from testing.webapi import GENEROUS, WebApi, web_api

FORM = {"game": "ponte", "variant": None, "time": "1d", "level": None}


@pytest.fixture
async def api(tmp_path: Path) -> AsyncIterator[WebApi]:
    async with web_api(tmp_path / "bot.sqlite3", limits=GENEROUS) as found:
        yield found


async def open_challenges(api: WebApi) -> list[int]:
    return [c.id for c in await api.service.open_challenges.open_in_server(api.guild.id)]


async def test_the_form_starts_what_challenge_starts_owing_the_same_posts(api: WebApi) -> None:
    alice = await api.sign_in(api.alice)
    await api.sign_in(api.bob)  # bob is in the Activity too: the form offers him
    status, lobby = await api.get("api/lobby", alice)
    assert status == 200 and lobby["can_post"]
    assert [p["id"] for p in lobby["people"]] == [str(api.bob.id)]
    assert {g["key"] for g in lobby["options"]["games"]} == {"ponte", "verbindung"}

    status, made = await api.post("api/lobby/post", {**FORM, "against": "anyone"}, alice)
    assert status == 200
    challenge = await api.service.challenges.get_challenge(int(made["challenge"]))
    assert challenge.to_anyone and challenge.channel_id == api.channel.id
    assert challenge.move_seconds == 86_400
    async with api.service.connection.read() as db:
        assert await outbox.posts_about(db, "challenge", challenge.id, "challenge")
    status, again = await api.post("api/lobby/post", {**FORM, "against": "anyone"}, alice)
    assert status == 422 and again["code"] == "open_challenge_exists"

    status, named = await api.post("api/lobby/post", {**FORM, "against": str(api.bob.id)}, alice)
    assert status == 200
    of_bob = await api.service.challenges.get_challenge(int(named["challenge"]))
    assert of_bob.opponent_id == api.bob.id

    computer = {**FORM, "against": "computer", "level": "easy"}
    carol = await api.sign_in(api.carol)
    status, started = await api.post("api/lobby/post", computer, carol)
    assert status == 200
    game = await api.service.queries.game(int(started["game"]))
    assert game.computer_level == "easy" and api.carol.id in game.players.values()
    async with api.service.connection.read() as db:
        assert await outbox.posts_about(db, "game", game.id, "start")
    # carol's game is hers to play, not one to watch; alice may watch it
    _, of_carol = await api.get("api/lobby", carol)
    assert [g["id"] for g in of_carol["mine"]] == [str(game.id)] and of_carol["games"] == []
    _, of_alice = await api.get("api/lobby", alice)
    assert [g["id"] for g in of_alice["games"]] == [str(game.id)]


async def test_the_form_posts_an_open_challenge_with_a_rating_window_and_its_wait(
    api: WebApi,
) -> None:
    alice = await api.sign_in(api.alice)
    _, lobby = await api.get("api/lobby", alice)
    options = lobby["options"]
    assert options["rating_windows"] == [100, 200, 300, 500]  # as /challenge offers them
    offered = {e["key"]: e["seconds"] for e in options["expiries"]}
    assert offered == {"1h": 3600, "6h": 6 * 3600, "12h": 12 * 3600, "1d": 86_400} | {
        "3d": 3 * 86_400,
        "7d": 7 * 86_400,
    }
    assert options["default_expires"] == 86_400
    form = {**FORM, "against": "anyone", "rating_window": 200, "expires": offered["6h"]}
    status, made = await api.post("api/lobby/post", form, alice)
    assert status == 200
    challenge = await api.service.challenges.get_challenge(int(made["challenge"]))
    assert challenge.rating_window == 200
    assert challenge.expires_at - challenge.created_at == 6 * 3600
    _, listed = await api.get("api/lobby", await api.sign_in(api.bob))
    shown = listed["challenges"][0]
    assert (shown["rating_window"], shown["expires_in"]) == (200, 6 * 3600)


def refusal_of(check: Callable[[], object]) -> str:
    """The sentence the use case refuses with (`/challenge`'s for the same value)."""
    with pytest.raises(ServiceError) as refused:
        check()
    return describe_error(refused.value, "en")


async def test_an_open_challenges_bad_window_or_wait_is_refused_as_challenge_refuses_it(
    api: WebApi,
) -> None:
    alice = await api.sign_in(api.alice)
    anyone = {**FORM, "against": "anyone"}
    for bad, sentence in (
        ({"rating_window": 5000}, refusal_of(lambda: check_rating_window(5000))),
        ({"rating_window": 0}, refusal_of(lambda: check_rating_window(0))),
        ({"expires": 60}, refusal_of(lambda: check_open_seconds(60))),
        ({"expires": 8 * 86_400}, refusal_of(lambda: check_open_seconds(8 * 86_400))),
    ):
        status, refused = await api.post("api/lobby/post", {**anyone, **bad}, alice)
        assert (status, refused["error"]) == (422, sentence), bad
    for bad in ({"rating_window": "200"}, {"expires": True}, {"expires": 3600.5}):
        status, refused = await api.post("api/lobby/post", {**anyone, **bad}, alice)
        assert (status, refused["error"]) == (400, text("en", "web.bad_request")), bad
    for against in (str(api.bob.id), "computer"):
        named = {**FORM, "against": against, "rating_window": 200}
        status, refused = await api.post("api/lobby/post", named, alice)
        assert (status, refused["error"]) == (422, text("en", "web.lobby_open_only")), against
        status, refused = await api.post(
            "api/lobby/post", {**named, "rating_window": None, "expires": 3600}, alice
        )
        assert (status, refused["error"]) == (422, text("en", "web.lobby_open_only")), against
    assert await open_challenges(api) == []
    assert await api.service.challenges.pending_challenges(api.alice.id) == []
    assert await api.service.lobby.live_games(api.guild.id) == []


async def test_bad_forms_and_places_are_refused_and_change_nothing(api: WebApi) -> None:
    alice = await api.sign_in(api.alice)
    for bad in (
        {**FORM, "time": "5m", "against": "anyone"},
        {**FORM, "level": "godlike", "against": "computer"},
        {**FORM, "against": "someone"},
        {**FORM, "game": 7, "against": "anyone"},
    ):
        status, refused = await api.post("api/lobby/post", bad, alice)
        assert status == 400 and refused["error"] == text("en", "web.bad_request"), bad
    hidden = api.fake.add_text_channel(api.guild, "secret")
    await api.fake.set_overwrite(hidden, api.guild.roles[0], deny=VIEW_CHANNEL)
    await api.fake.set_overwrite(hidden, api.alice, allow=VIEW_CHANNEL)
    await api.fake.set_overwrite(hidden, api.fake.bot_user, allow=VIEW_CHANNEL)
    in_secret = await api.sign_in(api.alice, hidden)
    status, refused = await api.post(
        "api/lobby/post", {**FORM, "against": str(api.carol.id)}, in_secret
    )
    assert (status, refused["error"]) == (422, text("en", "web.lobby_no_member"))
    elsewhere = api.fake.add_text_channel(api.guild, "no-files")
    await api.fake.set_overwrite(elsewhere, api.fake.bot_user, deny=ATTACH_FILES)
    no_files = await api.sign_in(api.alice, elsewhere)
    status, lobby = await api.get("api/lobby", no_files)
    assert status == 200 and not lobby["can_post"]
    status, refused = await api.post("api/lobby/post", {**FORM, "against": "anyone"}, no_files)
    assert (status, refused["error"]) == (403, text("en", "web.lobby_cannot_post"))
    assert await open_challenges(api) == []


async def test_a_hidden_channels_challenge_cannot_be_taken_by_its_number(api: WebApi) -> None:
    hidden = api.fake.add_text_channel(api.guild, "secret")
    await api.fake.set_overwrite(hidden, api.guild.roles[0], deny=VIEW_CHANNEL)
    await api.fake.set_overwrite(hidden, api.alice, allow=VIEW_CHANNEL)
    made = await api.service.open_challenges.challenge_anyone(
        game_kind="ponte", channel_id=hidden.id, challenger_id=api.alice.id, guild_id=api.guild.id
    )
    carol = await api.sign_in(api.carol)
    status, lobby = await api.get("api/lobby", carol)
    assert status == 200 and lobby["challenges"] == []
    for number in (made.id, made.id + 100):
        status, refused = await api.post("api/lobby/take", {"challenge": str(number)}, carol)
        expected = describe_error(ChallengeNotFoundError("", challenge_id=number), "fr")
        assert (status, refused["error"]) == (422, expected)
    assert await open_challenges(api) == [made.id]
    bob = await api.sign_in(api.bob)
    status, lobby = await api.get("api/lobby", bob)
    assert lobby["challenges"] == []  # bob neither: only alice was let in


async def test_a_lobby_hears_of_a_challenge_another_process_made(
    postgres_server: PostgresServer,
) -> None:
    """`python -m bot web` alone on PostgreSQL: an open challenge made by a bot process (its
    NOTIFY, `challenge:<id>`) tells the pages showing the server's lobby to ask again."""
    url = await postgres_server.fresh_url()
    async with web_api(url, limits=GENEROUS) as api:
        bot = await open_service(url)  # another process on the same database
        try:
            carol = await api.sign_in(api.carol)
            live = api.url("api/live").replace("http", "ws", 1)
            async with api.http.ws_connect(live) as socket:
                await socket.send_json({"t": "hello", "session": carol, "lobby": True})
                assert (await next_message(socket))["t"] == "none"  # no game in the channel
                made = await bot.open_challenges.challenge_anyone(
                    game_kind="ponte",
                    channel_id=api.channel.id,
                    challenger_id=api.alice.id,
                    guild_id=api.guild.id,
                )
                assert (await next_message(socket))["t"] == "lobby"
            status, lobby = await api.get("api/lobby", carol)
            assert status == 200 and [c["id"] for c in lobby["challenges"]] == [str(made.id)]
        finally:
            await bot.connection.close()


async def next_message(socket: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    message = await asyncio.wait_for(socket.receive_json(), 60)
    assert isinstance(message, dict)
    return message
