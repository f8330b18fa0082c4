"""Holidays at their edges (issue 27, points 9 and 16): one ended in the second it began, and the
number of games a holiday affects as the player counts them."""

from __future__ import annotations

import pytest

from bot.service import GameService, errors
from bot.service.deadlines import DAY
from testing.servicekit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    FakeClock,
    start_computer_game,
    start_game,
)


async def test_a_holiday_ended_in_the_second_it_began_ends_cleanly(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, move_seconds=2 * DAY)  # alice to move
    before = (await service.queries.game_in(CHANNEL)).deadline_at
    await service.vacations.start_vacation(ALICE, 7)
    back = await service.vacations.end_vacation(ALICE)  # the clock has not moved on
    assert back.until is None and back.games == 1
    assert (await service.queries.game_in(CHANNEL)).deadline_at == before
    assert (await service.vacations.vacation_status(ALICE)).until is None
    with pytest.raises(errors.NotOnVacationError):
        await service.vacations.end_vacation(ALICE)
    again = await service.vacations.start_vacation(ALICE, 2)  # and a new one may begin at once
    assert again.until is not None


async def test_a_holiday_counts_every_game_it_stops_a_clock_in(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service)  # alice to move
    await start_game(service, channel_id=CHANNEL + 1, challenger=CAROL, opponent=ALICE)
    await start_game(service, channel_id=CHANNEL + 2, challenger=BOB, opponent=CAROL)  # not hers
    await start_computer_game(service, channel_id=CHANNEL + 3, player_first=False)
    # Her clock stands still in each of her three games: the one she is to move in now, and
    # those whose next turn of hers will begin at the holiday's end (it counted one).
    away = await service.vacations.start_vacation(ALICE, 3)
    assert away.games == 3
    assert (await service.vacations.vacation_status(ALICE)).games == 3
    assert (await service.vacations.end_vacation(ALICE)).games == 3
