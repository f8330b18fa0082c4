"""Holidays (issue 15): a holiday stops the player's clocks in all their games, reminders and losses
on time wait, a turn that comes during it begins at its end, an early return gives back the days
not taken, each opponent is told once, and a player has 30 days a year (calendar years in UTC,
counted from the stored holidays)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.service import GameService, TimeLoss, VacationNotice, errors
from bot.service.deadlines import DAY, HOUR
from testing.servicekit import (
    ALICE,
    BOB,
    CHANNEL,
    CountingSeeds,
    FakeClock,
    open_service,
    owed,
    settle_posts,
    shown,
    start_game,
)


def epoch(clock: FakeClock) -> int:
    return int(clock.now.timestamp())


async def notices(service: GameService, clock: FakeClock) -> list[VacationNotice]:
    """The holiday notices owed (and still news)."""
    found = [await shown(service, row) for row in await owed(service, "vacation")]
    return [notice for notice in found if isinstance(notice, VacationNotice)]


async def test_a_holiday_stops_the_clock_and_the_reminders_wait(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, move_seconds=2 * DAY)  # alice to move
    await settle_posts(service, clock)
    clock.advance(hours=10)
    status = await service.vacations.start_vacation(ALICE, 7)
    assert status.until == clock.now + timedelta(days=7) and status.games == 1
    view = await service.queries.game_in(CHANNEL)
    assert view.deadline_at == epoch(clock) + 7 * DAY + 38 * HOUR  # 38 hours still hers
    clock.advance(days=3)  # past the old deadline: nothing is due while she is away
    assert await service.alarms.run_due() == []
    clock.advance(days=4, hours=38)
    [loss] = [n for n in await service.alarms.run_due() if isinstance(n, TimeLoss)]
    assert loss.loser_id == ALICE


async def test_a_turn_that_comes_during_a_holiday_begins_at_its_end(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, move_seconds=DAY)
    await service.vacations.start_vacation(BOB, 5)
    moved = await service.moves.play(CHANNEL, ALICE, "a1 c1")
    assert moved.view.turn_started_at == epoch(clock) + 5 * DAY
    assert moved.view.deadline_at == epoch(clock) + 6 * DAY


async def test_an_early_return_gives_back_the_days_not_taken_and_every_opponent_hears(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, move_seconds=DAY)
    await start_game(service, channel_id=CHANNEL + 1, move_seconds=DAY)
    await settle_posts(service, clock)
    await service.vacations.start_vacation(ALICE, 10)
    told = await notices(service, clock)
    assert sorted(n.view.channel_id for n in told) == [CHANNEL, CHANNEL + 1]
    assert all(not n.back and n.user_id == ALICE for n in told)
    await settle_posts(service, clock)
    clock.advance(days=2)
    back = await service.vacations.end_vacation(ALICE)
    assert back.until is None and back.days_left == 28  # two of thirty taken
    view = await service.queries.game_in(CHANNEL)
    assert view.deadline_at == epoch(clock) + DAY  # the clock runs from her return
    again = await notices(service, clock)
    assert len(again) == 2 and all(n.back for n in again)
    with pytest.raises(errors.NotOnVacationError):
        await service.vacations.end_vacation(ALICE)


async def test_a_game_whose_both_players_are_away_waits(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, move_seconds=DAY)
    await service.vacations.start_vacation(ALICE, 3)
    await service.vacations.start_vacation(BOB, 3)
    clock.advance(days=2, hours=23)  # her whole day would have passed twice
    assert await service.alarms.run_due() == []
    assert (await service.queries.game_in(CHANNEL)).is_active
    clock.advance(days=1, hours=2)  # three days away, then her day: the clock decides
    assert [n.loser_id for n in await service.alarms.run_due() if isinstance(n, TimeLoss)] == [
        ALICE
    ]


@pytest.mark.parametrize("days", [0, -1, 31, 10**9])
async def test_a_length_outside_one_to_thirty_days_is_refused(
    service: GameService, days: int
) -> None:
    with pytest.raises(errors.BadVacationLengthError) as refused:
        await service.vacations.start_vacation(ALICE, days)
    assert refused.value.params == {"days": days, "maximum": 30}
    assert (await service.vacations.vacation_status(ALICE)).until is None


async def test_thirty_days_a_year_and_no_second_holiday_at_once(
    service: GameService, clock: FakeClock
) -> None:
    await service.vacations.start_vacation(ALICE, 20)
    with pytest.raises(errors.AlreadyOnVacationError):
        await service.vacations.start_vacation(ALICE, 1)
    clock.advance(days=21)
    with pytest.raises(errors.VacationAllowanceError) as refused:
        await service.vacations.start_vacation(ALICE, 11)
    assert refused.value.params["days_left"] == 10
    status = await service.vacations.start_vacation(ALICE, 10)
    assert status.days_left == 0


async def test_a_holiday_across_new_year_counts_in_each_year_for_its_part(
    database_at, clock: FakeClock
) -> None:
    clock.now = datetime(2026, 12, 20, 12, 0, tzinfo=UTC)
    service = await open_service(database_at, clock, CountingSeeds())
    try:
        await service.vacations.start_vacation(ALICE, 5)  # 2026: 5 days
        clock.advance(days=6)
        await service.vacations.start_vacation(ALICE, 20)  # 26 Dec to 15 Jan: 5.5 days in 2026
        clock.advance(days=21)  # 16 January 2027: 14.5 days of it were in 2027
        with pytest.raises(errors.VacationAllowanceError) as refused:
            await service.vacations.start_vacation(ALICE, 16)
        assert refused.value.params == {"days_left": 15, "year": 2027}
        assert (await service.vacations.start_vacation(ALICE, 15)).days_left == 0
    finally:
        await service.connection.close()


async def test_a_takeback_during_a_holiday_keeps_the_clock_standing_until_the_return(
    service: GameService, clock: FakeClock
) -> None:
    """Found by review: the given-back clock ran during the holiday, and the early return then
    moved it back by the days not taken, so the player lost on time at once."""
    await start_game(service, move_seconds=3 * DAY)
    clock.advance(hours=1)  # alice takes an hour over her move
    await service.moves.play(CHANNEL, ALICE, "a1 c1")
    asked = await service.takebacks.request_takeback(CHANNEL, ALICE)
    await service.vacations.start_vacation(ALICE, 10)
    clock.advance(days=1)
    back = await service.takebacks.answer_takeback(asked.view.id, BOB, accept=True)
    holiday_ends = epoch(clock) - DAY + 10 * DAY
    assert back.view.deadline_at == holiday_ends - HOUR + 3 * DAY  # her clock stands still
    clock.advance(days=1)
    await service.vacations.end_vacation(ALICE)
    view = await service.queries.game_in(CHANNEL)
    assert view.deadline_at == epoch(clock) - HOUR + 3 * DAY  # runs again, from her return
    assert await service.alarms.run_due() == []


async def test_a_holiday_costs_each_day_it_has_begun(
    service: GameService, clock: FakeClock
) -> None:
    """Issue 27: four cycles of a week's holiday ended at once left 29 of 30 days."""
    for _ in range(4):
        await service.vacations.start_vacation(ALICE, 7)
        clock.advance(minutes=1)
        back = await service.vacations.end_vacation(ALICE)
        clock.advance(minutes=1)
    assert back.days_left == 26  # a holiday ended at once costs one day
    await service.vacations.start_vacation(ALICE, 1)
    clock.advance(days=1, seconds=1)  # taken in full: one day, and nothing more
    assert (await service.vacations.vacation_status(ALICE)).days_left == 25
    await service.vacations.start_vacation(ALICE, 7)
    clock.advance(days=2, hours=1)  # the third day has begun
    assert (await service.vacations.end_vacation(ALICE)).days_left == 22
    with pytest.raises(errors.VacationAllowanceError) as refused:
        await service.vacations.start_vacation(ALICE, 23)
    assert refused.value.params["days_left"] == 22


async def test_a_short_holiday_just_before_new_year_costs_its_day_in_each_year(
    database_at, clock: FakeClock
) -> None:
    clock.now = datetime(2026, 12, 31, 18, 0, tzinfo=UTC)
    service = await open_service(database_at, clock, CountingSeeds())
    try:
        await service.vacations.start_vacation(ALICE, 3)
        clock.advance(hours=1)
        await service.vacations.end_vacation(ALICE)  # one day: 6 hours in 2026, 18 in 2027
        clock.advance(days=1)  # 1 January 2027, 19:00
        assert (await service.vacations.vacation_status(ALICE)).days_left == 29
    finally:
        await service.connection.close()


async def test_an_opponent_is_told_of_holidays_at_most_once_a_day_per_game(
    service: GameService, clock: FakeClock
) -> None:
    """Issue 27: four cycles of a holiday and an early return with two games gave 16 pinging
    notices."""
    await start_game(service, move_seconds=DAY)
    await start_game(service, channel_id=CHANNEL + 1, move_seconds=DAY)
    await settle_posts(service, clock)
    for _ in range(4):
        await service.vacations.start_vacation(ALICE, 7)
        clock.advance(minutes=1)
        await service.vacations.end_vacation(ALICE)
        clock.advance(minutes=1)
    told = await notices(service, clock)
    assert sorted(n.view.channel_id for n in told) == [CHANNEL, CHANNEL + 1]
    assert not any(n.back for n in told)  # the first: the returns within the day are not told
    await settle_posts(service, clock)
    await service.vacations.start_vacation(BOB, 2)  # another player's holiday is told of its own
    assert [n.user_id for n in await notices(service, clock)] == [BOB, BOB]
    await settle_posts(service, clock)
    clock.advance(days=1)
    await service.vacations.start_vacation(ALICE, 2)  # a day after her last notice: told again
    assert sorted(n.view.channel_id for n in await notices(service, clock)) == [
        CHANNEL,
        CHANNEL + 1,
    ]
