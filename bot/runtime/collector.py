"""Python's cyclic garbage collector, set for a bot process that runs for weeks.

By default the collector looks at its youngest objects every 700 new ones, and now and then at
every object alive: in a bot process, the hundreds of thousands made at start-up (the modules,
discord.py, the games' tables), which live as long as it does. `settle` sets those aside once the
bot has started (`gc.freeze`, which Python's documentation describes as moving every tracked
object "into a permanent generation, i.e. ignore them in all the future collections"), and lets
a burst of work, such as a batch of the pool's pairings with each game's rows, posts and
position, make 50,000 objects before the collector looks at them. Only objects caught in
reference cycles wait longer to be freed; every other object goes as soon as its last reference
does, as before.

`python -m bench.speed.seek` measured it (10,000 seekers at once, SQLite): the collector took
449 ms of 1.79 s without it, and 14 ms of 1.30 s with it."""

from __future__ import annotations

import gc

YOUNGEST = 50_000
"""New objects the collector lets be made before it looks at them (Python's default: 700)."""
OLDER = 20
"""Collections of one generation before the next one up is collected too (default: 10)."""


def settle() -> None:
    """Set the start-up's objects aside for good and collect less often; call it once the
    process has started (everything imported, the bot and its service built)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNGEST, OLDER, OLDER)
