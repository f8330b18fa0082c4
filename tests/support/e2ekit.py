"""The world of the end-to-end tests: the fake Discord, a server, a channel, three players."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeUser
from servicekit import CountingSeeds, FakeClock

from bot.app import GameBot
from bot.opponent import Worker
from bot.settings import Settings
from bot.thinking import think


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

    def settings(self) -> Settings:
        return Settings(
            token=self.fake.token,
            database_path=self.database,
            dev_guild_id=self.guild.id,
            api_base=self.fake.api_base,
            gateway_url=self.fake.gateway_url,
            ai_think_seconds=self.think_seconds,
        )

    def make_bot(self) -> GameBot:
        """The real bot, with the test's clock, seeds and search, waiting little for guilds."""
        return GameBot(
            self.settings(),
            clock=self.clock,
            seeds=CountingSeeds(),
            worker=self.worker,
            guild_ready_timeout=0.05,
        )
