"""Open challenges (issue 53): a challenge to anyone in a channel, taken by the first to press,
withdrawn, expired, refused to a blocked player as a gone challenge, and outside its rating
window with both ratings."""

import asyncio

import pytest

from bot.service import Challenge, GameService, errors
from bot.service.deadlines import DAY, HOUR
from bot.service.open_challenges import DEFAULT_OPEN_SECONDS
from bot.service.rating_model import SCALE
from bot.store import RatingRow, ratings
from testing.servicekit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    COMPUTER,
    GUILD,
    CountingSeeds,
    FakeClock,
    open_service,
    owed,
    start_game,
)

DAVE, ERIN = 404, 505


async def post(service: GameService, **changes: object) -> Challenge:
    options: dict = {
        "game_kind": "ponte",
        "guild_id": GUILD,
        "channel_id": CHANNEL,
        "challenger_id": ALICE,
    }
    options.update(changes)
    return await service.open_challenges.challenge_anyone(**options)


async def rate(service: GameService, user_id: int, shown: int) -> None:
    """Give `user_id` a rating that reads `shown` in Ponte on the server."""
    row = RatingRow(GUILD, "ponte", user_id, float(shown), 2.0 * SCALE, 10, 5, 5, 0, 0)
    async with service.connection.transaction() as db:
        await ratings.save_rating(db, row)


async def test_an_open_challenge_is_stored_with_no_opponent_and_its_own_expiry(
    service: GameService,
) -> None:
    made = await post(service, rating_window=200, best_of=3, expires_seconds=6 * HOUR)
    stored = await service.challenges.get_challenge(made.id)
    assert stored == made
    assert (stored.opponent_id, stored.to_anyone, stored.status) == (None, True, "pending")
    assert (stored.rating_window, stored.best_of) == (200, 3)
    assert stored.expires_at - stored.created_at == 6 * HOUR
    assert (await post(service, channel_id=CHANNEL + 1)).expires_at - made.created_at == DAY
    assert DEFAULT_OPEN_SECONDS == DAY
    assert [c.id for c in await service.open_challenges.open_in_server(GUILD)] == [
        made.id,
        made.id + 1,
    ]


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"expires_seconds": HOUR - 1}, errors.BadChallengeExpiryError),
        ({"expires_seconds": 7 * DAY + 1}, errors.BadChallengeExpiryError),
        ({"rating_window": 0}, errors.BadRatingWindowError),
        ({"rating_window": 1001}, errors.BadRatingWindowError),
        ({"level": "easy"}, errors.LevelNeedsComputerError),
        ({"move_seconds": HOUR - 1}, errors.BadTimeLimitError),
        ({"game_kind": "chess"}, errors.UnknownGameError),
    ],
)
async def test_bad_options_are_refused_and_nothing_is_stored(
    service: GameService, changes: dict, error: type
) -> None:
    with pytest.raises(error):
        await post(service, **changes)
    assert await service.challenges.pending_challenges(ALICE) == []


async def test_the_expiry_bounds_are_allowed(service: GameService) -> None:
    assert (await post(service, expires_seconds=HOUR)).status == "pending"
    longest = await post(service, channel_id=CHANNEL + 1, expires_seconds=7 * DAY)
    assert longest.expires_at - longest.created_at == 7 * DAY


async def test_one_open_challenge_per_channel_and_one_request_makes_one(
    service: GameService,
) -> None:
    first = await post(service, request_id=9)
    with pytest.raises(errors.RequestAlreadyHandledError):
        await post(service, request_id=9)
    with pytest.raises(errors.OpenChallengeExistsError) as raised:
        await post(service, request_id=10)
    assert raised.value.params["challenge_id"] == first.id
    # A named challenge of the same challenger here is another thing, and so is bob's.
    await service.challenges.challenge(
        game_kind="ponte", guild_id=GUILD, channel_id=CHANNEL, challenger_id=ALICE, opponent_id=BOB
    )
    await post(service, challenger_id=BOB)


async def test_it_counts_towards_the_challengers_pending_challenges(tmp_path) -> None:
    from bot.service.limits import Limits

    service = await open_service(tmp_path / "db", limits=Limits(pending_challenges=1))
    try:
        await post(service)
        with pytest.raises(errors.TooManyChallengesError):
            await post(service, channel_id=CHANNEL + 1)
    finally:
        await service.connection.close()


async def test_the_first_taker_plays_and_later_ones_are_told_who_took_it(
    service: GameService,
) -> None:
    made = await post(service, challenger_first=True)
    taken = await service.challenges.accept(made.id, BOB)
    assert taken.challenge.status == "accepted" and taken.challenge.opponent_id == BOB
    assert (taken.view.first_id, taken.view.second_id) == (ALICE, BOB)  # she chose to start
    assert taken.challenge.game_id == taken.view.id
    with pytest.raises(errors.ChallengeTakenError) as raised:
        await service.challenges.accept(made.id, CAROL)
    assert raised.value.params == {"taker_id": BOB}
    assert await service.open_challenges.open_in_server(GUILD) == []


async def test_takers_pressing_at_once_in_two_processes_start_exactly_one_game(
    database_at, clock: FakeClock
) -> None:
    first = await open_service(database_at, clock, CountingSeeds())
    second = await open_service(database_at, clock, CountingSeeds(100))
    try:
        made = await post(first)
        takers = (BOB, CAROL, DAVE, ERIN)
        presses = [s.challenges.accept(made.id, t) for t in takers for s in (first, second)]
        results = await asyncio.gather(*presses, return_exceptions=True)
        started = [r for r in results if not isinstance(r, BaseException)]
        refused = [r for r in results if isinstance(r, BaseException)]
        assert len(started) == 1, results
        taker = started[0].challenge.opponent_id
        assert all(isinstance(r, errors.ChallengeTakenError) for r in refused), refused
        assert {r.params["taker_id"] for r in refused} == {taker}
        assert len(await first.queries.games(guild_id=GUILD)) == 1
    finally:
        await first.connection.close()
        await second.connection.close()


async def test_the_challenger_withdraws_it_and_cannot_take_it(service: GameService) -> None:
    made = await post(service)
    with pytest.raises(errors.NotYourChallengeError):
        await service.challenges.accept(made.id, ALICE)
    withdrawn = await service.challenges.turn_down(made.id, ALICE)
    assert (withdrawn.status, withdrawn.opponent_id) == ("cancelled", None)
    with pytest.raises(errors.ChallengeClosedError) as raised:
        await service.challenges.accept(made.id, BOB)
    assert raised.value.params == {"status": "cancelled"}


@pytest.mark.parametrize("blocker", ["challenger", "taker"])
async def test_a_block_either_way_is_answered_as_a_withdrawn_challenge(
    service: GameService, blocker: str
) -> None:
    made = await post(service)
    if blocker == "challenger":
        await service.blocks.block(ALICE, BOB)
    else:
        await service.blocks.block(BOB, ALICE)
    with pytest.raises(errors.ChallengeClosedError) as blocked:
        await service.challenges.accept(made.id, BOB)
    with pytest.raises(errors.ChallengeClosedError) as blocked_check:
        await service.challenges.check_accept(made.id, BOB)
    # Exactly what anyone pressing a withdrawn challenge hears.
    other = await post(service, channel_id=CHANNEL + 1)
    await service.challenges.cancel(other.id, ALICE)
    with pytest.raises(errors.ChallengeClosedError) as gone:
        await service.challenges.accept(other.id, CAROL)
    assert blocked.value.key == blocked_check.value.key == gone.value.key
    assert blocked.value.params == blocked_check.value.params == gone.value.params
    assert (await service.challenges.get_challenge(made.id)).status == "pending"
    assert (await service.challenges.accept(made.id, CAROL)).challenge.opponent_id == CAROL


async def test_a_taker_outside_the_rating_window_is_refused_with_both_ratings(
    service: GameService,
) -> None:
    await rate(service, ALICE, 1500)
    await rate(service, BOB, 1750)
    await rate(service, CAROL, 1650)
    made = await post(service, rating_window=200)
    with pytest.raises(errors.OutsideRatingWindowError) as raised:
        await service.challenges.accept(made.id, BOB)
    assert raised.value.params == {"rating": 1750, "challenger_rating": 1500, "window": 200}
    assert (await service.challenges.get_challenge(made.id)).status == "pending"
    # Unrated players may always take it; carol is within 200.
    assert (await service.challenges.check_accept(made.id, DAVE)).id == made.id
    assert (await service.challenges.accept(made.id, CAROL)).challenge.opponent_id == CAROL


async def test_an_unrated_challenger_counts_from_the_start_rating(service: GameService) -> None:
    await rate(service, BOB, 1800)
    made = await post(service, rating_window=100)
    with pytest.raises(errors.OutsideRatingWindowError) as raised:
        await service.challenges.accept(made.id, BOB)
    assert raised.value.params["challenger_rating"] == 1500


async def test_the_computer_is_never_a_taker(service: GameService) -> None:
    made = await post(service)
    with pytest.raises(errors.OpponentIsBotError):
        await service.challenges.accept(made.id, COMPUTER)
    assert (await service.challenges.get_challenge(made.id)).status == "pending"


async def test_it_expires_owing_its_edit_and_leaves_the_lobby(
    service: GameService, clock: FakeClock
) -> None:
    made = await post(service, expires_seconds=HOUR)
    await service.challenges.set_challenge_message(made.id, 777)
    clock.advance(hours=1)
    assert await service.open_challenges.open_in_server(GUILD) == []
    with pytest.raises(errors.ChallengeClosedError) as raised:
        await service.challenges.accept(made.id, BOB)
    assert raised.value.params == {"status": "expired"}
    [notice] = await service.alarms.run_due()
    assert notice.challenge.id == made.id and notice.challenge.status == "expired"
    assert [row.subject_id for row in await owed(service, "challenge_expired")] == [made.id]
    again = await post(service)  # the expired one no longer holds the channel
    assert again.status == "pending"


async def test_a_busy_channel_refuses_one_unless_it_asks_for_a_thread(
    service: GameService,
) -> None:
    await start_game(service)
    with pytest.raises(errors.ChannelBusyError):
        await post(service, challenger_id=CAROL)
    assert (await post(service, challenger_id=CAROL, wants_thread=True)).wants_thread
