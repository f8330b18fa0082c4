"""The one deliverer (issue 45), with a courier of the test's own: every post due is handed on
in order, a refused one is put off and an unsure one tried again soon, one that fails holds up no
other, a command's posts are delivered at once, a clean stop lets the post in flight finish (or,
cut short, hands it back), and a start releases the claims of the process's previous life."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.runtime import deliverer as deliverer_module
from bot.runtime.deliverer import Deliverer, PostRefusedError, PostUnsureError
from bot.service import GameService
from bot.service.outbox import RETRY_BASE, UNSURE_RETRY
from bot.service.owed import answering
from bot.store.outbox import OutboxRow
from testing.servicekit import CHANNEL, FakeClock, open_service, owed, start_game


class Courier:
    """Delivers by settling, or as told: refuse, be unsure, fail, or hold until let go."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.delivered: list[tuple[int, str, object | None]] = []
        self.refuse: set[int] = set()
        self.unsure: set[int] = set()
        self.broken: set[int] = set()
        self.hold = asyncio.Event()
        self.hold.set()
        self.holding = asyncio.Event()

    async def deliver(self, row: OutboxRow, via: object | None = None) -> None:
        if row.id in self.refuse:
            raise PostRefusedError("403 50013: Missing Permissions")
        if row.id in self.unsure:
            raise PostUnsureError("the connection broke")
        if row.id in self.broken:
            raise RuntimeError("a bug in a renderer")
        await self.service.outbox.trying(row.id)  # its request goes, as the real courier's
        self.holding.set()
        await self.hold.wait()
        await self.service.outbox.delivered(row.id, CHANNEL, 1000 + row.id)
        self.delivered.append((row.id, row.kind, via))


@pytest.fixture
async def service(tmp_path: Path, clock: FakeClock) -> AsyncIterator[GameService]:
    made = await open_service(tmp_path / "bot.sqlite3", clock)
    yield made
    await made.connection.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


async def three_games(service: GameService) -> list[int]:
    """Three games' starts owed, each the head of its game's posts."""
    for offset in range(3):
        await start_game(service, channel_id=CHANNEL + offset)
    return [row.id for row in await owed(service)]


async def test_every_post_due_goes_and_one_that_fails_holds_up_no_other(
    service: GameService, clock: FakeClock
) -> None:
    refused, unsure, broken = await three_games(service)
    await service.moves.play(
        CHANNEL + 2, (await service.queries.game_in(CHANNEL + 2)).to_move_id or 0, "a1 c1"
    )
    courier = Courier(service)
    courier.refuse, courier.unsure, courier.broken = {refused}, {unsure}, {broken}
    sending = Deliverer(service, courier, clock)
    assert await sending.run_round() == 3  # the move waits behind its game's broken start
    assert courier.delivered == []
    left = {row.id: row for row in await owed(service)}
    assert left[refused].next_attempt_at == int(clock.now.timestamp()) + RETRY_BASE
    assert left[unsure].next_attempt_at == int(clock.now.timestamp()) + UNSURE_RETRY
    assert left[unsure].tried_at is not None  # it may have reached Discord
    assert left[refused].tried_at is None  # Discord said no: nothing of it is out
    courier.refuse, courier.unsure, courier.broken = set(), set(), set()
    clock.advance(seconds=RETRY_BASE)
    assert await sending.run_round() == 4
    assert [kind for _, kind, _ in courier.delivered] == ["start", "start", "start", "move"]


async def test_a_commands_posts_are_delivered_at_once_in_order(
    service: GameService, clock: FakeClock
) -> None:
    courier = Courier(service)
    sending = Deliverer(service, courier, clock)
    with answering() as owing:
        await start_game(service)
    with answering() as later:
        await service.moves.play(
            CHANNEL, (await service.queries.game_in(CHANNEL)).to_move_id or 0, "a1 c1"
        )
    assert await sending.run_round() == 0  # claimed by the commands that owed them
    assert await sending.deliver_now(owing.ids + later.ids, "the interaction")
    assert courier.delivered == [
        (owing.ids[0], "start", "the interaction"),
        (later.ids[0], "move", "the interaction"),
    ]


async def test_a_clean_stop_lets_the_post_in_flight_finish(
    service: GameService, clock: FakeClock
) -> None:
    await three_games(service)
    courier = Courier(service)
    courier.hold.clear()
    async with Deliverer(service, courier, clock) as sending:
        sending.wake()
        await courier.holding.wait()  # one post is being sent
        stopping = asyncio.ensure_future(sending.stop())
        courier.hold.set()  # it goes out
        await stopping
    assert len(courier.delivered) == 1  # the one in flight finished; no other began
    assert len(await owed(service)) == 2
    assert [row.claimed_until for row in await owed(service)] == [None, None]


async def test_idle_waits_for_a_round_that_is_still_claiming(
    service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A round's posts are under way from their claim: `idle` must not say nothing is being
    delivered while the loop holds posts it claimed and has not begun to send (a test's
    `due_round` found nothing to claim then, and looked before the loop's edit was made)."""
    await start_game(service)
    claimed, go_on = asyncio.Event(), asyncio.Event()
    claim_due = service.outbox.claim_due

    async def slow_claim(now: object) -> list[OutboxRow]:
        rows = await claim_due(now)  # type: ignore[arg-type]
        claimed.set()
        await go_on.wait()
        return rows

    monkeypatch.setattr(service.outbox, "claim_due", slow_claim)
    courier = Courier(service)
    async with Deliverer(service, courier, clock) as sending:
        sending.wake()
        await claimed.wait()
        idle = asyncio.ensure_future(sending.idle())
        await asyncio.sleep(0)  # let `idle` look once
        assert not idle.done()
        go_on.set()
        await idle
        assert [kind for _, kind, _ in courier.delivered] == ["start"]


async def test_a_stop_before_the_bot_was_ready_ends_the_wait_at_once(
    service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot that never connected (Discord unreachable) stops without the grace meant for a
    post in flight: nothing is in flight while the deliverer waits to be ready."""
    await start_game(service)
    monkeypatch.setattr(deliverer_module, "STOP_GRACE", 3600.0)  # it would be the hour
    never = asyncio.Event()
    courier = Courier(service)
    async with Deliverer(service, courier, clock, ready=never.wait) as sending:
        await asyncio.wait_for(sending.stop(), timeout=60)  # hangs for the hour without the fix
    assert courier.delivered == []
    assert len(await owed(service)) == 1


async def test_a_post_a_stop_cuts_short_is_handed_back(
    service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    await start_game(service)
    monkeypatch.setattr(deliverer_module, "STOP_GRACE", 0.01)
    courier = Courier(service)
    courier.hold.clear()  # it never goes out
    async with Deliverer(service, courier, clock) as sending:
        sending.wake()
        await courier.holding.wait()
    [row] = await owed(service)
    assert row.claimed_until is None and row.tried_at is not None  # any process may take it now
    assert courier.delivered == []


async def test_a_start_releases_the_claims_of_the_process_before_it(
    service: GameService, clock: FakeClock
) -> None:
    with answering():  # owed by a command of this process, which then died
        await start_game(service)
    courier = Courier(service)
    async with Deliverer(service, courier, clock) as sending:
        await sending.run_round()
    assert [kind for _, kind, _ in courier.delivered] == ["start"]
