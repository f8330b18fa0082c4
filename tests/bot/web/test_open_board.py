"""The Activity from Discord's side (issue 47), against the fake: Open board answers with
LAUNCH_ACTIVITY and opens (or joins) the channel's Activity instance; the sync keeps the Entry
Point command that `tree.sync()` would drop (50240)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord.activity import OpenBoardButton, sync_commands
from testing.fakediscord import FakeDiscord, InProcessBot


class Launcher(discord.Client):
    """A client with the Open board button and one command, as the bot has them."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none())
        self.tree: app_commands.CommandTree[Any] = app_commands.CommandTree(self)

        @self.tree.command(name="ping", description="Ping")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong")

    async def setup_hook(self) -> None:
        self.add_dynamic_items(OpenBoardButton)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as found:
        yield found


@pytest.fixture
async def client(fake: FakeDiscord) -> AsyncIterator[Launcher]:
    runner = InProcessBot(fake, Launcher)
    started = await runner.start()
    assert isinstance(started, Launcher)
    try:
        yield started
    finally:
        await runner.stop()


async def test_open_board_launches_the_channels_activity(
    fake: FakeDiscord, client: Launcher
) -> None:
    fake.activities.enable()
    guild = fake.add_guild("Spieleabend")
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    channel = client.get_partial_messageable(guild.text_channel.id, guild_id=guild.id)
    buttons = discord.ui.View(timeout=None).add_item(OpenBoardButton(7, "Open board"))
    sent = await channel.send("a board", view=buttons)
    message = fake.world.message(guild.text_channel, str(sent.id))
    first = await (await fake.press_button(alice, message, "board:7"))
    assert first.response_type == 12
    second = await fake.press_button(bob, message, "board:7")
    await second
    assert second.activity_instance_id == fake.handles[0].activity_instance_id  # one per channel
    instance = fake.world.activities.instances[second.activity_instance_id or ""]
    assert instance.users == {alice.id, bob.id} and instance.channel is guild.text_channel
    await fake.check_acknowledgements()


async def test_the_sync_keeps_the_entry_point_that_tree_sync_drops(
    fake: FakeDiscord, client: Launcher
) -> None:
    entry = fake.activities.enable()
    with pytest.raises(discord.HTTPException) as refused:
        await client.tree.sync()
    assert refused.value.code == 50240
    assert [c["name"] for c in fake.commands()] == ["launch"]
    synced = await sync_commands(client.tree)
    assert sorted(
        (c.name, c.type.value if hasattr(c.type, "value") else c.type) for c in synced
    ) == [
        ("launch", 4),
        ("ping", 1),
    ]
    launch = next(c for c in fake.commands() if c["name"] == "launch")
    assert launch["id"] == entry["id"] and launch["handler"] == 2


async def test_without_activities_the_sync_is_tree_syncs(
    fake: FakeDiscord, client: Launcher
) -> None:
    synced = await sync_commands(client.tree)
    assert [command.name for command in synced] == ["ping"]
    assert [c["name"] for c in fake.commands()] == ["ping"]
