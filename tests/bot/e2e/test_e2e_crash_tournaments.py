"""The real bot killed (SIGKILL) at each step of a tournament's posts (issue 45): a round's post
(who meets whom, in which thread), the standings after a round, and the next round's board (its
thread opened, where its game then starts). At each step, after the restart each is in the
tournament's channel exactly once soon after READY, and the round goes on: its board's
thread is opened once and its game started there once.

Two round robins of three (alice, bob, carol: one board and a bye a round), made while the bot
is down: T1 in its sign-up, started by its organiser's command (its first round's post is cut);
T2 started, its first round's game playing, resigned by command (the standings are cut, then
the opening of the second round's thread). The deliverer sends one post at a time: each life
cuts one of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.service.owed import answering
from testing.crashkit import (
    Holds,
    Life,
    ProcessLife,
    Step,
    assert_no_repeats,
    claim_as_the_deliverer,
    once,
    posts_in,
    preparing,
)
from testing.e2ekit import World, run
from testing.fakediscord import FakeChannel, FakeMessage, FakeUser

PNG = b"\x89PNG\r\n\x1a\n"
THREAD = re.compile(r"<#(\d+)>")
LOCALE = "en-US"


@dataclass
class Tournament:
    """A tournament of the test and its channel."""

    id: int
    channel: FakeChannel


async def prepare(world: World) -> tuple[Tournament, Tournament]:
    """T1 with its sign-up open (three players listed), T2 started (its first round paired)."""
    t1 = world.fake.add_text_channel(world.guild, "t1")
    t2 = world.fake.add_text_channel(world.guild, "t2")
    made = []
    async with preparing(world) as service:
        for channel in (t1, t2):
            view = await service.tournaments.create_tournament(
                guild_id=world.guild.id,
                channel_id=channel.id,
                organiser_id=world.alice.id,
                game_kind="ponte",
                format="round_robin",
                signup_seconds=3600,
            )
            for user in (world.alice, world.bob, world.carol):
                await service.tournaments.join_tournament(view.id, user.id)
            made.append(Tournament(view.id, channel))
        await service.tournaments.start_tournament(made[1].id, world.alice.id)
    return made[0], made[1]


def threads(world: World, channel: FakeChannel) -> list[FakeChannel]:
    """The threads of `channel`, oldest first."""
    return [c for c in world.fake.world.channels.values() if c.parent_id == channel.id]


def is_round(number: int) -> Callable[[FakeMessage], bool]:
    """A check: the post of round `number` (of the three of a round robin of three)."""
    return lambda m: f"round {number} of 3" in m.content


def is_standings(m: FakeMessage) -> bool:
    return "standings after round 1" in m.content and any(
        a.data.startswith(PNG) for a in m.attachments
    )


async def round_goes_on(world: World, life: Life, t: Tournament, number: int, mark: int) -> None:
    """Round `number`'s post is in the tournament's channel once, linking its board's thread,
    which was opened once, and where the board's game began once: soon after READY."""
    post = await life.within(once(world.fake, t.channel, is_round(number), mark), "round post")
    opened = threads(world, t.channel)
    assert len(opened) == number, [c.name for c in opened]  # one a round: never twice
    thread = opened[-1]
    assert [int(found) for found in THREAD.findall(post.content)] == [thread.id]
    started = once(world.fake, thread, lambda m: any(a.data.startswith(PNG) for a in m.attachments))
    await life.within(started, f"the game's start in round {number}")


async def first_round_of_t2(
    world: World, life: Life, t2: Tournament
) -> tuple[FakeChannel, FakeUser]:
    """T2's first round under way (posted by the first life): its board's thread, and the
    player its game's start pings (the first to move), who will resign it."""
    await life.within(once(world.fake, t2.channel, is_round(1)), "T2's first round")
    (thread,) = threads(world, t2.channel)
    start = await life.within(once(world.fake, thread, lambda m: m.attachments), "T2's game")
    return thread, start.pinged[0]


async def signup_of_t1(world: World, life: Life, t1: Tournament) -> None:
    def listed(m: FakeMessage) -> bool:
        return all(f"<@{user.id}>" in m.content for user in (world.alice, world.bob, world.carol))

    await life.within(once(world.fake, t1.channel, listed), "T1's sign-up")


@pytest.mark.parametrize("step", list(Step))
async def test_a_tournament_goes_on_once_after_a_crash_at_its_round_standings_or_next_board(
    world: World, tmp_path: Path, step: Step
) -> None:
    world.strict = False  # the resignation cut by the crash is never answered
    fake = world.fake
    t1, t2 = await prepare(world)
    first: Life
    first = await (Life.here(world) if step is Step.STORED else Life.start(world, tmp_path))
    await signup_of_t1(world, first, t1)
    thread, resigner = await first_round_of_t2(world, first, t2)
    mark = fake.mark()
    if step is Step.STORED:  # no crash: the bot runs here
        await first.stop()
        async with preparing(world) as service:
            await service.tournaments.start_tournament(t1.id, world.alice.id)
            with answering(LOCALE):
                await service.moves.resign(thread.id, resigner.id)
            await service.tournaments.advance_tournaments()  # the scheduler's: standings owed
            await claim_as_the_deliverer(service)
        back = await Life.here(world)
        await round_goes_on(world, back, t1, 1, mark)
        await back.within(once(fake, t2.channel, is_standings, mark), "T2's standings")
        await round_goes_on(world, back, t2, 2, mark)
        await back.stop()
        assert_no_repeats(fake)
        return
    holds = Holds(fake, step)
    route = f"POST /channels/{t1.channel.id}/messages"
    held = holds.on(route)
    await run(world, world.alice, "tournament start", {"tournament": t1.id}, t1.channel)
    await holds.hit(held, "T1's round", first, lambda: posts_in(fake, t1.channel, is_round(1)))
    assert isinstance(first, ProcessLife)
    await first.kill()
    holds.crashed()

    second = await Life.start(world, tmp_path)
    if step is Step.CARRIED:
        await second.within(second.asked_again(route), "T1's round again")
    await round_goes_on(world, second, t1, 1, mark)
    route = f"POST /channels/{t2.channel.id}/messages"
    held = holds.on(route)
    await fake.send_slash_command(resigner, thread, "resign")
    await holds.hit(
        held, "T2's standings", second, lambda: posts_in(fake, t2.channel, is_standings)
    )
    await second.kill()
    holds.crashed()

    # The next round's game: its thread is opened first (then the game starts there).
    opening = f"POST /channels/{t2.channel.id}/threads"
    held = holds.on(opening)
    third = await Life.start(world, tmp_path)
    if step is Step.CARRIED:
        await third.within(third.asked_again(route), "T2's standings again")
    await third.within(once(fake, t2.channel, is_standings, mark), "T2's standings")
    await holds.hit(held, "round 2's thread", third, lambda: len(threads(world, t2.channel)) == 2)
    await third.kill()
    holds.crashed()

    fourth = await Life.here(world)
    await round_goes_on(world, fourth, t2, 2, mark)
    await fourth.within(once(fake, t2.channel, is_standings, mark), "T2's standings")
    await round_goes_on(world, fourth, t1, 1, mark)  # still once
    await fourth.stop()
    assert_no_repeats(fake)
