"""The discord.py client and everything around it, built and closed in one place.

As in discord.py's ``advanced_startup`` example, every resource is opened with ``async with``
and handed in: `open_bot` opens the database and the service (`bot.runtime.wiring`), hands the
service to the bot, and closes all of it in reverse order. The bot builds its parts at once (the
features' commands and buttons, the scribe and courier that draw and send the posts, the
deliverer, the scheduler, the computer opponent, the analyst), so nothing needs to ask whether
one was made, but sets them to work only in its start-up (`setup_hook`): they hear the
service's changes from then until `close`. `SyncClient` only registers the commands with Discord
(``python -m bot sync``), without a database. Everything about a game lives in the database,
never here.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager

import discord
from discord.ext import commands

from bot.computer.review import REVIEW_SECONDS, review_turn
from bot.computer.search import Search
from bot.discord import features
from bot.discord.activity import sync_commands
from bot.discord.kinds import KINDS
from bot.discord.posting.courier import Courier
from bot.discord.posting.scribe import Scribe
from bot.discord.shared.in_progress import InProgress
from bot.discord.shared.names import Names
from bot.discord.shared.sight import Sight
from bot.discord.shared.tree import GameTree
from bot.games import GAMES, Registry
from bot.i18n import CatalogueTranslator, include_games
from bot.runtime.analyst import Analyst, Reviewer
from bot.runtime.deliverer import Deliverer
from bot.runtime.opponent import ComputerOpponent
from bot.runtime.puzzler import Puzzler
from bot.runtime.scheduler import Scheduler
from bot.runtime.wiring import computer_id_of, computer_opponent, open_service
from bot.service import Clock, GameService, SeedSource, random_seed, utc_now
from bot.settings import Settings, SettingsError

log = logging.getLogger(__name__)

CLOSE_WAIT = 10.0
"""Seconds a stop waits for the interactions in progress to finish (their answers, and the posts
they owe after them) before it logs out."""


class GameBot(commands.Bot):
    """The bot: slash commands only, no privileged intents. Build it with `open_bot`: this
    class for one process that serves every server, `ShardedGameBot` for one of several."""

    def __init__(
        self,
        settings: Settings,
        service: GameService,
        *,
        search: Search | None = None,
        review_seconds: float = REVIEW_SECONDS,
        reviewer: Reviewer = review_turn,
        **options: object,
    ) -> None:
        # Only the server cache (names of channels, the server's language): interactions arrive
        # without any intent, and message events would only cost traffic.
        shards = settings.shards
        if shards is not None:  # a `ShardedGameBot`: connect these shards only
            options = {**options, "shard_count": shards.count, "shard_ids": list(shards.ids)}
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=discord.Intents(guilds=True),
            tree_cls=GameTree,
            allowed_mentions=discord.AllowedMentions.none(),  # each message names its pings
            **options,  # type: ignore[arg-type]
        )
        self.settings = settings
        self.service = service
        self.names = Names(self)
        self.sight = Sight(self)  # who may see a game by its number
        # What draws the posts (with Open board where the board opens as an Activity).
        self.scribe = Scribe(
            self,
            service,
            self.names,
            activities=settings.activities,
            slots=features.button_slots(),
        )
        courier = Courier(self, service, self.scribe, KINDS, self.sight)  # what sends them
        self.deliverer = Deliverer(service, courier, service.clock, ready=self.wait_until_ready)
        self.scheduler = Scheduler(service, service.clock, ready=self.wait_until_ready)
        # A process with AI_WORKERS 0 leaves the computer's thinking to other processes (say,
        # `python -m bot worker`); it still posts the moves they make in its servers.
        self.opponent: ComputerOpponent | None = None
        if settings.ai_workers > 0:
            self.opponent = computer_opponent(
                settings,
                service,
                name=settings.process_name,
                search=search,  # by default the computer's own, in a process per move
                ready=self.wait_until_ready,
            )
        # Analyses of finished games: reviewed in the slots of the computer's moves, at low
        # priority.
        self.analyst = Analyst(
            service,
            slots=None if self.opponent is None else self.opponent.slots,
            name=settings.process_name,
            seconds=review_seconds,
            reviewer=reviewer,
            ready=self.wait_until_ready,
        )
        # Puzzles from finished games: below the analyses, in the same slots (issue 48).
        self.puzzler = Puzzler(
            service,
            slots=None if self.opponent is None else self.opponent.slots,
            name=settings.process_name,
            ready=self.wait_until_ready,
        )
        self._at_work = AsyncExitStack()  # what `setup_hook` sets to work, `close` stops
        # The interactions being handled: `close` waits for them; each, once answered, is
        # followed by what waits for its user there.
        self.in_progress = InProgress(after=self._answered)
        self._following: set[asyncio.Task[None]] = set()

    async def setup_hook(self) -> None:
        """Once logged in: register the commands and buttons, sync to the development server,
        and set the deliverer, the scheduler and the computer opponent to work."""
        assert self.user is not None  # login fetched it before calling this hook
        if self.user.id != self.service.computer_id:
            raise SettingsError(
                f"DISCORD_TOKEN: Discord says this bot is {self.user.id}, but the token names "
                f"{self.service.computer_id}"
            )
        include_games(self.service.registry)  # the games' own messages, for every text
        await self.tree.set_translator(CatalogueTranslator())
        for cog in features.cogs(self):
            await self.add_cog(cog)
        for menu in features.menus():
            self.tree.add_command(menu)
        self.add_dynamic_items(*features.buttons())
        if self.settings.dev_guild_id is not None:
            # Commands show up at once in a development server; a global sync can take an
            # hour to reach every client, so it happens only when asked for (SyncClient).
            guild = discord.Object(self.settings.dev_guild_id)
            tree = self.tree
            assert isinstance(tree, GameTree)  # `tree_cls` above
            for command in tree.development_copies():
                self.tree.add_command(command, guild=guild, override=True)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to server %s", len(synced), guild.id)
        # From now on they hear every change of the service and what other processes say (a
        # post owed, a moved alarm, the computer's turn), until `close`; they wait for the
        # ready bot. The deliverer stops last: a clean stop lets its post in flight finish.
        await self._at_work.enter_async_context(self.deliverer)
        await self._at_work.enter_async_context(self.scheduler)
        if self.opponent is not None:
            await self._at_work.enter_async_context(self.opponent)
        await self._at_work.enter_async_context(self.analyst)
        await self._at_work.enter_async_context(self.puzzler)
        # The first image builds the palette and sprites (a few hundred ms): do it now, not
        # while a player waits for an answer.
        await asyncio.to_thread(self.service.registry.warm_up)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """The features' modals (Make move's, a lesson's) are answered here, from their custom
        id: discord.py would keep them in memory only (see `bot.discord.playing.moves`)."""
        work = features.submission(interaction)
        if work is not None:
            await work

    def _answered(self, interaction: discord.Interaction) -> None:
        """A command or press was handled and answered: the answers kept for its user in its
        channel (a command of theirs whose answer never reached Discord, where the bot may only
        answer) follow it up (issue 52, point 7)."""
        channel_id = interaction.channel_id
        if channel_id is None or not interaction.response.is_done() or self.is_closed():
            return
        if interaction.type is discord.InteractionType.autocomplete:
            return  # choices offered while typing: no message to follow up
        user_id = interaction.user.id
        task = asyncio.ensure_future(self.deliverer.show_kept(user_id, channel_id, interaction))
        self._following.add(task)
        task.add_done_callback(self._following.discard)

    async def on_ready(self) -> None:
        """Log who we are (the only thing the READY event is used for)."""
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))

    async def close(self) -> None:
        """Let the interactions in progress finish (at most `CLOSE_WAIT` seconds; the
        deliverer still posts what they owe), then stop the analyst, the computer's workers,
        the scheduler and the deliverer (the post in flight finishes first), then log out (safe
        to repeat)."""
        try:
            await self.in_progress.finished(CLOSE_WAIT)
            await self._at_work.aclose()
        finally:
            _end_ready_wait(self)
            await super().close()


def _end_ready_wait(client: discord.Client) -> None:
    """End discord.py's wait before it dispatches READY (`guild_ready_timeout` after the last
    server arrived; a sharded client's per shard too): its `close` leaves those tasks running,
    and a client stopped within that wait would dispatch from a closed client, a traceback in
    the log. A stopping bot needs no READY. (discord.py keeps them on its connection state.)"""
    state = getattr(client, "_connection", None)
    waits = [getattr(state, "_ready_task", None)]
    waits += list(getattr(state, "_ready_tasks", {}).values())
    for wait in waits:
        if isinstance(wait, asyncio.Task) and not wait.done():
            wait.cancel()


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The bot as one of several processes (SHARD_COUNT, SHARD_IDS), each connecting some of
    the bot's shards (discord.py's `AutoShardedClient`), all sharing one PostgreSQL database."""


@asynccontextmanager
async def open_bot(
    settings: Settings,
    *,
    clock: Clock = utc_now,
    seeds: SeedSource = random_seed,
    registry: Registry = GAMES,
    search: Search | None = None,
    review_seconds: float = REVIEW_SECONDS,
    reviewer: Reviewer = review_turn,
    **options: object,
) -> AsyncIterator[GameBot]:
    """The bot with its database and service (offering the games of `registry`); all of it is
    closed on leaving, in reverse order.

    Raises `SettingsError` for a token that names no bot, and `SchemaTooNewError` for a
    database made by a newer bot.
    """
    computer_id = computer_id_of(settings)
    name, shards = settings.process_name, settings.shards
    async with open_service(
        settings,
        computer_id,
        name=name,
        shards=shards,
        clock=clock,
        seeds=seeds,
        registry=registry,
    ) as service:
        rated = await service.ratings.rate_unrated()  # games finished before ratings existed
        if rated:
            log.info("rated %d results that had no ratings yet", rated)
        kind = GameBot if shards is None else ShardedGameBot
        async with kind(
            settings,
            service,
            search=search,
            review_seconds=review_seconds,
            reviewer=reviewer,
            **options,
        ) as bot:
            yield bot


class SyncClient(commands.Bot):
    """Registers the commands globally over REST, then stops: no gateway, no database, so it
    can run beside a bot in service."""

    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            # It never opens the gateway, so its intents are never sent; but discord.py warns
            # at construction, for any client without the Guilds intent, of "state related
            # issues" that an admin who left the portal's intents off (as the README says)
            # would take for a misconfiguration. Guilds is no privileged intent.
            intents=discord.Intents(guilds=True),
            tree_cls=GameTree,
        )

    async def setup_hook(self) -> None:
        """Sync every command globally (Discord may take up to an hour to show them)."""
        await self.tree.set_translator(CatalogueTranslator())
        for command in [*features.declared_commands(), *features.menus()]:
            self.tree.add_command(command)
        # Keeping the Entry Point command Discord made when Activities were enabled: a bulk
        # update without it fails (50240) and updates nothing.
        synced = await sync_commands(self.tree)
        log.info("synced %d commands globally", len(synced))
