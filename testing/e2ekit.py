"""The world of the end-to-end tests: the fake Discord, a server, a channel, three players."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bot.computer.search import ProcessSearch, Worker
from bot.computer.thinking import think
from bot.discord.app import GameBot, open_bot
from bot.games import GAMES, Registry
from bot.settings import Settings
from testing.fakediscord import (
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeUser,
    InProcessBot,
    InteractionResult,
)
from testing.servicekit import CountingSeeds, FakeClock
from testing.workers import WatchedSearch


@dataclass
class World:
    """The fake, its server and channel, and three users with their Discord languages."""

    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser  # English
    bob: FakeUser  # German
    carol: FakeUser  # French
    database: Path
    clock: FakeClock
    strict: bool = True  # check at the end that every interaction was answered in time
    think_seconds: float = 0.2  # the computer's time per move: short, and level easy in tests
    worker: Worker = think  # the computer's search (a module-level function: it is pickled)
    search: WatchedSearch = field(default_factory=WatchedSearch)  # the last bot's, watched
    registry: Registry = GAMES  # the games the bot offers

    def settings(self) -> Settings:
        return Settings(
            token=self.fake.token,
            database_path=self.database,
            dev_guild_id=self.guild.id,
            api_base=self.fake.api_base,
            gateway_url=self.fake.gateway_url,
            ai_think_seconds=self.think_seconds,
        )

    def open_bot(self) -> AbstractAsyncContextManager[GameBot]:
        """The real bot with its database, the test's clock, seeds and search (`worker` in a
        process, watched as `search`), waiting little for guilds."""
        self.search = WatchedSearch(ProcessSearch(self.worker))
        return open_bot(
            self.settings(),
            clock=self.clock,
            seeds=CountingSeeds(),
            search=self.search,
            registry=self.registry,
            guild_ready_timeout=0.05,
        )


async def run(
    world: World, user: FakeUser, name: str, options: dict | None = None, channel=None
) -> InteractionResult:
    """A slash command, answered within 3 seconds (the fixture checks the acknowledgement)."""
    handle = await world.fake.send_slash_command(
        user, channel or world.channel, name, options or {}
    )
    return await handle


@asynccontextmanager
async def running(world: World) -> AsyncIterator[GameBot]:
    """The bot as `world` makes it now (its search and thinking time may differ per test)."""
    async with world.open_bot() as bot:
        runner = InProcessBot(world.fake, lambda: bot)
        await runner.start()
        await world.fake.wait_commands_synced(world.guild)
        try:
            yield bot
        finally:
            await runner.stop()


async def everywhere(world: World, bot: GameBot) -> None:
    """Sync `bot`'s commands globally too, with the installs and contexts each declares: the
    only scope where Discord takes them (developers/docs/interactions/application-commands
    #contexts), so the only one that reaches DMs, group DMs and servers without the bot."""
    syncs = world.fake.world.command_syncs.count(None)
    await bot.tree.sync()
    await world.fake.wait_commands_synced(count=syncs + 1)
