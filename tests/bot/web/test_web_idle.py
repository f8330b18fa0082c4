"""`python -m bot web` at rest uses next to no CPU (issue 52, point 1): with nobody on its page,
and with pages open on a game that nobody moves in (their live connections idle)."""

from __future__ import annotations

from pathlib import Path

import pytest

from testing.idle import AT_REST, idle_web, quietest_share, watching
from testing.pgserver import PostgresServer

STRETCHES, SECONDS = 3, 2.0


@pytest.mark.parametrize("pages", [0, 20])
async def test_an_idle_web_process_uses_next_to_no_cpu(
    tmp_path: Path, postgres_server: PostgresServer, pages: int
) -> None:
    database = await postgres_server.fresh_url()  # beside the bot processes, as it runs
    async with idle_web(tmp_path, database) as web, watching(web, pages) as sockets:
        share = await quietest_share(STRETCHES, SECONDS, web.pid)
        assert all(not page.closed for page in sockets)  # still watching
    assert share < AT_REST, f"the idle web process used {share:.0%} of a core ({pages} pages)"
