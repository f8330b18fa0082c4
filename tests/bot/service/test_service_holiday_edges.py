"""Holidays at their edges (issue 27, point 9): one ended in the second it began."""

from __future__ import annotations

import pytest

from bot.service import GameService, errors
from bot.service.deadlines import DAY
from testing.servicekit import (
    ALICE,
    CHANNEL,
    FakeClock,
    start_game,
)


async def test_a_holiday_ended_in_the_second_it_began_ends_cleanly(
    service: GameService, clock: FakeClock
) -> None:
    await start_game(service, move_seconds=2 * DAY)  # alice to move
    before = (await service.game_in(CHANNEL)).deadline_at
    await service.start_vacation(ALICE, 7)
    back = await service.end_vacation(ALICE)  # the clock has not moved on
    assert back.until is None and back.games == 1
    assert (await service.game_in(CHANNEL)).deadline_at == before
    assert (await service.vacation_status(ALICE)).until is None
    with pytest.raises(errors.NotOnVacationError):
        await service.end_vacation(ALICE)
    again = await service.start_vacation(ALICE, 2)  # and a new one may begin at once
    assert again.until is not None

