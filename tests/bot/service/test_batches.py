"""Requests written together (`bot.service.batches`, the pool's arrivals): those made before a
batch is written go in it, in order and at most `most`, the rest in the next; each request
hears its own outcome or error, a batch that fails tells each of its requests, and the batches
after it still run; a batch is no command's answer."""

import asyncio

import pytest

from bot.service.batches import Batches
from bot.service.owed import answering, current_answer


async def test_requests_made_while_a_batch_is_written_go_in_the_next() -> None:
    written: list[list[int]] = []

    async def write(requests: list[int]) -> list[int | Exception]:
        written.append(requests)
        await asyncio.sleep(0)  # a transaction's await: others arrive meanwhile
        return [request * 10 for request in requests]

    batches = Batches(write, most=3)
    outcomes = await asyncio.gather(*(batches.submit(n) for n in range(7)))
    assert outcomes == [n * 10 for n in range(7)]
    assert written == [[0, 1, 2], [3, 4, 5], [6]]  # in order, at most three at once


async def test_each_request_hears_its_own_refusal_and_a_failed_batch_tells_all() -> None:
    async def write(requests: list[int]) -> list[int | Exception]:
        if 99 in requests:
            raise OSError("the database went away")
        return [ValueError(n) if n % 2 else n for n in requests]

    batches = Batches(write, most=10)
    outcomes = await asyncio.gather(*(batches.submit(n) for n in (0, 1, 2)), return_exceptions=True)
    assert outcomes[0] == 0 and outcomes[2] == 2 and isinstance(outcomes[1], ValueError)
    failed = await asyncio.gather(*(batches.submit(n) for n in (4, 99)), return_exceptions=True)
    assert all(isinstance(outcome, OSError) for outcome in failed)
    assert await batches.submit(6) == 6  # the next batch runs


async def test_a_batch_is_no_commands_answer() -> None:
    """The batch runs in a context of its own: a post it owes is not claimed for the command
    of the request that started it."""
    seen: list[object] = []

    async def write(requests: list[int]) -> list[int | Exception]:
        seen.append(current_answer())
        return requests

    batches = Batches(write, most=10)
    with answering("en", user_id=1, channel_id=2):
        assert current_answer() is not None
        assert await batches.submit(1) == 1
    assert seen == [None]


async def test_a_write_with_an_outcome_missing_fails_its_batch() -> None:
    async def write(requests: list[int]) -> list[int | Exception]:
        return requests[1:]

    batches = Batches(write, most=10)
    with pytest.raises(RuntimeError):
        await batches.submit(1)
