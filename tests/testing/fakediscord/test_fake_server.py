"""The fake Discord's protocol details, checked with a plain HTTP and websocket client."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime

import aiohttp
import pytest

from testing.fakediscord import WAIT, FakeDiscord
from testing.fakediscord.faults import route_matches
from testing.fakediscord.gateway import guild_of_event
from testing.fakediscord.ids import Snowflakes, snowflake_time

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16


@pytest.fixture
async def fake():
    async with FakeDiscord() as fake:
        fake.add_guild("Test Server")
        fake.add_user("alice", locale="nl")
        yield fake


@pytest.fixture
async def http(fake):
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession(base_url=fake.base_url, headers=headers) as session:
        yield session


async def test_rest_answers_carry_exactly_application_json(fake, http):
    async with http.get("/api/v10/users/@me") as response:
        assert response.status == 200
        assert response.headers["Content-Type"] == "application/json"
        assert (await response.json())["id"] == str(fake.bot_user.id)


async def test_a_wrong_token_gets_401(fake):
    async with (
        aiohttp.ClientSession(base_url=fake.base_url) as anonymous,
        anonymous.get("/api/v10/users/@me", headers={"Authorization": "Bot nope"}) as response,
    ):
        assert response.status == 401
        assert (await response.json())["message"] == "401: Unauthorized"


async def test_unknown_routes_get_a_discord_404_and_are_recorded(fake, http):
    async with http.post("/api/v10/channels/1/pins/2") as response:
        assert response.status == 404
        assert await response.json() == {"message": "404: Not Found", "code": 0}
    assert [request.route for request in fake.unknown_routes] == ["POST /channels/1/pins/2"]
    with pytest.raises(AssertionError, match="POST /channels/1/pins/2"):
        fake.assert_no_unknown_routes()


async def test_unknown_objects_get_their_discord_error_codes(fake, http):
    async with http.get("/api/v10/channels/123") as response:
        assert response.status == 404 and (await response.json())["code"] == 10003
    channel = next(iter(fake.world.guilds.values())).text_channel
    async with http.get(f"/api/v10/channels/{channel.id}/messages/5") as response:
        assert response.status == 404 and (await response.json())["code"] == 10008


async def test_a_command_sync_with_a_bad_name_is_refused_as_discord_does(fake, http):
    url = f"/api/v10/applications/{fake.application_id}/commands"
    bad = [{"name": "Move Stone", "description": "x", "name_localizations": {"de": "Zug"}}]
    async with http.put(url, json=bad) as response:
        assert response.status == 400
        body = await response.json()
    assert body["code"] == 50035 and "0.name" in body["errors"]
    assert "0.name_localizations.de" in body["errors"]
    good = [{"name": "move", "description": "Make a move", "name_localizations": {"de": "zug"}}]
    async with http.put(url, json=good) as response:
        (command,) = await response.json()
    async with http.put(url, json=good) as response:
        (again,) = await response.json()
    assert again["id"] == command["id"]  # same name, same id
    assert fake.commands()[0]["name_localizations"] == {"de": "zug"}


async def test_a_multipart_message_is_parsed_into_attachments(fake, http):
    channel = next(iter(fake.world.guilds.values())).text_channel
    form = aiohttp.FormData(quote_fields=False)
    payload = {"content": "board", "attachments": [{"id": 0, "filename": "board.png"}]}
    form.add_field("payload_json", json.dumps(payload))
    form.add_field("files[0]", PNG, filename="board.png", content_type="application/octet-stream")
    async with http.post(f"/api/v10/channels/{channel.id}/messages", data=form) as response:
        data = await response.json()
    assert data["attachments"][0]["content_type"] == "image/png"
    (message,) = fake.messages_in(channel)
    (attachment,) = message.attachments
    assert attachment.data == PNG and attachment.filename == "board.png"
    async with http.get(attachment.url) as response:
        assert await response.read() == PNG


async def test_an_empty_message_is_refused(fake, http):
    channel = next(iter(fake.world.guilds.values())).text_channel
    async with http.post(f"/api/v10/channels/{channel.id}/messages", json={}) as response:
        assert response.status == 400 and (await response.json())["code"] == 50006


async def test_an_injected_429_looks_like_discords(fake, http):
    fault = fake.inject("GET /users/@me", 429, retry_after=1.5, is_global=True)
    async with http.get("/api/v10/users/@me") as response:
        assert response.status == 429
        assert response.headers["Retry-After"] == "2"
        assert response.headers["Via"] == "1.1 google"
        assert response.headers["X-RateLimit-Remaining"] == "0"
        assert response.headers["X-RateLimit-Global"] == "true"
        assert response.headers["Content-Type"] == "application/json"
        body = await response.json()
    assert body["retry_after"] == 1.5 and body["global"] is True
    async with http.get("/api/v10/users/@me") as response:
        assert response.status == 200
    assert len(fault.hits) == 1 and fault.remaining == 0
    fake.inject("GET /users/@me", 429, via=False)
    async with http.get("/api/v10/users/@me") as response:
        assert response.status == 429 and "Via" not in response.headers


@pytest.mark.parametrize(
    ("pattern", "method", "path", "matches"),
    [
        ("POST /channels/*/messages", "POST", "/channels/1/messages", True),
        ("POST /channels/{channel_id}/messages", "POST", "/channels/1/messages", True),
        ("POST /channels/1/messages", "POST", "/channels/2/messages", False),
        ("POST /channels/*/messages", "GET", "/channels/1/messages", False),
        ("* /channels/*/messages", "PATCH", "/channels/1/messages", True),
        ("POST /channels/*/messages", "POST", "/channels/1/messages/2", False),
    ],
)
def test_fault_routes_match_one_segment_per_wildcard(pattern, method, path, matches):
    assert route_matches(pattern, method, path) is matches


def test_snowflakes_carry_the_time_they_were_made_and_increase_within_a_millisecond():
    made = datetime(2026, 5, 1, 12, 30, 15, 250_000, tzinfo=UTC)
    snowflakes = Snowflakes(now=made.timestamp)  # the clock stands still
    ids = [snowflakes.next() for _ in range(1000)]
    assert ids == sorted(set(ids))
    assert snowflake_time(ids[0]) == snowflake_time(ids[-1]) == made


async def _receive(ws: aiohttp.ClientWebSocketResponse) -> dict:
    message = await ws.receive(timeout=WAIT)
    assert message.type is aiohttp.WSMsgType.TEXT, message
    return json.loads(message.data)


async def test_the_gateway_says_hello_acks_heartbeats_and_sends_ready(fake):
    url = fake.gateway_url + "?v=10&encoding=json&compress=zlib-stream"
    async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
        hello = await _receive(ws)
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
        await ws.send_json({"op": 1, "d": None})
        assert (await _receive(ws))["op"] == 11
        await ws.send_json({"op": 2, "d": {"token": fake.token, "intents": 513}})
        ready = await _receive(ws)
        guild_create = await _receive(ws)
    assert ready["t"] == "READY" and ready["s"] == 1
    assert ready["d"]["resume_gateway_url"] == fake.gateway_url
    assert ready["d"]["application"]["id"] == str(fake.application_id)
    assert ready["d"]["guilds"][0]["unavailable"] is True
    assert guild_create["t"] == "GUILD_CREATE" and guild_create["s"] == 2
    members = guild_create["d"]["members"]
    assert {member["user"]["username"] for member in members} >= {"alice", "fakebot"}
    assert all("flags" in member for member in members)
    assert fake.ready_count == 1


async def test_the_gateway_refuses_a_bad_token_and_an_unknown_session(fake):
    url = fake.gateway_url + "?v=10&encoding=json"
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(url) as ws:
            await _receive(ws)
            await ws.send_json({"op": 2, "d": {"token": "wrong", "intents": 0}})
            closed = await ws.receive(timeout=WAIT)
            assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == 4004
        async with session.ws_connect(url) as ws:
            await _receive(ws)
            await ws.send_json({"op": 6, "d": {"token": fake.token, "session_id": "x", "seq": 3}})
            invalid = await _receive(ws)
            assert invalid == {"op": 9, "d": False}
    assert fake.ready_count == 0


async def test_waits_time_out_with_what_was_awaited(fake):
    channel = next(iter(fake.world.guilds.values())).text_channel
    with pytest.raises(AssertionError, match=r"timed out after 0\.0 s waiting for a message"):
        await fake.wait_for_message(channel, timeout=0)


async def test_uploads_over_discords_limit_get_413(fake, http):
    channel = next(iter(fake.world.guilds.values())).text_channel
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "too big"}))
    form.add_field("files[0]", b"x" * (10 * 1024 * 1024 + 1), filename="big.png")
    async with http.post(f"/api/v10/channels/{channel.id}/messages", data=form) as response:
        assert response.status == 413 and (await response.json())["code"] == 40005


async def test_a_failure_inside_the_fake_is_a_quick_400_and_is_reported(fake, http):
    channel = next(iter(fake.world.guilds.values())).text_channel
    async with http.post(f"/api/v10/channels/{channel.id}/messages", json=["not", "a", "dict"]):
        pass
    (request, _error) = fake.internal_errors[0]
    assert request.status == 400
    with pytest.raises(AssertionError, match="routes of the fake failed"):
        fake.assert_no_unknown_routes()


async def test_a_denied_permission_gets_discords_403_and_shows_in_the_channel(fake, http):
    from testing.fakediscord import ATTACH_FILES, CREATE_PUBLIC_THREADS, SEND_MESSAGES, VIEW_CHANNEL

    channel = next(iter(fake.world.guilds.values())).text_channel
    url = f"/api/v10/channels/{channel.id}/messages"
    await fake.deny_bot(channel, ATTACH_FILES | CREATE_PUBLIC_THREADS)
    async with http.post(url, json={"content": "text only"}) as response:
        assert response.status == 200  # sending text is still allowed
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps({"content": "a board"}))
    form.add_field("files[0]", PNG, filename="board.png", content_type="image/png")
    async with http.post(url, data=form) as response:
        assert response.status == 403
        assert await response.json() == {"message": "Missing Permissions", "code": 50013}
    thread = {"name": "a game", "type": 11}
    async with http.post(f"/api/v10/channels/{channel.id}/threads", json=thread) as response:
        assert response.status == 403 and (await response.json())["code"] == 50013
    async with http.get(f"/api/v10/channels/{channel.id}") as response:
        (overwrite,) = (await response.json())["permission_overwrites"]
    assert overwrite["id"] == str(fake.bot_user.id)
    assert int(overwrite["deny"]) == ATTACH_FILES | CREATE_PUBLIC_THREADS
    allowed = fake.world.bot_permissions_in(channel)
    assert allowed & SEND_MESSAGES and not allowed & ATTACH_FILES
    await fake.deny_bot(channel, VIEW_CHANNEL)
    async with http.post(url, json={"content": "unseen"}) as response:
        assert response.status == 403 and (await response.json())["code"] == 50001


async def test_an_enforced_nonce_creates_the_message_once(fake, http):
    channel = next(iter(fake.world.guilds.values())).text_channel
    url = f"/api/v10/channels/{channel.id}/messages"
    body = {"content": "owed", "nonce": "post-7", "enforce_nonce": True}
    async with http.post(url, json=body) as response:
        first = await response.json()
    async with http.post(url, json=body) as response:
        again = await response.json()
    assert again["id"] == first["id"] and first["nonce"] == "post-7"
    async with http.post(url, json={**body, "enforce_nonce": False}) as response:
        assert (await response.json())["id"] != first["id"]  # not enforced: a new message
    assert len(fake.messages_in(channel)) == 2


async def test_an_enforced_nonce_is_kept_for_two_minutes_only() -> None:
    from testing.fakediscord import ManualClock
    from testing.fakediscord.world import NONCE_SECONDS

    async with FakeDiscord(clock=ManualClock()) as fake:
        channel = fake.add_guild("Test Server").text_channel
        headers = {"Authorization": f"Bot {fake.token}"}
        url = f"/api/v10/channels/{channel.id}/messages"
        body = {"content": "owed", "nonce": "post-8", "enforce_nonce": True}
        async with aiohttp.ClientSession(base_url=fake.base_url, headers=headers) as http:
            async with http.post(url, json=body) as response:
                first = await response.json()
            fake.advance_clock(NONCE_SECONDS)
            async with http.post(url, json=body) as response:
                assert (await response.json())["id"] == first["id"]  # still within the window
            fake.advance_clock(1)
            async with http.post(url, json=body) as response:
                later = await response.json()  # Discord has forgotten the nonce: posted again
        assert later["id"] != first["id"] and len(fake.messages_in(channel)) == 2


async def test_a_held_request_wakes_whoever_waits_for_it(fake, http):
    held = fake.hold("GET /users/@me")
    asking = asyncio.ensure_future(http.get("/api/v10/users/@me"))
    # Nothing else happens in the fake while the request waits, so only the hit itself can
    # wake this wait; the outer bound turns a wait that sleeps through it into a failure.
    waiting = fake.world.wait_until(lambda: held.hits, timeout=10 * WAIT, what="the held request")
    (request,) = await asyncio.wait_for(waiting, timeout=WAIT)
    assert request.status == 0 and not asking.done()  # held: not answered yet
    held.release()
    async with await asking as response:
        assert response.status == 200


async def test_stopping_the_fake_answers_a_held_request_before_it_returns():
    # A test that holds a request and then ends (say, with the bot killed mid-request) must not
    # leave the server waiting for it: stop() releases every hold, so the request is answered
    # as usual and the server closes without waiting out its shutdown grace (a minute).
    fake = await FakeDiscord().start()
    held = fake.hold("GET /users/@me")
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession(base_url=fake.base_url, headers=headers) as http:
        asking = asyncio.ensure_future(http.get("/api/v10/users/@me"))
        (request,) = await fake.world.wait_until(lambda: held.hits, what="the hold")
        assert request.status == 0  # held: not answered yet
        # The bound only keeps a failure short; aiohttp would wait 60 s for the held request.
        await asyncio.wait_for(fake.stop(), timeout=10)
        assert request.status == 200  # answered by the fake before stop() returned
        async with await asking as response:
            assert response.status == 200
            assert (await response.json())["id"] == str(fake.bot_user.id)


def test_an_event_goes_to_the_shard_of_the_server_it_is_about() -> None:
    assert guild_of_event("GUILD_CREATE", {"id": "7", "name": "x"}) == 7  # the server itself
    member = {"guild_id": "5", "user": {"id": "9"}, "roles": []}
    assert guild_of_event("GUILD_MEMBER_UPDATE", member) == 5  # about a server's member
    assert guild_of_event("GUILD_ROLE_DELETE", {"guild_id": "5", "role_id": "3"}) == 5
    assert guild_of_event("MESSAGE_CREATE", {"id": "1", "guild_id": "5"}) == 5
    assert guild_of_event("MESSAGE_CREATE", {"id": "1"}) is None  # a direct message


async def _identify(session: aiohttp.ClientSession, fake: FakeDiscord):
    ws = await session.ws_connect(fake.gateway_url + "?v=10&encoding=json")
    await _receive(ws)  # HELLO
    await ws.send_json({"op": 2, "d": {"token": fake.token, "intents": 513, "shard": [0, 1]}})
    assert (await _receive(ws))["t"] == "READY"
    assert (await _receive(ws))["t"] == "GUILD_CREATE"
    return ws


async def test_two_sessions_of_one_shard_each_hear_an_interaction_delivered_twice(fake, http):
    guild = next(iter(fake.world.guilds.values()))
    alice = next(u for u in fake.world.users.values() if u.name == "alice")
    fake.world.commands[guild.id] = [{"id": "1", "name": "ping", "type": 1, "options": []}]
    async with aiohttp.ClientSession() as session:
        first, second = await _identify(session, fake), await _identify(session, fake)
        handle = await fake.send_slash_command(alice, guild.text_channel, "ping")
        await fake.redeliver(handle)
        for ws in (first, second):  # both processes hear it, twice
            heard = [await _receive(ws) for _ in range(2)]
            assert [event["d"]["id"] for event in heard] == [str(handle.id)] * 2
        await first.close()
        await second.close()
    url = f"/api/v10/interactions/{handle.id}/{handle.token}/callback"
    answer = {"type": 4, "data": {"content": "pong"}}
    async with http.post(url, json=answer) as response:
        assert response.ok
    async with http.post(url, json=answer) as response:
        assert response.status == 400
        assert (await response.json())["code"] == 40060  # Interaction has already been ...


async def test_the_bot_may_archive_its_thread_but_not_lock_or_delete_it_without_manage_threads(
    fake, http
):
    from testing.fakediscord import MANAGE_THREADS

    guild = next(iter(fake.world.guilds.values()))
    parent = f"/api/v10/channels/{guild.text_channel.id}"
    async with http.post(f"{parent}/threads", json={"name": "a game", "type": 11}) as response:
        thread = f"/api/v10/channels/{(await response.json())['id']}"
    forbidden = {"message": "Missing Permissions", "code": 50013}
    async with http.delete(thread) as response:  # Manage Threads, which the invite lacks
        assert response.status == 403 and await response.json() == forbidden
    async with http.patch(thread, json={"archived": True, "locked": True}) as response:
        assert response.status == 403 and await response.json() == forbidden
    async with http.patch(thread, json={"archived": True}) as response:  # its creator may
        assert response.status == 200
        assert (await response.json())["thread_metadata"]["archived"] is True
    fake.grant_bot(guild, MANAGE_THREADS)  # an admin gives the bot a role with it
    async with http.patch(thread, json={"locked": True}) as response:
        assert response.status == 200
        assert (await response.json())["thread_metadata"]["locked"] is True
    async with http.delete(thread) as response:
        assert response.status == 200
    assert guild.threads == []
    async with http.get(thread) as response:
        assert response.status == 404 and (await response.json())["code"] == 10003


async def test_the_original_response_can_be_read_with_the_token_for_fifteen_minutes() -> None:
    from testing.fakediscord import ManualClock

    async with FakeDiscord(clock=ManualClock()) as fake:
        guild = fake.add_guild("Test Server")
        alice = fake.add_user("alice")
        fake.world.commands[guild.id] = [{"id": "1", "name": "ping", "type": 1, "options": []}]
        async with aiohttp.ClientSession(base_url=fake.base_url) as http:
            ws = await _identify(http, fake)
            handle = await fake.send_slash_command(alice, guild.text_channel, "ping")
            original = f"/api/v10/webhooks/{fake.application_id}/{handle.token}/messages/@original"
            async with http.get(original) as response:  # no answer yet
                assert response.status == 404 and (await response.json())["code"] == 10015
            callback = f"/api/v10/interactions/{handle.id}/{handle.token}/callback"
            async with http.post(callback, json={"type": 4, "data": {"content": "pong"}}):
                pass
            async with http.get(original) as response:
                assert response.status == 200
                assert (await response.json())["id"] == str(handle.original.id)
            fake.advance_clock(15 * 60 + 1)
            async with http.get(original) as response:  # the token has expired
                assert response.status == 401 and (await response.json())["code"] == 50027
            await ws.close()


async def test_a_held_answer_is_acted_on_at_once_and_answered_on_release(fake, http):
    channel = next(iter(fake.world.guilds.values())).text_channel
    held = fake.hold_answer("POST /channels/*/messages")
    url = f"/api/v10/channels/{channel.id}/messages"
    sending = asyncio.ensure_future(http.post(url, json={"content": "a1 c1"}))
    posted = await fake.wait_for_message(channel, check=lambda m: m.content == "a1 c1")
    assert held.hits and not sending.done()  # Discord has it; its sender does not know
    held.release()
    async with await sending as response:
        assert response.status == 200 and (await response.json())["id"] == str(posted.id)
