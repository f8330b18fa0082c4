"""Racing submissions: one database shared by many coroutines, and two processes' worth of
connections to one database."""

import asyncio

import pytest
from servicekit import ALICE, CHANNEL, CountingSeeds, FakeClock, open_service, start_game

from bot.service import GameService, MoveResult, errors


def outcomes(results: list) -> tuple[list[MoveResult], list[BaseException]]:
    applied = [r for r in results if isinstance(r, MoveResult)]
    refused = [r for r in results if isinstance(r, BaseException)]
    return applied, refused


@pytest.mark.parametrize("version", [0, None])
async def test_fifty_concurrent_submissions_of_one_move_apply_once(
    service: GameService, version: int | None
) -> None:
    await start_game(service)
    results = await asyncio.gather(
        *(service.play(CHANNEL, ALICE, "a1 c1", version) for _ in range(50)),
        return_exceptions=True,
    )
    applied, refused = outcomes(results)
    assert len(applied) == 1
    assert all(isinstance(error, errors.AlreadyPlayedError) for error in refused), refused
    view = await service.game_in(CHANNEL)
    assert [str(move) for move in view.game.moves] == ["a1 c1"]


async def test_two_connections_racing_apply_the_move_once(database_at, clock: FakeClock) -> None:
    path = database_at
    first = await open_service(path, clock, CountingSeeds())
    second = await open_service(path, clock, CountingSeeds(100))
    try:
        await start_game(first)
        attempts = [s.play(CHANNEL, ALICE, "a1 c1", 0) for s in (first, second) for _ in range(25)]
        applied, refused = outcomes(await asyncio.gather(*attempts, return_exceptions=True))
        assert len(applied) == 1
        assert all(isinstance(error, errors.AlreadyPlayedError) for error in refused), refused
        assert (await second.game_in(CHANNEL)).version == 1
    finally:
        await first.connection.close()
        await second.connection.close()


async def test_moves_in_many_channels_at_once_all_apply(service: GameService) -> None:
    channels = range(CHANNEL, CHANNEL + 20)
    for channel in channels:
        await start_game(service, channel_id=channel)
    results = await asyncio.gather(*(service.play(c, ALICE, "a1 c1") for c in channels))
    assert {r.view.channel_id for r in results} == set(channels)
    assert all(r.view.version == 1 for r in results)
