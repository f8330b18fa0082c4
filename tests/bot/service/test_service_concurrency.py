"""Racing submissions: one database shared by many coroutines, and two processes' worth of
connections to one database."""

import asyncio
import os
import sys
from pathlib import Path

import pytest

from bot.service import GameService, MoveResult, errors
from testing.servicekit import ALICE, CHANNEL, CountingSeeds, FakeClock, open_service, start_game


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
        *(service.moves.play(CHANNEL, ALICE, "a1 c1", version) for _ in range(50)),
        return_exceptions=True,
    )
    applied, refused = outcomes(results)
    assert len(applied) == 1
    assert all(isinstance(error, errors.AlreadyPlayedError) for error in refused), refused
    view = await service.queries.game_in(CHANNEL)
    assert [str(move) for move in view.game.moves] == ["a1 c1"]


async def test_two_connections_racing_apply_the_move_once(database_at, clock: FakeClock) -> None:
    path = database_at
    first = await open_service(path, clock, CountingSeeds())
    second = await open_service(path, clock, CountingSeeds(100))
    try:
        await start_game(first)
        attempts = [
            s.moves.play(CHANNEL, ALICE, "a1 c1", 0) for s in (first, second) for _ in range(25)
        ]
        applied, refused = outcomes(await asyncio.gather(*attempts, return_exceptions=True))
        assert len(applied) == 1
        assert all(isinstance(error, errors.AlreadyPlayedError) for error in refused), refused
        assert (await second.queries.game_in(CHANNEL)).revision == 1
    finally:
        await first.connection.close()
        await second.connection.close()


async def test_moves_in_many_channels_at_once_all_apply(service: GameService) -> None:
    channels = range(CHANNEL, CHANNEL + 20)
    for channel in channels:
        await start_game(service, channel_id=channel)
    results = await asyncio.gather(*(service.moves.play(c, ALICE, "a1 c1") for c in channels))
    assert {r.view.channel_id for r in results} == set(channels)
    assert all(r.view.revision == 1 for r in results)


async def test_fifty_submissions_racing_through_two_processes_apply_once(
    database_at, clock: FakeClock
) -> None:
    """Two real processes, each with its own connections, submit the same move 25 times at
    the same moment."""
    service = await open_service(database_at, clock, CountingSeeds())
    try:
        await start_game(service)
    finally:
        await service.connection.close()
    racers = [await start_racer(database_at) for _ in range(2)]
    for racer in racers:  # every racer is connected and waiting: start them all at once
        assert (await racer.stdout.readline()).strip() == b"ready"
    for racer in racers:
        racer.stdin.write(b"go\n")
        await racer.stdin.drain()
    outputs = [(await racer.communicate())[0].decode().split() for racer in racers]
    assert sum(int(output[0]) for output in outputs) == 1, outputs
    refusals = {name for output in outputs for name in output[1].split(",")}
    assert refusals == {"AlreadyPlayedError"}, outputs
    service = await open_service(database_at, clock, CountingSeeds(50))
    try:
        assert [str(m) for m in (await service.queries.game_in(CHANNEL)).game.moves] == ["a1 c1"]
    finally:
        await service.connection.close()


async def start_racer(database_at) -> asyncio.subprocess.Process:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[3]))
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "testing.race_worker",
        str(database_at),
        str(CHANNEL),
        str(ALICE),
        "a1 c1",
        "0",
        "25",
        env=env,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
