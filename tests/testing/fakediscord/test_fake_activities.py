"""The fake's Activities answer as Discord's documentation says: the code exchange (one use,
the app's own client), the bearer user, activity instances for the bot only (404 for unknown),
and the 50240 refusal of a global bulk overwrite that leaves out the Entry Point command."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from testing.fakediscord import FakeDiscord


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as found:
        found.activities.enable()
        yield found


async def exchange(
    http: aiohttp.ClientSession, fake: FakeDiscord, code: str, **form: str
) -> aiohttp.ClientResponse:
    data = {
        "client_id": str(fake.application_id),
        "client_secret": fake.world.activities.client_secret,
        "grant_type": "authorization_code",
        "code": code,
        **form,
    }
    return await http.post(f"{fake.api_base}/oauth2/token", data=data)


async def test_a_code_is_exchanged_once_by_the_apps_own_client(fake: FakeDiscord) -> None:
    user = fake.add_user("alice", locale="nl")
    code = fake.activities.mint_code(user)
    async with aiohttp.ClientSession() as http:
        wrong = await exchange(http, fake, code, client_secret="not-the-secret")
        assert wrong.status == 401 and (await wrong.json())["error"] == "invalid_client"
        fine = await exchange(http, fake, fake.activities.mint_code(user))
        token = (await fine.json())["access_token"]
        assert fine.status == 200
        again = await exchange(http, fake, code)
        assert again.status == 200  # the refused client used the code up not
        used = await exchange(http, fake, code)
        assert used.status == 400 and (await used.json())["error"] == "invalid_grant"
        me = await http.get(
            f"{fake.api_base}/users/@me", headers={"Authorization": f"Bearer {token}"}
        )
        assert me.status == 200 and (await me.json())["id"] == str(user.id)
        assert (await me.json())["locale"] == "nl"
        forged = await http.get(
            f"{fake.api_base}/users/@me", headers={"Authorization": "Bearer nope"}
        )
        assert forged.status == 401


async def test_instances_are_the_bots_to_read_and_unknown_ones_are_404(fake: FakeDiscord) -> None:
    guild = fake.add_guild("Spieleabend")
    user = fake.add_user("alice")
    instance = fake.activities.launch(user, guild.text_channel)
    path = f"{fake.api_base}/applications/{fake.application_id}/activity-instances"
    bot = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as http:
        found = await http.get(f"{path}/{instance.instance_id}", headers=bot)
        body = await found.json()
        assert body["location"] == {
            "id": f"gc-{guild.text_channel.id}",
            "kind": "gc",
            "channel_id": str(guild.text_channel.id),
            "guild_id": str(guild.id),
        }
        assert body["users"] == [str(user.id)]
        assert (await http.get(f"{path}/nothing", headers=bot)).status == 404
        assert (await http.get(f"{path}/{instance.instance_id}")).status == 401
    fake.activities.leave(user, instance)
    assert instance.instance_id not in fake.world.activities.instances  # ended with its last user
    assert fake.activities.launch(user, guild.text_channel).instance_id != instance.instance_id


async def test_a_bulk_overwrite_must_keep_the_entry_point(fake: FakeDiscord) -> None:
    entry = next(c for c in fake.commands() if c["type"] == 4)
    assert entry["name"] == "launch" and entry["handler"] == 2
    path = f"{fake.api_base}/applications/{fake.application_id}/commands"
    bot = {"Authorization": f"Bot {fake.token}"}
    ping = {"name": "ping", "description": "Ping", "type": 1}
    async with aiohttp.ClientSession() as http:
        refused = await http.put(path, json=[ping], headers=bot)
        assert refused.status == 400 and (await refused.json())["code"] == 50240
        assert fake.commands() == [entry]  # nothing changed
        kept = await http.put(
            path, json=[ping, {"name": "launch", "type": 4, "handler": 2}], headers=bot
        )
        assert kept.status == 200
    stored = {c["name"]: c for c in fake.commands()}
    assert stored["launch"]["id"] == entry["id"] and stored["ping"]["type"] == 1
