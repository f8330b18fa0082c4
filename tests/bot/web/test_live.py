"""Live updates (issue 47, "Live"): every revision of a game is told to every process in its
transaction (NOTIFY on PostgreSQL, from the one place revisions are made), and a page watching a
channel gets each new state of its game, however the change was made."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import aiohttp
import pytest

from bot.service.errors import StalePositionError
from bot.store import open_database
from bot.store.challenges import CHALLENGED, challenged_payload
from bot.store.games import REVISED
from bot.web.state import state_key
from testing.pgserver import PostgresServer
from testing.servicekit import ALICE, BOB, CHANNEL, open_service, start_game
from testing.webapi import WebApi, web_api


async def started(api: WebApi) -> int:
    """A game in the board's channel, alice (white) against bob; its id."""
    accepted = await start_game(
        api.service,
        channel_id=api.channel.id,
        guild_id=api.guild.id,
        challenger=api.alice.id,
        opponent=api.bob.id,
    )
    return accepted.view.id


async def test_every_revision_is_notified_with_its_transaction(
    postgres_server: PostgresServer,
) -> None:
    url = await postgres_server.fresh_url()
    service = await open_service(url)
    listener = await open_database(url)
    heard: list[str] = []
    arrived = asyncio.Event()

    def hear(payload: str) -> None:
        if not payload.startswith(CHALLENGED):  # the challenge's, for the lobbies
            heard.append(payload)
        arrived.set()

    try:
        await listener.listen(REVISED, hear)
        game = (await start_game(service)).view.id
        await service.moves.play(CHANNEL, ALICE, "c3 d5", 0)
        with pytest.raises(StalePositionError):  # a stale revision: nothing changes, no NOTIFY
            await service.moves.play(CHANNEL, BOB, "e3 f5", 0)
        await service.moves.play(CHANNEL, BOB, "e3 f5", 1)
        await service.takebacks.request_takeback(CHANNEL, BOB)
        await service.takebacks.answer_takeback(game, ALICE, accept=True)
        await service.moves.resign(CHANNEL, ALICE)
        # the request makes no revision but is told too (issue 52, point 6)
        expected = [f"{game}:{revision}" for revision in (0, 1, 2, 2, 3, 4)]
        while heard != expected:
            arrived.clear()
            await asyncio.wait_for(arrived.wait(), 60)
            assert len(heard) <= len(expected), heard
    finally:
        await listener.close()
        await service.connection.close()


async def test_offers_and_their_answers_are_notified_like_revisions(
    postgres_server: PostgresServer,
) -> None:
    """A draw offer or a takeback request made by /draw or /takeback once told no process: a
    board on another process never showed it (issue 52, point 6)."""
    url = await postgres_server.fresh_url()
    service = await open_service(url)
    listener = await open_database(url)
    heard: asyncio.Queue[str] = asyncio.Queue()
    try:
        await listener.listen(
            REVISED, lambda said: None if said.startswith(CHALLENGED) else heard.put_nowait(said)
        )
        game = (await start_game(service)).view.id
        await service.moves.play(CHANNEL, ALICE, "c3 d5", 0)
        assert await asyncio.wait_for(heard.get(), 30) == f"{game}:0"
        assert await asyncio.wait_for(heard.get(), 30) == f"{game}:1"
        await service.moves.offer_draw(CHANNEL, ALICE)
        await service.moves.decline_draw(CHANNEL, BOB)
        await service.takebacks.request_takeback(CHANNEL, ALICE)
        await service.takebacks.answer_takeback(game, BOB, accept=False)
        for _ in range(4):
            assert await asyncio.wait_for(heard.get(), 30) == f"{game}:1"
    finally:
        await listener.close()
        await service.connection.close()


async def test_a_challenge_made_taken_or_withdrawn_is_notified_for_the_lobbies(
    postgres_server: PostgresServer,
) -> None:
    """A lobby on another process hears of each open challenge made, taken or withdrawn (issue
    53, step 4), on the channel the games' changes are told on."""
    url = await postgres_server.fresh_url()
    service = await open_service(url)
    listener = await open_database(url)
    heard: asyncio.Queue[str] = asyncio.Queue()
    try:
        await listener.listen(
            REVISED, lambda said: heard.put_nowait(said) if said.startswith(CHALLENGED) else None
        )
        made = await service.open_challenges.challenge_anyone(
            game_kind="ponte", channel_id=CHANNEL, challenger_id=ALICE, guild_id=1
        )
        await service.challenges.accept(made.id, BOB)
        other = await service.open_challenges.challenge_anyone(
            game_kind="ponte", channel_id=CHANNEL + 1, challenger_id=BOB, guild_id=1
        )
        await service.challenges.cancel(other.id, BOB)
        for challenge in (made, made, other, other):
            assert await asyncio.wait_for(heard.get(), 30) == challenged_payload(challenge.id)
    finally:
        await listener.close()
        await service.connection.close()


async def watch(
    http: aiohttp.ClientSession, url: str, session: str, key: str | None = None
) -> aiohttp.ClientWebSocketResponse:
    socket = await http.ws_connect(url.replace("http", "ws", 1) + "api/live")
    await socket.send_json({"t": "hello", "session": session, "key": key})
    return socket


async def next_state(socket: aiohttp.ClientWebSocketResponse) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(socket.receive_str(), 60))
        if message["t"] == "state":
            return message["state"]


async def test_an_offer_made_by_a_command_reaches_an_open_board_at_once(tmp_path: Path) -> None:
    """/draw and /takeback (and their buttons) make no revision: the board heard of them only
    at the next move, which cancels them (issue 52, point 6)."""
    async with web_api(tmp_path / "bot.sqlite3") as api:
        game = await started(api)
        socket = await watch(api.http, api.server.url, await api.sign_in(api.carol))
        assert (await next_state(socket))["revision"] == 0
        channel, alice, bob = api.channel.id, api.alice.id, api.bob.id
        await api.service.moves.offer_draw(channel, alice)  # as /draw does
        assert (await next_state(socket))["draw_offered_by"] == "white"
        await api.service.moves.answer_draw(game, bob, accept=False)  # the Decline button
        assert (await next_state(socket))["draw_offered_by"] is None
        await api.service.moves.play(channel, alice, "c3 d5", 0)
        assert (await next_state(socket))["revision"] == 1
        await api.service.takebacks.request_takeback(channel, alice)  # as /takeback does
        assert (await next_state(socket))["takeback_by"] == "white"
        await api.service.takebacks.answer_takeback(game, bob, accept=False)
        assert (await next_state(socket))["takeback_by"] is None
        await socket.close()


async def test_a_holiday_that_stops_the_clock_reaches_an_open_board(tmp_path: Path) -> None:
    """The clock moved without a revision: the board kept the old time left (issue 52, point
    6: every change a player can see)."""
    async with web_api(tmp_path / "bot.sqlite3") as api:
        await started(api)
        socket = await watch(api.http, api.server.url, await api.sign_in(api.carol))
        before = await next_state(socket)
        await api.service.vacations.start_vacation(api.alice.id, 3)  # alice is to move
        after = await next_state(socket)
        assert after["revision"] == before["revision"]
        assert after["seconds_left"] > before["seconds_left"]
        await socket.close()


async def test_an_offer_made_in_another_process_reaches_an_open_board(
    postgres_server: PostgresServer,
) -> None:
    url = await postgres_server.fresh_url()
    async with web_api(url) as api:
        elsewhere = await open_service(url)  # the bot process that ran /draw
        try:
            await started(api)
            socket = await watch(api.http, api.server.url, await api.sign_in(api.carol))
            before = await next_state(socket)
            assert before["draw_offered_by"] is None
            bobs = next(p["colour"] for p in before["players"] if p["id"] == str(api.bob.id))
            await elsewhere.moves.offer_draw(api.channel.id, api.bob.id)
            assert (await next_state(socket))["draw_offered_by"] == bobs
            await socket.close()
        finally:
            await elsewhere.connection.close()


async def test_a_page_that_reconnects_gets_the_state_at_once_even_when_it_has_it(
    tmp_path: Path,
) -> None:
    """A page back after a restart waits for the state to know it is live again; one that said
    it had the current state got nothing until the next change."""
    async with web_api(tmp_path / "bot.sqlite3") as api:
        await started(api)
        carol = await api.sign_in(api.carol)
        first = await watch(api.http, api.server.url, carol)
        current = await next_state(first)
        await first.close()
        again = await watch(api.http, api.server.url, carol, key=state_key(current))
        assert await next_state(again) == current
        await again.close()


async def test_a_watcher_sees_a_move_made_elsewhere_and_catches_up_on_return(
    tmp_path: Path,
) -> None:
    async with web_api(tmp_path / "bot.sqlite3") as api:
        accepted = await start_game(
            api.service,
            channel_id=api.channel.id,
            guild_id=api.guild.id,
            challenger=api.alice.id,
            opponent=api.bob.id,
        )
        game = accepted.view.id
        carol = await api.sign_in(api.carol)
        socket = await watch(api.http, api.server.url, carol)
        first = await next_state(socket)
        assert first["id"] == str(game) and first["revision"] == 0
        await api.service.moves.play(api.channel.id, api.alice.id, "c3 d5", 0)  # as /move does
        moved = await next_state(socket)
        assert moved["revision"] == 1 and moved["position"]["stones"] == {
            "c3": "white",
            "d5": "white",
        }
        await socket.close()
        await api.service.moves.play(api.channel.id, api.bob.id, "e3 f5", 1)  # while away
        again = await api.http.ws_connect(api.server.url.replace("http", "ws", 1) + "api/live")
        await again.send_json({"t": "hello", "session": carol, "key": None})
        assert (await next_state(again))["revision"] == 2
        await again.send_json({"t": "ping", "session": carol})
        assert json.loads(await asyncio.wait_for(again.receive_str(), 60)) == {"t": "pong"}
        await again.close()


async def test_a_socket_without_a_session_is_closed(tmp_path: Path) -> None:
    async with web_api(tmp_path / "bot.sqlite3") as api:
        socket = await api.http.ws_connect(api.server.url.replace("http", "ws", 1) + "api/live")
        await socket.send_json({"t": "hello", "session": "forged.token"})
        message = await asyncio.wait_for(socket.receive(), 60)
        assert message.type == aiohttp.WSMsgType.CLOSE and socket.close_code == 4001
