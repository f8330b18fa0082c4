"""Finding puzzles in a server's finished games (issue 48): the thinking processes claim one
finished game at a time (the most recently finished first, for a lease, as an analysis's turns
are claimed), look at it in a worker process at the lowest priority (`bot.runtime.puzzler`), and
keep the puzzles found. Only finished games of a server are ever looked at: a running game gives
no puzzle, and a game in a DM none a server could see. A game looked at is never looked at again;
one whose look fails `FAILED_TRIES` times is given up.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass

from bot.games import SomeKind
from bot.games.puzzles import FoundPuzzle
from bot.service.context import Context
from bot.service.events import PuzzlesFound
from bot.service.puzzles import stored
from bot.store import analyses, puzzles
from bot.store.analyses import AnalysisState

FAILED_TRIES = 3
"""Failed looks at one game after which it is given up (it must not take spare time for ever)."""


@dataclass(frozen=True, slots=True)
class ScanJob:
    """A finished game to look at for puzzles: what a worker process needs. `reviews` are the
    reviewed turns of its finished analysis (their JSON), if it had one: they say at once which
    turns were much worse than the best."""

    game_id: int
    kind: SomeKind  # the game, from the service's registry (pickled by reference to its module)
    record: str
    seed: str
    reviews: tuple[str, ...]


class PuzzleScans:
    """The use cases of looking for puzzles."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def claim(self, *, by: str, lease: float) -> ScanJob | None:
        """Claim the most recently finished game of a server not yet looked at for puzzles, for
        the process `by`, for `lease` seconds; None when there is none."""
        now = self.ctx.now()
        kinds = self.ctx.registry.keys()
        async with self.ctx.connection.transaction() as db:
            game_id = await puzzles.claim_scan(
                db, now, by=by, until=now + math.ceil(lease), game_kinds=kinds, tries=FAILED_TRIES
            )
            if game_id is None:
                return None
            row = await self.ctx.row_by_id(db, game_id)
            analysis = await analyses.get_analysis(db, game_id)
            done = analysis is not None and analysis.state is AnalysisState.DONE
            reviews = tuple(await analyses.reviews(db, game_id)) if done else ()
        # The worker's seed, from the game's secret one without showing it.
        seed = hashlib.sha256(f"{row.seed}:puzzles".encode()).hexdigest()[:16]
        return ScanJob(game_id, self.ctx.kind_of(row), row.record, seed, reviews)

    async def found(self, game_id: int, found: list[FoundPuzzle]) -> int:
        """Keep the puzzles found in game `game_id` (each once) and mark it looked at; how many
        are new."""
        now = self.ctx.now()
        new = 0
        async with self.ctx.connection.transaction() as db:
            row = await self.ctx.row_by_id(db, game_id)
            kind = self.ctx.kind_of(row)
            for puzzle in found:
                origin = f"game:{game_id}:{puzzle.turn}"
                made = stored(puzzle, kind, origin, guild_id=row.guild_id, game_id=game_id, now=now)
                new += await puzzles.add_puzzle(db, made) is not None
            await puzzles.scan_done(db, game_id, len(found), now)
        self.ctx.events.publish(PuzzlesFound(game_id, new))
        return new

    async def failed(self, game_id: int) -> bool:
        """Looking at game `game_id` failed (its claim is given back; it is tried again at
        once); whether this failure gave it up (the `FAILED_TRIES`th)."""
        async with self.ctx.connection.transaction() as db:
            return await puzzles.scan_failed(db, game_id, self.ctx.now(), tries=FAILED_TRIES)

    async def release(self, by: str) -> int:
        """Give back the claims of process `by` (at its start, or when a move or an analysis
        needs the slot): the games are looked at again, here or anywhere."""
        async with self.ctx.connection.transaction() as db:
            return await puzzles.release_scans(db, by)

    async def analyses_waiting(self) -> bool:
        """Whether an analysis has turns to review: it goes before any puzzle."""
        async with self.ctx.connection.read() as db:
            return await puzzles.analyses_waiting(db)
