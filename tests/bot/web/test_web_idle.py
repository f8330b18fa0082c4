"""`python -m bot web` with nobody on its page uses next to no CPU (issue 52, point 1)."""

from __future__ import annotations

from pathlib import Path

from testing.idle import AT_REST, idle_web, quietest_share

STRETCHES, SECONDS = 3, 2.0


async def test_an_idle_web_process_uses_next_to_no_cpu(tmp_path: Path) -> None:
    async with idle_web(tmp_path) as web:
        share = await quietest_share(STRETCHES, SECONDS, web.pid)
    assert share < AT_REST, f"the idle web process used {share:.0%} of a core"
