"""Rematch (issue 14): the same game again with the first move exchanged; refusals change
nothing."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import Challenge, GameService, Started, errors
from bot.service.deadlines import HOUR
from testing.servicekit import ALICE, BOB, CAROL, CHANNEL, COMPUTER, start_computer_game, start_game


async def finished_game(service: GameService, **options) -> int:
    accepted = await start_game(service, **options)  # ALICE moves first
    await service.moves.resign(CHANNEL, BOB)
    return accepted.view.id


@pytest.mark.parametrize("asker", [ALICE, BOB])
async def test_either_player_asks_and_the_other_is_challenged_with_the_first_move_exchanged(
    service: GameService, asker: int
) -> None:
    game_id = await finished_game(service, variant="classic", move_seconds=2 * HOUR)
    made = await service.rematches.rematch(game_id, asker)
    assert isinstance(made, Challenge)
    other = BOB if asker == ALICE else ALICE
    assert (made.challenger_id, made.opponent_id, made.channel_id) == (asker, other, CHANNEL)
    assert (made.game_kind, made.variant, made.move_seconds) == ("ponte", "classic", 2 * HOUR)
    accepted = await service.challenges.accept(made.id, other)
    assert accepted.view.to_move_id == BOB  # ALICE began the first game


async def test_asking_twice_or_answering_with_a_rematch_is_refused(service: GameService) -> None:
    game_id = await finished_game(service)
    made = await service.rematches.rematch(game_id, ALICE)
    for user in (ALICE, BOB):
        with pytest.raises(errors.RematchAlreadyAskedError) as refused:
            await service.rematches.rematch(game_id, user)
        assert refused.value.params["asker_id"] == ALICE
    assert [c.id for c in await service.challenges.pending_challenges(BOB)] == [made.id]


async def test_a_running_game_or_a_stranger_gets_no_rematch(service: GameService) -> None:
    running = await start_game(service)
    with pytest.raises(errors.GameStillRunningError):
        await service.rematches.rematch(running.view.id, ALICE)
    await service.moves.resign(CHANNEL, ALICE)
    with pytest.raises(errors.NotAPlayerError):
        await service.rematches.rematch(running.view.id, CAROL)
    with pytest.raises(errors.GameNotFoundError):
        await service.rematches.rematch(999, ALICE)
    assert await service.challenges.pending_challenges(ALICE) == []


async def test_against_the_computer_the_rematch_starts_at_once(service: GameService) -> None:
    view = await start_computer_game(service, player_first=True, level="hard")
    await service.moves.resign(CHANNEL, ALICE)
    started = await service.rematches.rematch(view.id, ALICE)
    assert isinstance(started, Started)
    again = started.view
    assert again.id != view.id and again.is_active and again.channel_id == CHANNEL
    assert (again.to_move_id, again.computer_level) == (COMPUTER, "hard")


async def test_both_players_pressing_rematch_at_once_make_one_challenge(
    service: GameService,
) -> None:
    game_id = await finished_game(service)
    results = await asyncio.gather(
        service.rematches.rematch(game_id, ALICE, request_id=1),
        service.rematches.rematch(game_id, BOB, request_id=2),
        return_exceptions=True,
    )
    (made,) = [r for r in results if isinstance(r, Challenge)]
    (refused,) = [r for r in results if isinstance(r, BaseException)]
    assert isinstance(refused, errors.RematchAlreadyAskedError)
    assert refused.params["asker_id"] == made.challenger_id
    assert [c.id for c in await service.challenges.pending_challenges(ALICE)] == [made.id]


async def test_a_rematch_press_delivered_twice_makes_one_challenge(
    service: GameService,
) -> None:
    game_id = await finished_game(service)
    results = await asyncio.gather(
        *(service.rematches.rematch(game_id, ALICE, request_id=9) for _ in range(4)),
        return_exceptions=True,
    )
    made = [r for r in results if isinstance(r, Challenge)]
    assert len(made) == 1
    assert all(isinstance(r, errors.RequestAlreadyHandledError) for r in results if r not in made)
    assert [c.id for c in await service.challenges.pending_challenges(BOB)] == [made[0].id]
