"""Challenges: making one, accepting, declining, cancelling, and every refusal."""

import asyncio

import pytest

from bot.service import Challenge, GameService, errors
from bot.service.deadlines import DAY, DEFAULT_MOVE_SECONDS, HOUR
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


async def challenge(service: GameService, **changes: object):
    options: dict = {
        "game_kind": "ponte",
        "guild_id": GUILD,
        "channel_id": CHANNEL,
        "challenger_id": ALICE,
        "opponent_id": BOB,
    }
    options.update(changes)
    return await service.challenges.challenge(**options)


async def test_a_challenge_is_stored_pending_with_its_options(service: GameService) -> None:
    made = await challenge(service, variant="Classic", move_seconds=2 * HOUR, wants_thread=True)
    stored = await service.challenges.get_challenge(made.id)
    assert stored == made
    assert (stored.status, stored.game_kind, stored.variant) == ("pending", "ponte", "classic")
    assert (stored.challenger_id, stored.opponent_id, stored.move_seconds) == (ALICE, BOB, 7200)
    assert stored.wants_thread == 1
    assert stored.expires_at - stored.created_at == 2 * DAY


async def test_defaults_are_the_first_variant_and_three_days(service: GameService) -> None:
    made = await challenge(service, game_kind="Verbindung")
    assert (made.game_kind, made.variant, made.move_seconds) == (
        "verbindung",
        "standard",
        DEFAULT_MOVE_SECONDS,
    )
    assert DEFAULT_MOVE_SECONDS == 3 * DAY


async def test_a_coin_toss_decides_who_starts_when_nobody_chose(tmp_path) -> None:
    from testing.servicekit import CountingSeeds, open_service

    starts = []
    for first_seed in (1, 2):
        service = await open_service(tmp_path / f"{first_seed}.db", seeds=CountingSeeds(first_seed))
        try:
            starts.append((await challenge(service)).challenger_first)
        finally:
            await service.connection.close()
    assert starts == [1, 0]


@pytest.mark.parametrize(
    ("changes", "error", "key"),
    [
        ({"game_kind": "chess"}, errors.UnknownGameError, "unknown_game"),
        ({"variant": "huge"}, errors.UnknownVariantError, "unknown_variant"),
        ({"game_kind": "verbindung", "variant": "online"}, errors.UnknownVariantError, None),
        ({"opponent_id": ALICE}, errors.SelfChallengeError, "self_challenge"),
        ({"move_seconds": HOUR - 1}, errors.BadTimeLimitError, "bad_time_limit"),
        ({"move_seconds": 14 * DAY + 1}, errors.BadTimeLimitError, None),
    ],
)
async def test_bad_challenges_are_refused_and_nothing_is_stored(
    service: GameService, changes: dict, error: type, key: str | None
) -> None:
    with pytest.raises(error) as raised:
        await challenge(service, **changes)
    if key is not None:
        assert raised.value.key == key
    assert await service.challenges.pending_challenges(ALICE) == []


@pytest.mark.parametrize("seconds", [HOUR, 14 * DAY])
async def test_the_time_limit_bounds_are_allowed(service: GameService, seconds: int) -> None:
    assert (await challenge(service, move_seconds=seconds)).move_seconds == seconds


async def test_the_same_challenge_twice_is_refused(service: GameService) -> None:
    first = await challenge(service)
    with pytest.raises(errors.DuplicateChallengeError) as raised:
        await challenge(service)
    assert raised.value.params["challenge_id"] == first.id
    await challenge(service, opponent_id=CAROL)  # another opponent is fine


async def test_a_busy_channel_refuses_a_challenge_unless_it_asks_for_a_thread(
    service: GameService,
) -> None:
    await start_game(service)
    with pytest.raises(errors.ChannelBusyError) as raised:
        await challenge(service, opponent_id=CAROL)
    assert "thread" in str(raised.value)
    made = await challenge(service, opponent_id=CAROL, wants_thread=True)
    accepted = await service.challenges.accept(
        made.id, CAROL, channel_id=7000, parent_channel_id=CHANNEL
    )
    assert (accepted.view.channel_id, accepted.view.parent_channel_id) == (7000, CHANNEL)


async def test_accept_starts_the_game_with_the_chosen_first_player(service: GameService) -> None:
    made = await challenge(service, challenger_first=False, move_seconds=5 * HOUR)
    accepted = await service.challenges.accept(made.id, BOB)
    view = accepted.view
    assert accepted.challenge.status == "accepted"
    assert accepted.challenge.game_id == view.id
    assert view.players == {"white": BOB, "red": ALICE}
    assert view.to_move_id == BOB
    assert (view.revision, view.move_seconds, view.is_active) == (0, 5 * HOUR, True)
    assert (await service.queries.game_in(CHANNEL)).id == view.id


async def test_a_verbindung_game_starts_with_its_first_roll_drawn(service: GameService) -> None:
    view = (await start_game(service, "verbindung")).view
    assert view.players == {"red": ALICE, "black": BOB}
    assert view.revision == 0 and view.game.ply == 1  # a new game, its first roll stored
    assert str(view.game.moves[0]).startswith("roll ")
    assert len(view.game.roll) == 2  # V5: red's first turn rolls two dice
    assert view.to_move_id == ALICE


async def test_only_the_challenged_user_accepts_or_declines(service: GameService) -> None:
    made = await challenge(service)
    for user in (ALICE, CAROL):
        with pytest.raises(errors.NotYourChallengeError):
            await service.challenges.accept(made.id, user)
    with pytest.raises(errors.NotYourChallengeError):
        await service.challenges.decline(made.id, ALICE)
    assert (await service.challenges.get_challenge(made.id)).status == "pending"
    assert (await service.challenges.decline(made.id, BOB)).status == "declined"
    with pytest.raises(errors.ChallengeClosedError) as raised:
        await service.challenges.accept(made.id, BOB)
    assert raised.value.params["status"] == "declined"


async def test_only_the_challenger_cancels(service: GameService) -> None:
    made = await challenge(service)
    with pytest.raises(errors.NotYourChallengeError):
        await service.challenges.cancel(made.id, BOB)
    assert (await service.challenges.cancel(made.id, ALICE)).status == "cancelled"
    with pytest.raises(errors.ChallengeClosedError):
        await service.challenges.cancel(made.id, ALICE)


async def test_a_challenge_is_accepted_once(service: GameService) -> None:
    made = await challenge(service)
    await service.challenges.accept(made.id, BOB)
    with pytest.raises(errors.ChallengeClosedError) as raised:
        await service.challenges.accept(made.id, BOB)
    assert raised.value.params["status"] == "accepted"


async def test_an_unknown_challenge_is_reported(service: GameService) -> None:
    with pytest.raises(errors.ChallengeNotFoundError):
        await service.challenges.accept(999, BOB)


async def test_a_challenge_past_its_time_cannot_be_accepted(
    service: GameService, clock: FakeClock
) -> None:
    made = await challenge(service)
    clock.advance(days=2)
    with pytest.raises(errors.ChallengeClosedError) as raised:
        await service.challenges.accept(made.id, BOB)
    assert raised.value.params["status"] == "expired"


async def test_accepting_into_a_channel_that_got_busy_meanwhile_is_refused(
    service: GameService,
) -> None:
    to_bob = await challenge(service)
    to_carol = await challenge(service, opponent_id=CAROL)
    await service.challenges.accept(to_bob.id, BOB)
    with pytest.raises(errors.ChannelBusyError):
        await service.challenges.accept(to_carol.id, CAROL)
    assert (await service.challenges.get_challenge(to_carol.id)).status == "pending"


async def test_the_decline_button_declines_for_the_opponent_and_withdraws_for_the_challenger(
    service: GameService,
) -> None:
    first = await service.challenges.challenge(
        game_kind="ponte", channel_id=CHANNEL, challenger_id=ALICE, opponent_id=BOB
    )
    assert (await service.challenges.turn_down(first.id, BOB)).status == "declined"
    second = await service.challenges.challenge(
        game_kind="ponte", channel_id=CHANNEL, challenger_id=ALICE, opponent_id=BOB
    )
    with pytest.raises(errors.NotYourChallengeError):
        await service.challenges.turn_down(second.id, CAROL)
    assert (await service.challenges.turn_down(second.id, ALICE)).status == "cancelled"


async def test_other_bots_and_a_level_for_a_person_are_refused_and_nothing_is_stored(
    service: GameService,
) -> None:
    with pytest.raises(errors.OpponentIsBotError):
        await service.challenges.challenge(
            game_kind="ponte",
            channel_id=CHANNEL,
            challenger_id=ALICE,
            opponent_id=BOB,
            opponent_is_bot=True,
        )
    with pytest.raises(errors.LevelNeedsComputerError):
        await service.challenges.challenge(
            game_kind="ponte",
            channel_id=CHANNEL,
            challenger_id=ALICE,
            opponent_id=BOB,
            level="hard",
        )
    assert await service.challenges.pending_challenges(ALICE) == []
    assert service.challenges.is_computer_player(
        COMPUTER
    ) and not service.challenges.is_computer_player(BOB)


async def test_a_challenge_back_while_one_is_open_is_refused_naming_the_one_to_answer(
    service: GameService,
) -> None:
    first = await challenge(service)  # ALICE challenges BOB
    with pytest.raises(errors.AlreadyChallengedError) as raised:
        await challenge(service, challenger_id=BOB, opponent_id=ALICE)
    assert raised.value.params == {"challenge_id": first.id, "challenger_id": ALICE}
    assert [c.id for c in await service.challenges.pending_challenges(BOB)] == [first.id]
    await service.challenges.decline(first.id, BOB)
    again = await challenge(service, challenger_id=BOB, opponent_id=ALICE)  # closed: free again
    assert again.challenger_id == BOB


async def test_one_request_delivered_twice_makes_one_challenge(service: GameService) -> None:
    made = await challenge(service, request_id=4242)
    with pytest.raises(errors.RequestAlreadyHandledError):
        await challenge(service, request_id=4242)
    with pytest.raises(errors.DuplicateChallengeError):  # another request: a real repeat
        await challenge(service, request_id=4243)
    assert [c.id for c in await service.challenges.pending_challenges(ALICE)] == [made.id]


async def test_one_request_racing_in_two_processes_makes_one_challenge(
    database_at, clock: FakeClock
) -> None:
    # Two processes of one shard (a misconfigured overlap) both receive the same /challenge.
    first = await open_service(database_at, clock, CountingSeeds())
    second = await open_service(database_at, clock, CountingSeeds(100))
    try:
        attempts = [challenge(s, request_id=77) for s in (first, second) for _ in range(5)]
        results = await asyncio.gather(*attempts, return_exceptions=True)
        made = [r for r in results if isinstance(r, Challenge)]
        refused = [r for r in results if isinstance(r, BaseException)]
        assert len(made) == 1, results
        assert all(isinstance(r, errors.RequestAlreadyHandledError) for r in refused), refused
        assert [c.id for c in await second.challenges.pending_challenges(BOB)] == [made[0].id]
    finally:
        await first.connection.close()
        await second.connection.close()


async def test_a_challenge_past_its_time_blocks_no_new_one_between_the_two(
    service: GameService, clock: FakeClock
) -> None:
    # The scheduler has not closed the old challenge yet: it is still 'pending' in the table.
    old = await challenge(service)
    clock.advance(days=2)
    again = await challenge(service)  # the challenger again
    assert again.id != old.id and again.status == "pending"
    closed = await service.challenges.get_challenge(old.id)
    assert closed.status == "expired"
    assert [row.subject_id for row in await owed(service, "challenge_expired")] == [old.id]
    clock.advance(days=2)
    back = await challenge(service, challenger_id=BOB, opponent_id=ALICE)  # and the other way
    assert back.challenger_id == BOB
    assert [c.id for c in await service.challenges.pending_challenges(ALICE)] == [back.id]
    assert await service.alarms.run_due() == []  # both already closed: nothing left to expire
