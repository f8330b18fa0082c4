"""The real bot against the fake Discord: a world with a server, a channel and three players."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord.app import GameBot
from testing.e2ekit import World, running
from testing.fakediscord import VIEW_CHANNEL, FakeChannel, FakeDiscord
from testing.servicekit import FakeClock


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Spieleabend", locale="en-US")
        world = World(
            fake,
            guild,
            guild.text_channel,
            fake.add_user("alice", locale="en-US"),
            fake.add_user("bob", locale="de"),
            fake.add_user("carol", locale="fr"),
            tmp_path / "data" / "bot.sqlite3",
            FakeClock(),
        )
        yield world
        if world.strict:
            await fake.check_acknowledgements()
        fake.assert_no_unknown_routes()


@pytest.fixture
async def bot(world: World) -> AsyncIterator[GameBot]:
    async with running(world) as client:
        yield client


@pytest.fixture
async def secret(world: World) -> FakeChannel:
    """A channel only alice, bob and the bot may view (a test that needs it asks for it
    before the bot starts, so that the bot's cache knows it)."""
    fake = world.fake
    channel = fake.add_text_channel(world.guild, "secret")
    insiders = await fake.add_role(world.guild, "insiders", members=[world.alice, world.bob])
    await fake.set_overwrite(channel, world.guild.roles[0], deny=VIEW_CHANNEL)  # @everyone
    await fake.set_overwrite(channel, insiders, allow=VIEW_CHANNEL)
    await fake.set_overwrite(channel, fake.bot_user, allow=VIEW_CHANNEL)
    return channel
