"""The discord.py client: opens the database, registers the commands and buttons, syncs, and
runs the scheduler. Everything about a game lives in the database, never here."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord.ext import commands

from bot.announce import Announcer
from bot.commands import COGS, DYNAMIC_ITEMS
from bot.i18n import CatalogueTranslator
from bot.names import Names
from bot.opponent import ComputerOpponent, Worker
from bot.render import warm_up
from bot.scheduler import Scheduler
from bot.service import Clock, GameService, SeedSource, random_seed, utc_now
from bot.settings import Settings
from bot.store import Connection
from bot.thinking import think
from bot.tree import GameTree

log = logging.getLogger(__name__)


class GameBot(commands.Bot):
    """The bot: slash commands only, no privileged intents."""

    service: GameService
    announcer: Announcer
    scheduler: Scheduler
    opponent: ComputerOpponent

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Clock = utc_now,
        seeds: SeedSource = random_seed,
        worker: Worker = think,
        sync_only: bool = False,
        **options: object,
    ) -> None:
        # Only the server cache (names of channels, the server's language): interactions arrive
        # without any intent, and message events would only cost traffic.
        intents = discord.Intents(guilds=True)
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=intents,
            tree_cls=GameTree,
            allowed_mentions=discord.AllowedMentions.none(),  # each message names its pings
            **options,  # type: ignore[arg-type]
        )
        self.settings = settings
        self.clock = clock
        self.seeds = seeds
        self.worker = worker  # the computer's search, run in a worker process
        self.sync_only = sync_only  # `python -m bot sync`: sync globally, then stop
        self.names = Names(self)
        self._database: Connection | None = None

    async def setup_hook(self) -> None:
        """Register the commands and sync them; unless only syncing, open the database, add the
        buttons and start the scheduler and the computer opponent."""
        await self.tree.set_translator(CatalogueTranslator())
        for cog in COGS:
            await self.add_cog(cog(self))
        if self.sync_only:  # beside a running bot: no database, no buttons, no announcements
            await self._sync()
            return
        self._database = await Connection.open(self.settings.database_path)
        assert self.user is not None  # login fetched it before calling this hook
        self.service = GameService(
            self._database, clock=self.clock, seeds=self.seeds, computer_id=self.user.id
        )
        self.announcer = Announcer(self)
        self.scheduler = Scheduler(
            self.service, self.announcer, self.clock, ready=self.wait_until_ready
        )
        self.opponent = ComputerOpponent(
            self.service,
            self.announcer,
            seconds=self.settings.ai_think_seconds,
            workers=self.settings.ai_workers,
            worker=self.worker,
            ready=self.wait_until_ready,
        )
        # The follow-ups of every change: a moved alarm, the computer's turn.
        self.service.events.subscribe(self.scheduler.on_event)
        self.service.events.subscribe(self.opponent.on_event)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self._sync()
        self.scheduler.start()
        self.opponent.start()  # resumes the computer's turns once the bot is ready
        # The first image builds the palette and sprites (a few hundred ms): do it now, not
        # while a player waits for an answer.
        await asyncio.to_thread(warm_up)

    async def _sync(self) -> None:
        # Commands show up at once in a development server; a global sync can take an hour to
        # reach every client and is rate limited, so it happens only when asked for.
        if self.sync_only:
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))
        elif self.settings.dev_guild_id is not None:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to server %s", len(synced), guild.id)

    async def on_ready(self) -> None:
        """Log who we are (the only thing the READY event is used for)."""
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))

    async def close(self) -> None:
        """Stop the scheduler and the computer's workers, log out, close the database (safe to
        call more than once)."""
        try:
            if hasattr(self, "scheduler"):
                await self.scheduler.stop()
            if hasattr(self, "opponent"):
                await self.opponent.close()
            await super().close()
        finally:
            # Always, even if logging out failed: an open database keeps its thread (and so
            # the process) alive.
            database, self._database = self._database, None
            if database is not None:
                await database.close()
