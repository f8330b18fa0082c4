"""The world of the web board's tests: the fake Discord with the app's Activity enabled, the real
bot (in-process, as the e2e tests run it) with its web board, the fake `discordsays.com` proxy
with the fake Discord client page, and Debian's Chromium driven by Playwright.

    async with activity_world(tmp_path) as world:
        page = await world.open_board(world.alice)      # the client page, signed in, live
        board = world.board(page)                       # the Activity's frame
"""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import (
    Browser,
    BrowserContext,
    FrameLocator,
    Page,
    ViewportSize,
    async_playwright,
)

from bot.computer.search import ProcessSearch
from bot.discord.app import GameBot, open_bot
from bot.settings import Settings
from bot.web import open_web
from bot.web.server import WebServer
from testing.e2ekit import World, running
from testing.fakediscord import WAIT, FakeChannel, FakeDiscord, FakeUser
from testing.fakediscord.proxy import ActivityProxy
from testing.servicekit import CountingSeeds, FakeClock
from testing.workers import WatchedSearch

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium (`apt install chromium`; .ci/run installs it): never a downloaded browser."""
CHROMIUM_FLAGS = [
    "--headless=new",
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox refuses to start
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",  # the machine has no network: no calls home
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
]
DESKTOP: ViewportSize = {"width": 800, "height": 1000}
PHONE: ViewportSize = {"width": 360, "height": 760}


def chromium_available() -> bool:
    """Whether Debian's Chromium is installed (the browser tests need it)."""
    return shutil.which(CHROMIUM) is not None


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    """Headless Chromium, closed on leaving."""
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            await browser.close()


@dataclass
class ActivityWorld(World):
    """The e2e world with the Activity: the bot's web board, the proxy, a browser."""

    browser: Browser | None = None
    proxy: ActivityProxy | None = None
    web: WebServer | None = None
    bot: GameBot | None = None
    contexts: list[BrowserContext] = field(default_factory=list)

    seed: int | None = None  # every game's secret seed (its dice), or counted from 1

    def open_bot(self) -> AbstractAsyncContextManager[GameBot]:
        """The real bot as the e2e tests open it, with every game drawing its dice from `seed`
        when one is given (so a test knows its rolls)."""
        self.search = WatchedSearch(ProcessSearch(self.worker))
        seed = self.seed
        return open_bot(
            self.settings(),
            clock=self.clock,
            seeds=CountingSeeds() if seed is None else (lambda: seed),
            search=self.search,
            registry=self.registry,
            review_seconds=self.review_seconds,
            reviewer=self.reviewer,
            guild_ready_timeout=0.05,
        )

    database_url: str | None = None  # a PostgreSQL database instead of the SQLite file

    def settings(self) -> Settings:
        secret = self.fake.world.activities.client_secret
        return dataclasses.replace(
            super().settings(),
            activity_client_secret=secret,
            web_port=0,
            database_url=self.database_url,
        )

    async def open_board(
        self,
        user: FakeUser,
        channel: FakeChannel | None = None,
        *,
        viewport: ViewportSize = DESKTOP,
        instance_id: str | None = None,
        prepare: Callable[[BrowserContext], Awaitable[None]] | None = None,
    ) -> Page:
        """`user` opens the Activity in `channel` (joining its running instance) in a browser
        page of their own; returns the client page once the board is signed in. `prepare` may
        set up the browser context first (routes that answer in the server's place)."""
        assert self.browser is not None and self.proxy is not None
        channel = channel or self.channel
        if instance_id is None:
            instance_id = self.fake.activities.launch(user, channel).instance_id
        page = await self.new_page(viewport, prepare)
        await page.goto(self.proxy.client_url(user, instance_id, channel))
        return page

    async def new_page(
        self,
        viewport: ViewportSize = DESKTOP,
        prepare: Callable[[BrowserContext], Awaitable[None]] | None = None,
    ) -> Page:
        """A page in a browser context of its own, its script errors kept in `page_errors`."""
        assert self.browser is not None
        context = await self.browser.new_context(viewport=viewport, device_scale_factor=1)
        context.set_default_timeout(WAIT * 1000)  # Playwright's waits, as generous as the fake's
        self.contexts.append(context)
        if prepare is not None:
            await prepare(context)
        page = await context.new_page()
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        return page

    async def close_pages(self) -> None:
        """Close every page the test opened (their live connections end with them)."""
        for context in self.contexts:
            await context.close()
        self.contexts.clear()

    @staticmethod
    def board(page: Page) -> FrameLocator:
        """The Activity inside the client page."""
        return page.frame_locator("#activity")

    page_errors: list[str] = field(default_factory=list)


async def signed_in(page: Page) -> FrameLocator:
    """The Activity of `page`, once it has signed in and its live connection is open."""
    board = ActivityWorld.board(page)
    await board.locator("body[data-signed-in='true'][data-live='true']").wait_for()
    return board


def field_of(board: FrameLocator, name: str) -> Any:
    """The clickable square of field `name` on the board."""
    return board.locator(f"#board .clicks [data-field='{name}']")


async def revision(board: FrameLocator) -> str:
    """The revision of the game the board shows (`none` without a game)."""
    return await board.locator("body").get_attribute("data-revision") or ""


async def shows_revision(board: FrameLocator, number: int) -> None:
    """Wait until the board shows revision `number` of its game."""
    await board.locator(f"body[data-revision='{number}']").wait_for()


@asynccontextmanager
async def activity_world(
    database: Path,
    *,
    fake: FakeDiscord | None = None,
    start_bot: bool = True,
    seed: int | None = None,
    database_url: str | None = None,
) -> AsyncIterator[ActivityWorld]:
    """The whole world, closed on leaving: the fake Discord with Activities, a server and
    three users, the bot with its web board, the proxy and a browser."""
    async with AsyncExitStack() as stack:
        discord = fake if fake is not None else await stack.enter_async_context(FakeDiscord())
        discord.activities.enable()
        guild = discord.add_guild("Spieleabend", locale="en-US")
        world = ActivityWorld(
            discord,
            guild,
            guild.text_channel,
            discord.add_user("alice", locale="en-US"),
            discord.add_user("bob", locale="de"),
            discord.add_user("carol", locale="fr"),
            database,
            FakeClock(),
            seed=seed,
            database_url=database_url,
        )
        world.browser = await stack.enter_async_context(chromium())
        # The proxy outlives the bot: a test may stop and start the bot behind it.
        world.proxy = await stack.enter_async_context(
            ActivityProxy(world.fake, "http://127.0.0.1:9")
        )
        if start_bot:
            await start(world, stack)
        stack.push_async_callback(world.close_pages)  # first: the servers wait for open pages
        yield world


async def start(world: ActivityWorld, stack: AsyncExitStack) -> None:
    """Start the bot and its web board (and the proxy in front of it) on `stack`."""
    world.bot = await stack.enter_async_context(running(world))
    bot = world.bot
    world.web = await stack.enter_async_context(
        open_web(
            world.settings(),
            bot.service,
            application_id=bot.service.computer_id or 0,
        )
    )
    assert world.web is not None and world.proxy is not None
    world.proxy.target = f"http://127.0.0.1:{world.web.port}"
