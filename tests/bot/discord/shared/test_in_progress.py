"""What a stop waits for (`bot.discord.shared.in_progress.InProgress`): the interactions being
handled, those begun while it waits too, and not for ever (the end to end case:
`test_e2e_stop`)."""

from __future__ import annotations

import asyncio

from bot.discord.shared.in_progress import InProgress


class Work:
    """An interaction's work, counted in `in_progress` from its first step until `release()`."""

    def __init__(self, in_progress: InProgress) -> None:
        self.in_progress = in_progress
        self.counted, self.released = asyncio.Event(), asyncio.Event()
        self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        self.in_progress.add_current()
        self.counted.set()
        await self.released.wait()

    def release(self) -> None:
        self.released.set()


async def test_a_stop_waits_until_the_work_in_progress_is_done() -> None:
    in_progress = InProgress()
    work = Work(in_progress)
    await work.counted.wait()
    waiting = asyncio.create_task(in_progress.finished(timeout=60))
    work.release()
    assert await waiting == 0
    assert work.task.done()


async def test_a_stop_also_waits_for_work_begun_while_it_waits_and_gives_up_in_time() -> None:
    in_progress = InProgress()
    first = Work(in_progress)
    await first.counted.wait()
    waiting = asyncio.create_task(in_progress.finished(timeout=0.05))
    second = Work(in_progress)  # begun after the stop began to wait; it never ends
    await second.counted.wait()
    first.release()
    assert await waiting == 1  # the second one, still running when the time was up
    assert first.task.done() and not second.task.done()
    second.release()


async def test_the_stop_itself_is_not_waited_for() -> None:
    # A handler that stops the bot (its own task is counted) must not wait for itself.
    in_progress = InProgress()
    in_progress.add_current()
    assert await in_progress.finished(timeout=60) == 0


async def test_each_interaction_is_heard_once_its_handling_is_done() -> None:
    """What follows an answered interaction (the answers kept for its user, issue 52 point 7)
    hears it once, after its handling, however often the handling counted itself."""
    heard: list[object] = []
    done = asyncio.Event()

    def after(interaction: object) -> None:
        heard.append(interaction)
        done.set()

    in_progress = InProgress(after=after)
    interaction, released = object(), asyncio.Event()

    async def handle() -> None:
        in_progress.add_current(interaction)  # type: ignore[arg-type]
        in_progress.add_current(interaction)  # type: ignore[arg-type]  # the tree, then a button
        await released.wait()
        assert heard == []  # not while it is being handled

    task = asyncio.create_task(handle())
    released.set()
    await asyncio.wait_for(done.wait(), timeout=60)
    await task
    assert heard == [interaction]
