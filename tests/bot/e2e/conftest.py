"""The real bot against the fake Discord: a world with a server, a channel and three players."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord.app import GameBot
from testing.e2ekit import World, running
from testing.fakediscord import FakeDiscord
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
