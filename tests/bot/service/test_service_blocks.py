"""No ping loops (issue 27, point 1): a limit on pending challenges per challenger, a cooldown
after a second withdrawal or decline between the same two players within an hour, and blocks
(a player refuses further challenges and rematches from someone, on every server)."""

from __future__ import annotations

import pytest

from bot.service import Challenge, GameService, errors
from bot.service.limits import COOLDOWN, DEFAULT_PENDING_CHALLENGES, Limits
from testing.servicekit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    CountingSeeds,
    FakeClock,
    open_service,
    start_game,
)


async def challenge(
    service: GameService, challenger: int = ALICE, opponent: int = BOB, **changes: object
) -> Challenge:
    options: dict = {
        "game_kind": "ponte",
        "guild_id": GUILD,
        "channel_id": CHANNEL,
        "challenger_id": challenger,
        "opponent_id": opponent,
    }
    options.update(changes)
    return await service.challenges.challenge(**options)


async def pending_of(service: GameService, user: int) -> list[int]:
    return [c.id for c in await service.challenges.pending_challenges(user)]


async def test_a_challenger_has_at_most_five_pending_challenges(service: GameService) -> None:
    assert DEFAULT_PENDING_CHALLENGES == 5
    made = [
        await challenge(service, opponent=1000 + n, channel_id=CHANNEL + n, guild_id=GUILD + n)
        for n in range(5)
    ]
    with pytest.raises(errors.TooManyChallengesError) as refused:
        await challenge(service, opponent=CAROL, channel_id=CHANNEL + 9)
    assert refused.value.params["pending_challenges"] == 5
    assert await pending_of(service, ALICE) == [c.id for c in made]  # nothing stored
    await service.challenges.cancel(made[0].id, ALICE)  # one answered: room for one more
    await challenge(service, opponent=CAROL, channel_id=CHANNEL + 9)
    await challenge(service, challenger=BOB, opponent=CAROL)  # another challenger's own five


async def test_an_expired_challenge_no_longer_counts(service: GameService, clock) -> None:
    for n in range(5):
        await challenge(service, opponent=1000 + n, channel_id=CHANNEL + n)
    clock.advance(days=2, seconds=1)  # all five expired, though the scheduler has not marked them
    fresh = [
        await challenge(service, opponent=2000 + n, channel_id=CHANNEL + 10 + n) for n in range(5)
    ]
    assert [await pending_of(service, 2000 + n) for n in range(5)] == [[c.id] for c in fresh]
    with pytest.raises(errors.TooManyChallengesError) as refused:  # the fresh five count
        await challenge(service, opponent=CAROL, channel_id=CHANNEL + 20)
    assert refused.value.params["pending_challenges"] == 5
    assert await pending_of(service, CAROL) == []


async def test_the_limit_is_a_setting(tmp_path) -> None:
    service = await open_service(tmp_path / "bot.sqlite3", limits=Limits(pending_challenges=1))
    try:
        await challenge(service)
        with pytest.raises(errors.TooManyChallengesError) as refused:
            await challenge(service, opponent=CAROL)
        assert refused.value.params["pending_challenges"] == 1
    finally:
        await service.connection.close()


async def withdraw(service: GameService, challenger: int = ALICE, opponent: int = BOB) -> None:
    made = await challenge(service, challenger, opponent)
    await service.challenges.turn_down(made.id, challenger)


async def decline(service: GameService, challenger: int = ALICE, opponent: int = BOB) -> None:
    made = await challenge(service, challenger, opponent)
    await service.challenges.turn_down(made.id, opponent)


async def test_one_withdrawal_is_free_a_second_within_the_hour_holds_the_next_for_an_hour(
    service: GameService, clock: FakeClock
) -> None:
    await withdraw(service)  # a mistyped option, fixed
    clock.advance(minutes=20)
    await withdraw(service)  # the second within the hour: the hold begins now
    held_from = int(clock.now.timestamp())
    clock.advance(minutes=59)
    with pytest.raises(errors.ChallengeCooldownError) as held:
        await challenge(service)
    assert held.value.params == {"opponent_id": BOB, "retry_at": held_from + COOLDOWN}
    assert await pending_of(service, BOB) == []
    await challenge(service, CAROL, BOB)  # someone else may challenge bob
    await challenge(service, ALICE, CAROL, channel_id=CHANNEL + 1)  # alice someone else
    await challenge(service, BOB, ALICE, channel_id=CHANNEL + 2)  # and bob alice
    clock.advance(minutes=1)
    await challenge(service)  # the hour is over


async def test_declines_count_as_withdrawals_do(service: GameService, clock: FakeClock) -> None:
    await decline(service)
    clock.advance(minutes=30)
    await withdraw(service)
    with pytest.raises(errors.ChallengeCooldownError):
        await challenge(service)


async def test_two_withdrawals_more_than_an_hour_apart_hold_nothing(
    service: GameService, clock: FakeClock
) -> None:
    await withdraw(service)
    clock.advance(minutes=61)
    await withdraw(service)
    made = await challenge(service)
    assert (made.challenger_id, made.opponent_id) == (ALICE, BOB)
    assert await pending_of(service, BOB) == [made.id]


async def test_a_rematch_is_held_as_a_challenge_is(service: GameService, clock) -> None:
    accepted = await start_game(service)
    await service.moves.resign(CHANNEL, ALICE)
    await withdraw(service, BOB, ALICE)
    await decline(service, BOB, ALICE)
    with pytest.raises(errors.ChallengeCooldownError):
        await service.rematches.rematch(accepted.view.id, BOB)
    assert await pending_of(service, ALICE) == []


async def test_a_blocked_player_is_told_only_that_the_player_does_not_accept_challenges(
    service: GameService,
) -> None:
    await service.blocks.block(BOB, ALICE)
    with pytest.raises(errors.NotAcceptingChallengesError) as refused:
        await challenge(service)
    assert refused.value.params == {"opponent_id": BOB}
    assert await pending_of(service, BOB) == []
    await challenge(service, BOB, ALICE)  # bob may still challenge alice himself
    await challenge(service, CAROL, BOB)


async def test_a_block_holds_on_every_server_until_it_is_lifted(service: GameService) -> None:
    await service.blocks.block(BOB, ALICE)
    with pytest.raises(errors.NotAcceptingChallengesError):
        await challenge(service, guild_id=GUILD + 1, channel_id=CHANNEL + 1)
    assert await service.blocks.blocked(BOB) == [ALICE]
    await service.blocks.unblock(BOB, ALICE)
    assert await service.blocks.blocked(BOB) == []
    await challenge(service, guild_id=GUILD + 1, channel_id=CHANNEL + 1)


async def test_blocking_refusals_are_specific(service: GameService) -> None:
    with pytest.raises(errors.SelfBlockError):
        await service.blocks.block(BOB, BOB)
    await service.blocks.block(BOB, ALICE)
    with pytest.raises(errors.AlreadyBlockedError) as again:
        await service.blocks.block(BOB, ALICE)
    assert again.value.params == {"user_id": ALICE}
    with pytest.raises(errors.NotBlockedError) as lifted:
        await service.blocks.unblock(BOB, CAROL)
    assert lifted.value.params == {"user_id": CAROL}


async def test_decline_and_block_declines_and_blocks_in_one(service: GameService) -> None:
    made = await challenge(service)
    with pytest.raises(errors.NotYourChallengeError):
        await service.challenges.decline_and_block(made.id, ALICE)  # the challenger cannot
    with pytest.raises(errors.NotYourChallengeError):
        await service.challenges.decline_and_block(made.id, CAROL)
    assert await service.blocks.blocked(ALICE) == [] and await service.blocks.blocked(CAROL) == []
    closed = await service.challenges.decline_and_block(made.id, BOB)
    assert closed.status == "declined"
    assert await service.blocks.blocked(BOB) == [ALICE]
    with pytest.raises(errors.NotAcceptingChallengesError):
        await challenge(service)


async def test_a_blocked_players_rematch_is_refused_the_same_way(service: GameService) -> None:
    accepted = await start_game(service)
    await service.moves.resign(CHANNEL, BOB)
    await service.blocks.block(BOB, ALICE)
    with pytest.raises(errors.NotAcceptingChallengesError) as refused:
        await service.rematches.rematch(accepted.view.id, ALICE)
    assert refused.value.params == {"opponent_id": BOB}
    assert await pending_of(service, BOB) == []
    made = await service.rematches.rematch(accepted.view.id, BOB)  # the one who blocked may ask
    assert isinstance(made, Challenge) and made.opponent_id == ALICE


async def test_a_rematch_counts_against_the_pending_limit(tmp_path) -> None:
    clock = FakeClock()
    service = await open_service(
        tmp_path / "bot.sqlite3", clock, CountingSeeds(), limits=Limits(pending_challenges=1)
    )
    try:
        accepted = await start_game(service)
        await service.moves.resign(CHANNEL, BOB)
        await challenge(service, ALICE, CAROL, channel_id=CHANNEL + 1)
        with pytest.raises(errors.TooManyChallengesError):
            await service.rematches.rematch(accepted.view.id, ALICE)
    finally:
        await service.connection.close()
