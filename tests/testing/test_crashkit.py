"""The crash tests' bound on a restarted bot's posts (`testing.crashkit.Life.within`): each post
within `RESTART_SECONDS` of the one before, not all of a life's posts within one minute of its
READY (a CI run failed a bot that was still delivering, on a loaded machine)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import cast

import pytest

from testing.crashkit import RESTART_SECONDS, Life
from testing.e2ekit import World
from testing.fakediscord import FakeDiscord


class QuietLife(Life):
    """A life with no bot behind it: only its bound is under test."""

    @property
    def log(self) -> str:
        return "(no bot)"


def life_ready_a_bound_ago() -> tuple[QuietLife, FakeDiscord]:
    fake = FakeDiscord()
    life = QuietLife(cast(World, SimpleNamespace(fake=fake)))
    life.ready_at = life.progressed_at = asyncio.get_running_loop().time() - RESTART_SECONDS
    return life, fake


async def test_a_post_found_gives_the_next_one_a_bound_of_its_own() -> None:
    life, fake = life_ready_a_bound_ago()
    assert await life.within(lambda: True, "the post the bot delivered a bound after READY")
    delivered: list[str] = []

    def deliver_the_next() -> None:
        delivered.append("the next post")
        fake.world.changed()

    asyncio.get_running_loop().call_soon(deliver_the_next)
    assert await life.within(lambda: delivered, "the next post") == ["the next post"]


async def test_a_life_that_shows_no_progress_for_a_bound_fails_with_what_it_waited_for() -> None:
    life, _ = life_ready_a_bound_ago()
    with pytest.raises(AssertionError, match="the stuck post"):
        await life.within(lambda: False, "the stuck post")
