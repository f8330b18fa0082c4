"""The scheduler applies what falls due (owing its posts), and it and `run_due` keep going
when one game fails."""

import asyncio
from pathlib import Path

from bot.runtime.scheduler import Scheduler
from bot.service import GameService, TimeLoss
from bot.service.deadlines import HOUR
from bot.service.events import Event, GameChanged
from bot.store import games
from testing.servicekit import (
    ALICE,
    BOB,
    CHANNEL,
    CountingSeeds,
    FakeClock,
    open_service,
    owed,
    settle_posts,
    start_game,
)


async def two_games_past_their_deadline(service: GameService, clock: FakeClock) -> None:
    await start_game(service, move_seconds=HOUR)
    await start_game(service, "verbindung", channel_id=CHANNEL + 1, move_seconds=HOUR)
    clock.advance(hours=2)


async def test_a_round_applies_what_is_due_and_owes_its_posts(tmp_path: Path) -> None:
    clock = FakeClock()
    service = await open_service(tmp_path / "bot.sqlite3", clock, CountingSeeds())
    try:
        await two_games_past_their_deadline(service, clock)
        await settle_posts(service, clock)
        await Scheduler(service, clock).run_round()
        assert [row.kind for row in await owed(service)] == ["time_loss", "time_loss"]
    finally:
        await service.connection.close()


async def test_a_game_that_cannot_be_loaded_does_not_hold_up_the_others(tmp_path: Path) -> None:
    clock = FakeClock()
    path = tmp_path / "bot.sqlite3"
    service = await open_service(path, clock, CountingSeeds())
    await two_games_past_their_deadline(service, clock)
    async with service.connection.transaction() as db:
        await db.execute("UPDATE games SET record = ? WHERE channel_id = ?", ("{}", CHANNEL))
    await service.connection.close()
    service = await open_service(path, clock, CountingSeeds())  # no cached positions
    try:
        [loss] = await service.alarms.run_due()
        assert isinstance(loss, TimeLoss) and loss.view.channel_id == CHANNEL + 1
        async with service.connection.read() as db:
            broken = await games.active_game_in(db, CHANNEL)
        assert broken is not None and broken.next_alarm_at > int(clock.now.timestamp())
        assert await service.alarms.run_due() == []  # postponed, not retried at once
    finally:
        await service.connection.close()


async def test_a_cancelled_transaction_leaves_the_connection_usable(tmp_path: Path) -> None:
    service = await open_service(tmp_path / "bot.sqlite3")
    try:
        started = asyncio.Event()

        async def stuck() -> None:
            async with service.connection.transaction():
                started.set()
                await asyncio.Event().wait()

        task = asyncio.create_task(stuck())
        await started.wait()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await start_game(service)  # a new transaction begins normally
        assert (await service.queries.game_in(CHANNEL)).players == {"white": ALICE, "red": BOB}
    finally:
        await service.connection.close()


async def test_the_scheduler_stops_even_when_woken_as_it_is_stopped(tmp_path: Path) -> None:
    """A change published as the bot shuts down must not swallow the stop (asyncio.wait_for
    of Python 3.11 returns the wake-up instead of raising the cancellation, and the scheduler
    would sleep on while the shutdown waits for it)."""
    clock = FakeClock()
    service = await open_service(tmp_path / "bot.sqlite3", clock, CountingSeeds())
    try:
        scheduler = Scheduler(service, clock)
        waiting = asyncio.Event()
        planned = scheduler._delay

        async def delay() -> float:
            seconds = await planned()
            waiting.set()  # the scheduler now sleeps until woken or due
            return seconds

        scheduler._delay = delay  # type: ignore[method-assign]
        scheduler.start()
        await waiting.wait()
        scheduler.wake()
        stopping = asyncio.ensure_future(scheduler.stop())
        await asyncio.wait({stopping}, timeout=60)  # a guard: without the fix it never stops
        assert stopping.done()
    finally:
        await service.connection.close()


class Hearing(Scheduler):
    """A scheduler whose bot is never ready (so it runs no round) that notes what it hears."""

    def __init__(self, service: GameService) -> None:
        never = asyncio.Event().wait
        super().__init__(service, service.clock, ready=never)
        self.heard: list[Event] = []

    def on_event(self, event: Event) -> None:
        self.heard.append(event)
        super().on_event(event)


async def test_the_scheduler_hears_the_service_only_while_it_is_at_work(tmp_path: Path) -> None:
    service = await open_service(tmp_path / "bot.sqlite3")
    try:
        scheduler = Hearing(service)  # built: not at work yet
        await start_game(service)
        async with scheduler:
            during = await start_game(service, channel_id=CHANNEL + 1)
        await start_game(service, channel_id=CHANNEL + 2)  # left: it hears no more
        heard = {event.game_id for event in scheduler.heard if isinstance(event, GameChanged)}
        assert heard == {during.view.id}
    finally:
        await service.connection.close()
