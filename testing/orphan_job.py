"""A caller of the computer's search that a test kills while its job runs: the job says
``thinking <pid>`` on stdout, then thinks for a minute, unless it ends with its caller.

Run as ``python -m testing.orphan_job`` with the repository on the path.
"""

from __future__ import annotations

import asyncio

from bot.computer.processes import run_in_process
from bot.games import GAMES
from testing import workers


async def main() -> None:
    await run_in_process(
        workers.says_then_hangs, GAMES.kind("ponte"), "{}", "easy", "1", 0.0, timeout=120
    )


if __name__ == "__main__":
    asyncio.run(main())
