"""Killing the real bot at each step of a post (issue 45's crash tests): the bot as a process
(`Life`), the three steps at which a crash may cut a post (`Step`, held by `Holds`), and a
service on the bot's database while the bot is down (`preparing`), for what a test makes happen
between two lives of the bot.

The steps:
- STORED: the change is stored and its post not yet sent. It is made through the service on the
  bot's database while the bot is down, as the bot's own process would have made it (named
  "bot"; inside `answering()` where a command delivers its posts itself, else claimed as the
  deliverer claims what is due: `claim_as_the_deliverer`), then the bot starts.
- DROPPED: the post reached Discord, which never acted on it (the fake holds the request, and
  drops it once the bot is dead): the bot died waiting.
- CARRIED: Discord carried the post out, and the bot died before it heard so (the fake acts on
  the request and keeps its answer from the bot).
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import TypeVar

from bot.computer.review import review_turn
from bot.service import GameService, utc_now
from bot.service.context import Clock
from bot.store import open_database
from testing.e2ekit import World, running
from testing.fakediscord import WAIT, BotProcess, FakeChannel, FakeDiscord, FakeMessage, Fault
from testing.fakediscord.faults import route_matches
from testing.servicekit import FakeClock, owed

T = TypeVar("T")

RESTART_SECONDS = WAIT
"""Within this many seconds of a restarted bot's READY, the first of what it owed is on Discord,
and each next one within as many seconds of the one before (issue 45): a bound on waiting,
generous for a loaded machine (issue 52, point 17; a replay's GIF alone took over 7 s under
load). On an idle machine a life's fifteen posts arrive within about 3 s of READY; a bound on
them all together failed a CI run whose posts took over a minute while the bot kept working
(issue 53's mends: a bot stuck on one post still fails within a bound)."""
REVIEW_SECONDS = 0.02
"""The budget of a turn's review made by a test between two lives (its result is all that
matters there, not its strength)."""


class Step(StrEnum):
    """Where a crash cuts a post (see the module's docstring)."""

    STORED = "stored"
    DROPPED = "dropped"
    CARRIED = "carried"


class Life:
    """One life of the bot on the world's database: what it owed before must be on Discord
    soon after its READY, each post within `RESTART_SECONDS` of the one before. `start` runs it
    as a process (`python -m bot`, which a crash kills); `here` in the test's own process (the
    same bot, its start-up included, on the real time: much quicker to start, for a life no
    crash ends)."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.ready_at = 0.0
        self.progressed_at = 0.0  # READY, or the last post `within` found since
        self.first_request = len(world.fake.requests)  # what it asks Discord comes after

    @staticmethod
    async def start(world: World, tmp_path: Path, **env: str) -> ProcessLife:
        """The bot as a process, once READY (its commands synced)."""
        life = ProcessLife(world, tmp_path, **env)
        await life.process.start()
        await life.ready()
        return life

    @staticmethod
    async def here(world: World) -> HereLife:
        """The bot in the test's process, once READY (its commands synced)."""
        life = HereLife(world)
        await life.begin()
        await life.ready()
        return life

    async def ready(self) -> None:
        self.ready_at = self.progressed_at = asyncio.get_running_loop().time()
        await self.world.fake.wait_commands_synced(self.world.guild)

    async def within(
        self, check: Callable[[], T | None], what: str, *, seconds: float = RESTART_SECONDS
    ) -> T:
        """Wait until `check()` gives something true, at most until `seconds` after this life
        last showed progress (its READY, or the last check `within` saw pass); fail with the
        bot's log. A bot that delivers its posts one after another on a loaded machine passes;
        one stuck on a post fails."""
        loop = asyncio.get_running_loop()
        left = self.progressed_at + seconds - loop.time()
        what = f"{what} (within {seconds:.0f} s of READY or of the post before)"
        found = await self.wait(check, what, timeout=max(left, 0.0))
        self.progressed_at = max(self.progressed_at, loop.time())
        return found

    async def wait(self, check: Callable[[], T | None], what: str, *, timeout: float = WAIT) -> T:
        """Wait until `check()` gives something true, for `timeout` seconds (work the bot does,
        such as an analysis, rather than a post it owed); fail with the bot's log."""
        try:
            return await self.world.fake.world.wait_until(check, timeout=timeout, what=what)
        except AssertionError as error:
            raise AssertionError(f"{error}\n--- the bot's log ---\n{self.log}") from None

    def asked_again(self, route: str) -> Callable[[], bool]:
        """A check: this life sent a request to `route` and Discord answered it (a post sent
        again after a crash: with its nonce, Discord answers with the first one)."""
        fake = self.world.fake

        def answered() -> bool:
            mine = fake.requests[self.first_request :]
            return any(r.status and route_matches(route, r.method, r.path) for r in mine)

        return answered

    def told(self, message: FakeMessage) -> Callable[[], bool]:
        """A check: this life found that its post had arrived as `message` before the crash
        (the answer to a command, looked up with its token) and settled it so."""
        return lambda: f"as message {message.id} before a restart" in self.log

    @property
    def log(self) -> str:
        """What the bot logged so far."""
        raise NotImplementedError

    async def stop(self) -> None:
        """A clean stop, which must end well."""
        raise NotImplementedError


class ProcessLife(Life):
    """The bot as a process (see `Life.start`)."""

    def __init__(self, world: World, tmp_path: Path, **env: str) -> None:
        super().__init__(world)
        settings = {"DATABASE_PATH": str(world.database), "LOG_LEVEL": "INFO", **env}
        settings.update(world.fake.bot_env(world.guild))
        self.process = BotProcess(world.fake, "bot", env=settings, cwd=tmp_path)

    @property
    def log(self) -> str:
        return self.process.stderr

    async def kill(self) -> None:
        """SIGKILL: a crash."""
        assert await self.process.kill() != 0, self.log

    async def stop(self) -> None:
        """SIGTERM: a clean stop, which must exit 0."""
        assert await self.process.stop() == 0, self.log


class RealClock(FakeClock):
    """The real time, where the World keeps a clock the test moves (a bot in the test's
    process on the time a process would keep)."""

    def __call__(self) -> datetime:
        return datetime.now(UTC)


class Heard(logging.Handler):
    """The lines the bot logs in the test's process (INFO and up), each news to the fake's
    waits."""

    def __init__(self, world: World) -> None:
        super().__init__(logging.INFO)
        self.world = world
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.name} {record.levelname} {record.getMessage()}")
        self.world.fake.world.changed()


class HereLife(Life):
    """The bot in the test's process (see `Life.here`)."""

    def __init__(self, world: World) -> None:
        super().__init__(world)
        self.heard = Heard(world)
        self._stack = AsyncExitStack()

    async def begin(self) -> None:
        self.world.clock = RealClock()
        logger = logging.getLogger("bot")
        self._stack.callback(logger.setLevel, logger.level)
        self._stack.callback(logger.removeHandler, self.heard)
        logger.addHandler(self.heard)
        logger.setLevel(logging.INFO)
        await self._stack.enter_async_context(running(self.world))

    @property
    def log(self) -> str:
        return "\n".join(self.heard.lines)

    async def stop(self) -> None:
        await self._stack.aclose()


class Holds:
    """The fake holding the posts a test cuts at `step` (DROPPED: the request is held, then
    dropped once the bot is dead; CARRIED: acted on, its answer kept from the bot)."""

    def __init__(self, fake: FakeDiscord, step: Step) -> None:
        assert step is not Step.STORED, "a stored change is made while the bot is down"
        self.fake = fake
        self.step = step
        self.faults: list[Fault] = []

    def on(self, route: str) -> Fault:
        """Hold the next request to `route` (``"POST /channels/{id}/messages"``, say)."""
        hold = self.fake.hold if self.step is Step.DROPPED else self.fake.hold_answer
        fault = hold(route)
        self.faults.append(fault)
        return fault

    async def hit(
        self,
        fault: Fault,
        what: str,
        life: Life,
        carried: Callable[[], object] | None = None,
    ) -> None:
        """Wait until the held request has come (the bot is then waiting for its answer) and,
        when Discord carries it out, until `carried()` shows it done (a message made)."""
        await life.wait(lambda: bool(fault.hits), f"the held request of {what}")
        if self.step is Step.CARRIED and carried is not None:
            await life.wait(carried, f"{what} carried out")

    def crashed(self) -> None:
        """The bot is dead: what it sent and Discord held is dropped (DROPPED), or keeps
        waiting for nobody (CARRIED: it was carried out already)."""
        if self.step is Step.DROPPED:
            for fault in self.faults:
                fault.abandon()


@asynccontextmanager
async def preparing(world: World, clock: Clock | None = None) -> AsyncIterator[GameService]:
    """A service on the bot's database while the bot is down, as the bot's own process (named
    "bot", playing the computer as the bot's user) on the real time (or `clock`)."""
    async with open_database(world.database) as connection:
        computer = world.fake.application_id
        yield GameService(connection, clock=clock or utc_now, computer_id=computer)


@asynccontextmanager
async def settled(service: GameService) -> AsyncIterator[None]:
    """Around what a test prepares: the posts it owes are settled on leaving, as if an earlier
    life had made them (a game prepared through the service starts the test with its history
    behind it, not owed); what was owed before stays owed."""
    before = {row.id for row in await owed(service)}
    yield
    for row in await owed(service):
        if row.id not in before:
            await service.outbox.delivered(row.id)


async def claim_as_the_deliverer(service: GameService) -> None:
    """Claim what is due as the bot's deliverer does before it sends: a STORED post is then as
    a crash leaves it (claimed by "bot", its attempt begun, nothing sent)."""
    await service.outbox.claim_due()


async def review_remaining(service: GameService) -> int:
    """Review every turn of the analyses still open (here, with a tiny budget), as the bot's
    analyst would have: each review is stored and owes its message's edit; how many."""
    await service.analyses.release_analysis_claims("bot")  # the dead bot reviews nothing
    reviewed = 0
    while turn := await service.analyses.claim_analysis_turn(by="bot", lease=60):
        review = await asyncio.to_thread(
            review_turn, turn.kind, turn.record, turn.turn, turn.seed, REVIEW_SECONDS
        )
        await service.analyses.save_review(turn.game_id, turn.turn, review.as_json())
        reviewed += 1
    return reviewed


def posts_in(
    fake: FakeDiscord, channel: FakeChannel, check: Callable[[FakeMessage], object], since: int = 0
) -> list[FakeMessage]:
    """The bot's visible messages in `channel` (from position `since`) that pass `check`."""
    bot = fake.bot_user
    return [m for m in fake.messages_in(channel, since=since) if m.author is bot and bool(check(m))]


def once(
    fake: FakeDiscord, channel: FakeChannel, check: Callable[[FakeMessage], object], since: int = 0
) -> Callable[[], FakeMessage | None]:
    """A check for `Life.within`: the one message `check` finds (None while there is none);
    a second one fails at once."""

    def found() -> FakeMessage | None:
        posts = posts_in(fake, channel, check, since)
        assert len(posts) <= 1, f"posted {len(posts)} times in #{channel.name}: " + "; ".join(
            f"{m.id}: {m.content[:80]!r}" for m in posts
        )
        return posts[0] if posts else None

    return found


def assert_no_repeats(fake: FakeDiscord) -> None:
    """No message of the bot appears twice in a channel (the same words and files): a post
    made again after a crash shows as such a pair."""
    bot = fake.bot_user
    seen = Counter(
        (m.channel.id, m.content, tuple(a.filename for a in m.attachments))
        for m in fake.world.messages.values()
        if m.author is bot and m.visible
    )
    repeated = [(channel, content[:80]) for (channel, content, _), n in seen.items() if n > 1]
    assert repeated == [], f"posted more than once: {repeated}"
