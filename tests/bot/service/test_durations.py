"""How long a player's offer waits for an opponent (`bot.service.durations`): one rule for an open
challenge and a seek, each refused in its own words."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest

from bot.i18n.errors import describe_error
from bot.service import errors
from bot.service.deadlines import DAY, HOUR
from bot.service.durations import WAITING, Bounds, chosen_seconds
from bot.service.open_challenges import check_open_seconds
from bot.service.seeks import check_lapse_seconds

CHECKS: list[tuple[Callable[[int | None], int], type[errors.BadDurationError], str]] = [
    (check_open_seconds, errors.BadChallengeExpiryError, "bad_challenge_expiry"),
    (check_lapse_seconds, errors.BadSeekLapseError, "bad_seek_lapse"),
]


def test_an_offer_waits_a_day_unless_the_player_says_and_from_an_hour_to_seven_days() -> None:
    assert Bounds(default=DAY, minimum=HOUR, maximum=7 * DAY) == WAITING


@pytest.mark.parametrize(("check", "refusal", "key"), CHECKS)
def test_no_choice_is_the_default_and_both_ends_of_the_range_are_allowed(
    check: Callable[[int | None], int], refusal: type[errors.BadDurationError], key: str
) -> None:
    assert check(None) == WAITING.default
    for seconds in (WAITING.minimum, WAITING.minimum + 1, WAITING.maximum):
        assert check(seconds) == seconds


@pytest.mark.parametrize(("check", "refusal", "key"), CHECKS)
@pytest.mark.parametrize("seconds", [0, WAITING.minimum - 1, WAITING.maximum + 1])
def test_a_choice_outside_the_range_is_refused_in_the_words_of_what_waits(
    check: Callable[[int | None], int],
    refusal: type[errors.BadDurationError],
    key: str,
    seconds: int,
) -> None:
    with pytest.raises(refusal) as refused:
        check(seconds)
    assert refused.value.key == key
    assert refused.value.params == {
        "seconds": timedelta(seconds=seconds),
        "minimum": timedelta(hours=1),
        "maximum": timedelta(days=7),
    }


def test_the_refusals_name_the_range_in_words() -> None:
    with pytest.raises(errors.BadSeekLapseError) as seek:
        check_lapse_seconds(WAITING.maximum + 1)
    with pytest.raises(errors.BadChallengeExpiryError) as challenge:
        check_open_seconds(WAITING.minimum - 1)
    assert describe_error(seek.value, "en") == "A seek waits in the pool between 1 hour and 1 week."
    assert describe_error(challenge.value, "de") == (
        "Eine offene Herausforderung wartet zwischen 1 Stunde und 1 Woche."
    )


def test_other_bounds_and_refusals_are_the_callers() -> None:
    minute = Bounds(default=60, minimum=30, maximum=120)
    assert chosen_seconds(None, errors.BadDurationError, "a minute", minute) == 60
    with pytest.raises(errors.BadDurationError, match="a minute waits between"):
        chosen_seconds(121, errors.BadDurationError, "a minute", minute)
