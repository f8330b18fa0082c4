"""The world of the end-to-end tests: the fake Discord, a server, a channel, three players."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.computer.review import review_turn
from bot.computer.search import ProcessSearch, Worker
from bot.computer.thinking import think
from bot.discord.app import GameBot, open_bot
from bot.games import GAMES, Registry
from bot.runtime.analyst import Reviewer
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
    review_seconds: float = 0.02  # an analysis's budget per turn: tiny, to keep tests fast
    reviewer: Reviewer = review_turn  # the review of a turn (module level: it is pickled)
    analyses_per_day: int = 5  # ANALYSES_PER_DAY
    rules_url: str | None = None  # RULES_URL

    def settings(self) -> Settings:
        return Settings(
            token=self.fake.token,
            database_path=self.database,
            dev_guild_id=self.guild.id,
            api_base=self.fake.api_base,
            gateway_url=self.fake.gateway_url,
            ai_think_seconds=self.think_seconds,
            analyses_per_day=self.analyses_per_day,
            rules_url=self.rules_url,
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
            review_seconds=self.review_seconds,
            reviewer=self.reviewer,
            guild_ready_timeout=0.05,
        )


async def run(
    world: World,
    user: FakeUser,
    name: str,
    options: Mapping[str, Any] | None = None,
    channel: FakeChannel | None = None,
    *,
    modified_client: bool = False,
) -> InteractionResult:
    """A slash command, answered within 3 seconds (the fixture checks the acknowledgement);
    from a `modified_client`, with values outside its options' choices or bounds."""
    handle = await world.fake.send_slash_command(
        user, channel or world.channel, name, options or {}, modified_client=modified_client
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


@dataclass
class Anywhere(World):
    """The e2e world with places where the bot only answers: a group DM (`group`) and a server
    that has not added it (`away`), both with alice, bob and (unless left out) carol; only alice
    installed the app, as a player who types commands there must (the others play by buttons)."""

    group: FakeChannel = field(init=False)
    away: FakeGuild = field(init=False)


@asynccontextmanager
async def anywhere(
    database: Path,
    *,
    carol: bool = True,
    refused_posts: Callable[[FakeDiscord], set[str]] = lambda fake: set(),
) -> AsyncIterator[Anywhere]:
    """An `Anywhere` world (carol in neither place when `carol` is False). On leaving, every
    interaction must have been answered in time and the bot must have called no route Discord
    refuses it there (401, 403), but for POSTs to the paths `refused_posts` names (direct
    messages a test expects to be refused, say)."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Spieleabend", locale="en-US")
        alice, bob = fake.add_user("alice"), fake.add_user("bob", locale="de")
        third = fake.add_user("carol", locale="fr")
        world = Anywhere(fake, guild, guild.text_channel, alice, bob, third, database, FakeClock())
        players = (alice, bob, third) if carol else (alice, bob)
        world.group = fake.add_group_dm(*players, name="group")
        world.away = fake.add_guild("Away", bot=False)
        for user in players:
            fake.add_member(world.away, user)
        fake.install_for_user(alice)
        yield world
        if world.strict:
            await fake.check_acknowledgements()
        fake.assert_no_unknown_routes()
        expected = refused_posts(fake)
        refused = [
            f"{r.method} {r.path}"
            for r in fake.requests
            if r.status in (401, 403) and not (r.method == "POST" and r.path in expected)
        ]
        assert refused == [], "the bot called a route Discord refuses it there"


async def due_round(bot: GameBot) -> None:
    """What the bot does when its background tasks wake: apply what fell due (the scheduler),
    then deliver every post that is due (the deliverer), once the deliveries under way (a
    command's answer and the posts after it) are done."""
    await bot.deliverer.idle()
    await bot.scheduler.run_round()
    await bot.deliverer.run_round()
