"""A bot with nothing to do uses next to no CPU (issue 52, point 1): an idle bot once spun most
of a core (the puzzler's empty look, taking a slot and giving it back, woke the analyst, whose
own empty look woke the puzzler again) and fell 41 s behind on its gateway."""

from __future__ import annotations

from pathlib import Path

from testing.idle import AT_REST, idle_bot, quietest_share

STRETCHES, SECONDS = 3, 2.0


async def test_an_idle_bot_uses_next_to_no_cpu(tmp_path: Path) -> None:
    async with idle_bot(tmp_path) as bot:
        share = await quietest_share(STRETCHES, SECONDS)  # this process: the bot and the fake
        assert bot.puzzler.scans == 0  # it had nothing to do
    assert share < AT_REST, f"the idle bot used {share:.0%} of a core"
