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
from bot.store.games import REVISED
from testing.pgserver import PostgresServer
from testing.servicekit import ALICE, BOB, CHANNEL, open_service, start_game
from testing.webapi import web_api


async def test_every_revision_is_notified_with_its_transaction(
    postgres_server: PostgresServer,
) -> None:
    url = await postgres_server.fresh_url()
    service = await open_service(url)
    listener = await open_database(url)
    heard: list[str] = []
    arrived = asyncio.Event()

    def hear(payload: str) -> None:
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
        expected = [f"{game}:{revision}" for revision in range(5)]
        while heard != expected:
            arrived.clear()
            await asyncio.wait_for(arrived.wait(), 60)
            assert len(heard) <= len(expected), heard
    finally:
        await listener.close()
        await service.connection.close()


async def watch(
    http: aiohttp.ClientSession, url: str, session: str
) -> aiohttp.ClientWebSocketResponse:
    socket = await http.ws_connect(url.replace("http", "ws", 1) + "api/live")
    await socket.send_json({"t": "hello", "session": session})
    return socket


async def next_state(socket: aiohttp.ClientWebSocketResponse) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(socket.receive_str(), 60))
        if message["t"] == "state":
            return message["state"]


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
