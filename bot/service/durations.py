"""How long a player's offer waits for an opponent, as they choose it: an open challenge for a
taker (`/challenge` with no opponent, the lobby's form) and a seek in the pool (`/seek`). Both
wait a day unless the player says otherwise, and between an hour and seven days; a choice
outside is refused, each with its own words (the error's key)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from bot.service.deadlines import DAY, HOUR
from bot.service.errors import BadDurationError


@dataclass(frozen=True)
class Bounds:
    """A duration's default and its allowed range, in seconds (both ends allowed)."""

    default: int
    minimum: int
    maximum: int


WAITING = Bounds(default=DAY, minimum=HOUR, maximum=7 * DAY)
"""How long an open challenge or a seek waits for an opponent."""


def chosen_seconds(
    seconds: int | None,
    refusal: type[BadDurationError],
    what: str,
    bounds: Bounds = WAITING,
) -> int:
    """The duration a player chose (`bounds.default` for None); raise `refusal` (with the
    chosen duration and the range as `timedelta`s, which its words name) outside the range.
    `what` names what waits, for the log."""
    if seconds is None:
        return bounds.default
    if not bounds.minimum <= seconds <= bounds.maximum:
        minimum, maximum = timedelta(seconds=bounds.minimum), timedelta(seconds=bounds.maximum)
        raise refusal(
            f"{what} waits between {minimum} and {maximum}",
            seconds=timedelta(seconds=seconds),
            minimum=minimum,
            maximum=maximum,
        )
    return seconds
