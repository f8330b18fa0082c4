"""Holidays: `/vacation days:<n>` stops a player's clocks in all their games for up to n days;
`/vacation end` starts them again early. A player has 30 days a year (calendar years in UTC,
counted from the stored holidays; one that spans New Year counts in each year for its part).

A stopped clock is a clock moved on: when a holiday begins, each turn the player is to move in
gets its start, deadline and alarms moved later by the holiday's length; a turn that comes to them
during it begins when it ends (`Context.turn_start`); an early return moves them back by the
part not taken. So reminders and losses on time wait without the scheduler knowing of holidays,
and a game whose both players are away simply waits. Each opponent is told in the game's
channel, with the date of return, at most once a day per game and player on holiday.

A holiday costs each day it has begun, counted from its start (one ended at once costs one day):
holidays taken and ended in a loop must not cost nothing while they notify the opponents.
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime

from bot.service import game_posts
from bot.service.context import Context
from bot.service.deadlines import DAY, Turn, moment
from bot.service.errors import (
    AlreadyOnVacationError,
    BadVacationLengthError,
    NotOnVacationError,
    VacationAllowanceError,
    VacationOptionsError,
)
from bot.service.owed import Subject
from bot.service.results import VacationStatus
from bot.store import Db, GameRow, Reach, Vacation, games, outbox, users
from bot.store.games import Clock

MAX_DAYS = 30
"""The longest holiday, and the days a player has in a year."""
YEAR_ALLOWANCE = MAX_DAYS * DAY


def year_bounds(year: int) -> tuple[int, int]:
    """The first second of `year` and of the next, in UTC epoch seconds."""
    start = datetime(year, 1, 1, tzinfo=UTC).timestamp()
    end = datetime(year + 1, 1, 1, tzinfo=UTC).timestamp()
    return int(start), int(end)


def overlap(start: int, end: int, bounds: tuple[int, int]) -> int:
    """Seconds of the time from `start` to `end` that fall within `bounds`."""
    return max(0, min(end, bounds[1]) - max(start, bounds[0]))


def years_of(start: int, end: int) -> range:
    """The calendar years (UTC) the time from `start` to `end` touches."""
    return range(moment(start).year, moment(max(start, end - 1)).year + 1)


def charged_until(holiday: Vacation) -> int:
    """The end of what a holiday costs: each day it has begun, from its start (at least one,
    for a holiday ended at once)."""
    days = max(1, math.ceil((holiday.ends_at - holiday.starts_at) / DAY))
    return holiday.starts_at + days * DAY


def used_in(holidays: list[Vacation], year: int) -> int:
    """Seconds of holiday charged (taken or booked) in `year`."""
    bounds = year_bounds(year)
    return sum(overlap(h.starts_at, charged_until(h), bounds) for h in holidays)


class Vacations:
    """A player's holidays."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def start_vacation(self, user_id: int, days: int) -> VacationStatus:
        """Stop `user_id`'s clocks from now for `days` days and tell each opponent. Raises
        `BadVacationLengthError` (not 1 to 30), `AlreadyOnVacationError` and
        `VacationAllowanceError` (beyond the days left in a year it touches)."""
        if not 1 <= days <= MAX_DAYS:
            raise BadVacationLengthError(
                "a holiday is 1 to 30 days long", days=days, maximum=MAX_DAYS
            )
        now = self.ctx.now()
        ends = now + days * DAY
        async with self.ctx.connection.transaction() as db:
            current = await users.current_vacation(db, user_id, now)
            if current is not None:
                raise AlreadyOnVacationError("you are on holiday already", until=current.ends_at)
            await self._refuse_beyond_allowance(db, user_id, now, ends)
            await users.add_vacation(db, user_id, now, ends, now)
            paused = await self._move_clocks(db, user_id, ends - now, now)
            await self._tell_opponents(db, user_id, ends, now, back=False)
            left = await self._days_left(db, user_id, now)
            affected = await games.count_games(db, user_id=user_id)
        self._clocks_moved(paused)
        return VacationStatus(user_id, moment(ends), left, affected)

    async def end_vacation(self, user_id: int) -> VacationStatus:
        """End `user_id`'s holiday now: their clocks run again (each day begun is counted, the
        days not begun are given back) and each opponent is told. Raises
        `NotOnVacationError`."""
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            current = await users.current_vacation(db, user_id, now)
            if current is None:
                raise NotOnVacationError("you are not on holiday")
            # Ended in the second it began, the holiday has no length (the CHECK allows it).
            await users.end_vacation(db, current.id, now)
            moved = await self._move_clocks(db, user_id, -(current.ends_at - now), now)
            await self._tell_opponents(db, user_id, now, now, back=True)
            left = await self._days_left(db, user_id, now)
            affected = await games.count_games(db, user_id=user_id)
        self._clocks_moved(moved)
        return VacationStatus(user_id, None, left, affected)

    async def vacation(self, user_id: int, days: int | None, *, end: bool) -> VacationStatus:
        """`/vacation`: start a holiday of `days` days, end the running one, or (neither) say
        where the player stands. Raises what those raise, and `VacationOptionsError` for
        both."""
        if days is not None and end:
            raise VacationOptionsError("either a number of days or the end, not both")
        if end:
            return await self.end_vacation(user_id)
        if days is not None:
            return await self.start_vacation(user_id, days)
        return await self.vacation_status(user_id)

    async def vacation_status(self, user_id: int) -> VacationStatus:
        """The player's holiday now (if any), the days left this year and their active games."""
        now = self.ctx.now()
        async with self.ctx.connection.read() as db:
            current = await users.current_vacation(db, user_id, now)
            left = await self._days_left(db, user_id, now)
            active = await games.count_games(db, user_id=user_id)
        until = None if current is None else moment(current.ends_at)
        return VacationStatus(user_id, until, left, active)

    # Steps -------------------------------------------------------------------------------------

    async def _refuse_beyond_allowance(self, db: Db, user_id: int, start: int, end: int) -> None:
        years = years_of(start, end)
        first, last = year_bounds(years[0])[0], year_bounds(years[-1])[1]
        taken = await self._charged_between(db, user_id, first, last)
        for year in years:
            wanted = overlap(start, end, year_bounds(year))
            used = used_in(taken, year)
            if used + wanted > YEAR_ALLOWANCE:
                left = max(0, YEAR_ALLOWANCE - used) // DAY
                raise VacationAllowanceError(
                    "that is more holiday than the year has left", days_left=left, year=year
                )

    async def _days_left(self, db: Db, user_id: int, now: int) -> int:
        year = moment(now).year
        taken = await self._charged_between(db, user_id, *year_bounds(year))
        return max(0, YEAR_ALLOWANCE - used_in(taken, year)) // DAY

    @staticmethod
    async def _charged_between(db: Db, user_id: int, start: int, end: int) -> list[Vacation]:
        """The holidays that may cost days between `start` and `end`: a holiday ended early
        costs up to a day beyond its end."""
        return await users.vacations_between(db, user_id, start - DAY, end)

    async def _games_of(self, db: Db, user_id: int) -> list[GameRow]:
        """The user's active games against people (the computer's games have their clock too,
        but nobody to tell)."""
        rows = await games.list_games(db, user_id=user_id, limit=1000)
        return [row for row in rows if row.computer_level is None]

    async def _tell_opponents(
        self, db: Db, user_id: int, until: int, now: int, *, back: bool
    ) -> None:
        """Owe each of the user's games against a person a notice of the holiday (or return),
        unless the opponent was told of the user's holidays there within the last day: a
        holiday begun and ended in a loop must not ping them again and again."""
        for row in await self._games_of(db, user_id):
            earlier = await outbox.posts_about(
                db, Subject.GAME.value, row.id, game_posts.VACATION.name, since=now - DAY
            )
            if any(json.loads(post.data).get("user_id") == user_id for post in earlier):
                continue
            if row.reach is Reach.POST:  # a reply-only game's channel cannot be told
                data = {"user_id": user_id, "until": until, "back": back}
                await self.ctx.owe_game(db, game_posts.VACATION, row, **data)

    async def _move_clocks(self, db: Db, user_id: int, by: int, now: int) -> list[GameRow]:
        """Move the clock of every turn `user_id` is to move in by `by` seconds (later for a
        holiday's start, earlier for an early return); return the games moved."""
        moved = []
        for row in await games.list_games(db, user_id=user_id, limit=1000):
            if self.ctx.bare_view(row).to_move_id != user_id:
                continue
            turn = Turn(row.turn_started_at + by, row.move_seconds)
            alarm = turn.next_alarm(row.reminders_sent)
            clock = Clock(turn.started, turn.deadline, row.reminders_sent, alarm)
            if await games.set_clock(db, row.id, row.revision, clock):
                moved.append(await self.ctx.row_by_id(db, row.id))
        return moved

    def _clocks_moved(self, rows: list[GameRow]) -> None:
        """Tell the scheduler (after the commit): the next alarms changed."""
        for row in rows:
            self.ctx.game_changed(self.ctx.bare_view(row))
