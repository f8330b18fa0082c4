"""Time limits for asynchronous play: the time per move, its reminders and its deadline.

A turn that starts at `t` with a limit of `L` seconds has a half-time reminder at `t + L/2`, a last
reminder shortly before the end (`FINAL_WARNING` of the limit, kept between five minutes and six
hours) and its deadline at `t + L`, when the player to move loses on time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from bot.store.quick import quick_init

HOUR = 3600
DAY = 24 * HOUR
DEFAULT_MOVE_SECONDS = 3 * DAY
MIN_MOVE_SECONDS = HOUR
MAX_MOVE_SECONDS = 14 * DAY
DEFAULT_CHALLENGE_SECONDS = 2 * DAY
"""How long a challenge waits for its answer: a friend in another time zone may sleep first."""

OFFERED_TIMES: tuple[tuple[str, int], ...] = (
    ("1h", HOUR),
    ("6h", 6 * HOUR),
    ("12h", 12 * HOUR),
    ("1d", DAY),
    ("2d", 2 * DAY),
    ("3d", 3 * DAY),
    ("7d", 7 * DAY),
    ("14d", 14 * DAY),
)
"""The times per move a challenge, a seek and a tournament offer (in Discord and on the board
page's lobby): each choice's key (`choice.time.<key>`) and its seconds."""

FINAL_WARNING = 1 / 12
FINAL_WARNING_MIN = 5 * 60
FINAL_WARNING_MAX = 6 * HOUR

HALF_TIME, LAST_CALL = 1, 2
"""The reminder stages, as counted in `reminders_sent`."""


def epoch(moment: datetime) -> int:
    """Whole seconds since the epoch (how the store keeps times)."""
    return int(moment.timestamp())


def moment(seconds: int) -> datetime:
    """The aware UTC datetime of a stored time."""
    return datetime.fromtimestamp(seconds, UTC)


@quick_init
@dataclass(frozen=True, slots=True)
class Turn:
    """The alarms of one turn, in epoch seconds."""

    started: int
    limit: int

    @property
    def half_time(self) -> int:
        """When the first reminder is due."""
        return self.started + self.limit // 2

    @property
    def last_call(self) -> int:
        """When the last reminder is due."""
        warning = min(max(int(self.limit * FINAL_WARNING), FINAL_WARNING_MIN), FINAL_WARNING_MAX)
        return self.deadline - warning

    @property
    def deadline(self) -> int:
        """When the player to move loses on time."""
        return self.started + self.limit

    def next_alarm(self, reminders_sent: int) -> int:
        """When to look at the game next, given the reminders already sent."""
        return (self.half_time, self.last_call, self.deadline)[reminders_sent]

    def reminder_due(self, now: int, reminders_sent: int) -> int | None:
        """The reminder stage to send at `now` (the later one if both are late), or None."""
        if now >= self.deadline:
            return None
        if now >= self.last_call and reminders_sent < LAST_CALL:
            return LAST_CALL
        if now >= self.half_time and reminders_sent < HALF_TIME:
            return HALF_TIME
        return None
