"""The fake computes a member's permissions in a channel as Discord documents it (roles, then the
overwrites of @everyone, of the member's roles and of the member), and its interactions carry
them; nicknames are per server."""

from __future__ import annotations

import aiohttp
import pytest

from testing.fakediscord import (
    ATTACH_FILES,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    FakeDiscord,
    FakeGuild,
)
from testing.fakediscord.interactions import InteractionType, envelope, new_handle
from testing.fakediscord.models import MANAGE_THREADS, ChannelType
from testing.fakediscord.permissions import ADMINISTRATOR, EVERY_PERMISSION


@pytest.fixture
async def fake():
    async with FakeDiscord() as fake:
        fake.add_guild("Test Server")
        yield fake


def guild_of(fake: FakeDiscord) -> FakeGuild:
    return next(iter(fake.world.guilds.values()))


async def test_overwrites_apply_in_discords_order(fake: FakeDiscord) -> None:
    guild = guild_of(fake)
    alice, bob, carol = (fake.add_user(name) for name in ("alice", "bob", "carol"))
    secret = fake.add_text_channel(guild, "secret")
    insiders = await fake.add_role(guild, "insiders", members=[alice, bob])
    everyone = guild.roles[0]
    await fake.set_overwrite(secret, everyone, deny=VIEW_CHANNEL)
    await fake.set_overwrite(secret, insiders, allow=VIEW_CHANNEL)
    await fake.set_overwrite(secret, bob, deny=VIEW_CHANNEL)  # the member's own comes last
    assert fake.permissions_in(secret, alice) & VIEW_CHANNEL
    assert fake.permissions_in(secret, bob) == 0  # without View Channel, nothing at all
    assert fake.permissions_in(secret, carol) == 0
    assert fake.permissions_in(guild.text_channel, carol) & SEND_MESSAGES
    assert fake.permissions_in(secret, fake.world.owner) == EVERY_PERMISSION
    await fake.add_role(guild, "admins", ADMINISTRATOR, members=[carol])
    assert fake.permissions_in(secret, carol) == EVERY_PERMISSION


async def test_a_role_deny_loses_to_another_roles_allow(fake: FakeDiscord) -> None:
    guild = guild_of(fake)
    alice = fake.add_user("alice")
    muted = await fake.add_role(guild, "muted", members=[alice])
    helpers = await fake.add_role(guild, "helpers", members=[alice])
    await fake.set_overwrite(guild.text_channel, muted, deny=ATTACH_FILES)
    await fake.set_overwrite(guild.text_channel, helpers, allow=ATTACH_FILES)
    assert fake.permissions_in(guild.text_channel, alice) & ATTACH_FILES


async def test_a_thread_takes_its_parents_permissions(fake: FakeDiscord) -> None:
    guild = guild_of(fake)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    secret = fake.add_text_channel(guild, "secret")
    await fake.set_overwrite(secret, bob, deny=VIEW_CHANNEL)
    public = fake.world.create_thread(
        secret, "a game", kind=ChannelType.PUBLIC_THREAD, owner=fake.bot_user
    )
    private = fake.world.create_thread(
        guild.text_channel, "aside", kind=ChannelType.PRIVATE_THREAD, owner=fake.bot_user
    )
    assert fake.permissions_in(public, alice) & VIEW_CHANNEL
    assert fake.permissions_in(public, bob) == 0
    assert fake.permissions_in(private, alice) == 0  # not one of its members
    private.member_ids.add(alice.id)
    assert fake.permissions_in(private, alice) & VIEW_CHANNEL
    assert fake.world.bot_permissions_in(private) & VIEW_CHANNEL  # its creator is a member
    assert not fake.world.bot_permissions_in(private) & MANAGE_THREADS  # not by its invite


async def test_interactions_carry_the_members_permissions_in_their_channel(
    fake: FakeDiscord,
) -> None:
    guild = guild_of(fake)
    alice = fake.add_user("alice")
    await fake.set_overwrite(guild.text_channel, alice, deny=ATTACH_FILES)
    handle = new_handle(
        fake.world,
        InteractionType.APPLICATION_COMMAND,
        "/x",
        alice,
        guild.text_channel,
        deadline=3,
    )
    payload = envelope(handle, {}, locale="en-US")
    expected = fake.permissions_in(guild.text_channel, alice)
    assert not expected & ATTACH_FILES and expected & SEND_MESSAGES
    assert payload["member"]["permissions"] == str(expected)
    assert payload["channel"]["permissions"] == str(expected)
    assert payload["app_permissions"] == str(fake.world.bot_permissions_in(guild.text_channel))


async def test_nobody_acts_in_a_channel_they_cannot_see(fake: FakeDiscord) -> None:
    guild = guild_of(fake)
    alice = fake.add_user("alice")
    await fake.set_overwrite(guild.text_channel, alice, deny=VIEW_CHANNEL)
    with pytest.raises(PermissionError, match="alice cannot see #general"):
        await fake.send_slash_command(alice, guild.text_channel, "anything")


async def test_a_nickname_is_one_servers(fake: FakeDiscord) -> None:
    first = guild_of(fake)
    second = fake.add_guild("Other Server")
    alice = fake.add_user("alice", guilds=[first])
    fake.add_member(second, alice, nick="Zed")
    fake.set_nickname(first, alice, "Ally")
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession(base_url=fake.base_url, headers=headers) as http:
        for guild, nick in ((first, "Ally"), (second, "Zed")):
            async with http.get(f"/api/v10/guilds/{guild.id}/members/{alice.id}") as response:
                member = await response.json()
            assert member["nick"] == nick and member["user"]["global_name"] == "Alice"
        fake.world.guilds[second.id].members.pop(alice.id)  # she leaves the second server
        async with http.get(f"/api/v10/guilds/{second.id}/members/{alice.id}") as response:
            assert response.status == 404 and (await response.json())["code"] == 10007
