"""A user-installable app against the fake: contexts and install owners as discord.py reads them,
commands only for installers, buttons and modals for anyone, and what Discord refuses an app
where its bot is absent (the rules of `testing.fakediscord.installs`)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import aiohttp
import pytest

from testing.fakediscord import (
    CommandUnavailableError,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeUser,
    InProcessBot,
)
from testing.fakediscord.installs import PRIVATE_APP_PERMISSIONS
from testing.fakediscord.sample_anywhere import AnywhereBot

GUILD, BOT_DM, PRIVATE = (True, False, False), (False, True, False), (False, False, True)


@dataclass
class Places:
    """A server with the bot, one without it, a DM and a group DM between people."""

    fake: FakeDiscord
    bot: AnywhereBot
    home: FakeGuild
    away: FakeGuild
    alice: FakeUser  # installed the app
    bob: FakeUser  # did not
    carol: FakeUser  # did not
    dm: FakeChannel
    group: FakeChannel


@asynccontextmanager
async def places() -> AsyncIterator[Places]:
    async with FakeDiscord() as fake:
        home = fake.add_guild("Home")
        away = fake.add_guild("Away", bot=False)
        alice, bob, carol = (fake.add_user(name) for name in ("alice", "bob", "carol"))
        fake.install_for_user(alice)
        dm, group = fake.add_dm(alice, bob), fake.add_group_dm(alice, bob, carol, name="trio")
        async with InProcessBot(fake, AnywhereBot) as client:
            assert isinstance(client, AnywhereBot)
            await fake.wait_commands_synced()
            yield Places(fake, client, home, away, alice, bob, carol, dm, group)
            await fake.check_acknowledgements()
            fake.assert_no_unknown_routes()


@pytest.fixture
async def world() -> AsyncIterator[Places]:
    async with places() as built:
        yield built


async def test_interactions_carry_context_and_install_owners_that_discord_py_reads(world):
    fake, alice, bob = world.fake, world.alice, world.bob
    await fake.send_slash_command(bob, world.home.text_channel, "where")
    await fake.send_slash_command(alice, world.home.text_channel, "where")
    await fake.send_slash_command(bob, fake.dm_channel(bob), "where")
    await fake.send_slash_command(alice, world.group, "where")
    await fake.send_slash_command(alice, world.away.text_channel, "where")
    for handle in fake.handles:
        await handle
    home, both, bot_dm, group, away = world.bot.seen
    assert (home.context, home.guild_integration, home.user_integration) == (GUILD, True, False)
    assert home.owners == {0: world.home.id}
    assert both.owners == {0: world.home.id, 1: alice.id} and both.user_integration
    assert (bot_dm.context, bot_dm.owners) == (BOT_DM, {0: 0})
    assert (group.context, group.guild_integration, group.user_integration) == (
        PRIVATE,
        False,
        True,
    )
    assert group.owners == {1: alice.id} and group.app_permissions == PRIVATE_APP_PERMISSIONS
    assert (away.context, away.guild_integration, away.owners) == (GUILD, False, {1: alice.id})
    assert world.bot.get_guild(world.away.id) is None  # no GUILD_CREATE where it is not


async def test_user_contexts_offer_commands_only_to_installers_and_user_install_commands(world):
    fake = world.fake
    for place in (world.dm, world.group, world.away.text_channel):
        with pytest.raises(CommandUnavailableError, match="did not install"):
            await fake.send_slash_command(world.bob, place, "where")
        with pytest.raises(CommandUnavailableError, match="integration_types"):
            await fake.send_slash_command(world.alice, place, "serveronly")
    # Where the bot is, a command installed to the server serves everyone.
    served = await (await fake.send_slash_command(world.bob, world.home.text_channel, "serveronly"))
    assert served.content == "server"
    with pytest.raises(PermissionError):  # carol is not in the DM between alice and bob
        await fake.send_slash_command(world.carol, world.dm, "where")
    assert len(fake.handles) == 1


async def test_anyone_who_sees_a_message_presses_its_button_and_submits_its_modal(world):
    fake, alice, bob = world.fake, world.alice, world.bob
    board = (await (await fake.send_slash_command(alice, world.group, "where"))).message
    first = await fake.press_button(bob, board, "anywhere:move")
    again = await fake.press_button(bob, board, "anywhere:move")
    opened = await first
    assert opened.modal is not None and first.token != again.token
    with pytest.raises(ValueError, match="no options"):
        await fake.submit_modal(first, {"picked": ["z9"]})
    submitted = await fake.submit_modal(first, {"picked": ["b2"]})
    answer = await submitted
    assert answer.content == "bob played b2" and not answer.ephemeral
    assert submitted.token not in (first.token, again.token)
    await again
    pressed = [seen for seen in world.bot.seen if seen.user_id == bob.id]
    # The press carries the installer's owners: discord.py says it is no user integration.
    assert {(s.context, s.user_integration) for s in pressed} == {(PRIVATE, False)}
    assert all(s.owners == {1: alice.id} for s in pressed)


@pytest.mark.parametrize("place", ["dm", "group", "away"])
async def test_channel_routes_answer_50001_where_the_bot_is_absent(world, place):
    fake = world.fake
    channel = world.away.text_channel if place == "away" else getattr(world, place)
    answer = await (await fake.send_slash_command(world.alice, channel, "post"))
    # The channel refused the post; the interaction's own routes answered.
    assert answer.content == f"refused 403/50001, {world.alice.mention}"
    refused = fake.requests_to(f"POST /channels/{channel.id}/messages")
    assert [r.status for r in refused] == [403]


async def test_where_the_bot_is_its_channel_post_works(world):
    answer = await (await world.fake.send_slash_command(world.bob, world.home.text_channel, "post"))
    assert answer.content.startswith("posted")


async def test_a_deferred_answer_edited_with_a_mention_pings_nobody(world):
    answer = await (await world.fake.send_slash_command(world.alice, world.group, "post"))
    assert world.alice.mention in answer.content and answer.message.pinged == []


async def test_the_sixth_followup_of_a_user_only_install_gets_40094(world):
    fake = world.fake
    limited = await fake.send_slash_command(world.alice, world.group, "chatty", {"count": 6})
    await limited.wait_for_messages(6)
    await fake.world.wait_until(lambda: world.bot.codes, what="the refusal")
    assert world.bot.codes == [40094] and len(limited.followups) == 5
    # Where the app is installed to the server, there is no such limit.
    both = await fake.send_slash_command(
        world.alice, world.home.text_channel, "chatty", {"count": 6}
    )
    await both.wait_for_messages(7)
    assert world.bot.codes == [40094]


async def test_a_server_that_forbids_external_apps_makes_answers_ephemeral(world):
    fake, channel = world.fake, world.away.text_channel
    await fake.forbid_external_apps(channel)
    answer = await (await fake.send_slash_command(world.alice, channel, "where"))
    assert answer.ephemeral and fake.messages_in(channel) == []
    # Where the app is installed to the server too, the permission does not apply.
    await fake.forbid_external_apps(world.home.text_channel)
    home = await (await fake.send_slash_command(world.alice, world.home.text_channel, "where"))
    assert not home.ephemeral


@pytest.fixture
async def bare() -> AsyncIterator[tuple[FakeDiscord, aiohttp.ClientSession]]:
    async with FakeDiscord() as fake:
        fake.add_guild("Home")
        headers = {"Authorization": f"Bot {fake.token}"}
        async with aiohttp.ClientSession(base_url=fake.base_url, headers=headers) as http:
            yield fake, http


async def _dm_post(http: aiohttp.ClientSession, user: FakeUser) -> tuple[int, int | None]:
    async with http.post("/api/v10/users/@me/channels", json={"recipient_id": str(user.id)}) as r:
        assert r.status == 200  # opening the DM works; posting in it may not
        channel = (await r.json())["id"]
    async with http.post(f"/api/v10/channels/{channel}/messages", json={"content": "hi"}) as r:
        return r.status, (await r.json()).get("code")


async def test_a_dm_reaches_only_users_sharing_a_server_with_open_dms(bare):
    fake, http = bare
    member, closed = fake.add_user("member"), fake.add_user("closed")
    closed.dms_open = False
    stranger = fake.add_user("stranger", guilds=[])
    fake.install_for_user(stranger)  # installing the app makes no mutual server
    assert await _dm_post(http, member) == (200, None)
    assert await _dm_post(http, closed) == (403, 50007)
    assert await _dm_post(http, stranger) == (403, 50278)


async def test_contexts_and_install_types_count_on_global_commands_only(bare):
    fake, http = bare
    away = fake.add_guild("Away", bot=False)
    home = next(iter(fake.world.guilds.values()))
    command = {"name": "where", "description": "x", "contexts": [2], "integration_types": [1]}
    app = f"/api/v10/applications/{fake.application_id}"
    async with http.put(f"{app}/guilds/{home.id}/commands", json=[command]) as response:
        (stored,) = await response.json()
        assert (stored["contexts"], stored["integration_types"]) == (None, [0])
    async with http.put(f"{app}/guilds/{away.id}/commands", json=[command]) as response:
        assert response.status == 403 and (await response.json())["code"] == 50001
    async with http.put(f"{app}/commands", json=[command]) as response:
        (stored,) = await response.json()
        assert (stored["contexts"], stored["integration_types"]) == ([2], [1])


async def test_the_bot_reads_no_channel_where_it_is_absent(bare):
    fake, http = bare
    away = fake.add_guild("Away", bot=False)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    for channel in (away.text_channel, fake.add_dm(alice, bob), fake.add_group_dm(alice, bob)):
        base = f"/api/v10/channels/{channel.id}"
        for method, path in (("GET", "/messages"), ("GET", ""), ("POST", "/threads")):
            async with http.request(method, base + path, json={"name": "t"}) as response:
                assert response.status == 403 and (await response.json())["code"] == 50001
    async with http.get(f"/api/v10/guilds/{away.id}") as response:
        assert response.status == 403
