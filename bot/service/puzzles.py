"""Puzzles (issue 48): a position of a finished game of this server where the computer found a
turn much better than the one played; the solver finds a turn within `MARGIN` of the best.

A server's puzzles come from its own finished games only (`puzzle.scans` finds them, at the
lowest priority); where it has none left for the solver, the set the project ships (from the
computer's own games) is used. A puzzle never comes from a running game (only finished games are
looked at) nor from another server (a puzzle of another server is refused as one that does not
exist). Each solver answers a puzzle once: the first answer counts for their streak, and asking
again shows that verdict. Answers are bounded (`ANSWERS_PER_HOUR`), and each answer is judged by
the computer once (kept in `puzzle_answers`), by the caller (`prepare`, then `answer` with the
chance): the service thinks about nothing. Nothing here costs a player's analysis quota.
"""

from __future__ import annotations

import json
from datetime import timedelta

from bot.games import SomeKind
from bot.games.puzzles import FoundPuzzle
from bot.service.context import Context
from bot.service.errors import RollNotYoursError
from bot.service.puzzle.errors import (
    NoPuzzleError,
    NotAPuzzleTurnError,
    PuzzleNotFoundError,
    TooManyPuzzleAnswersError,
)
from bot.service.puzzle.views import JudgeData, PreparedAnswer, Puzzle, PuzzleVerdict
from bot.store import Db, puzzles
from bot.store.puzzles import SHIPPED, AttemptRow, PuzzleRow
from engine.errors import InvalidMoveError

ANSWERS_PER_HOUR = 20
"""Answers a solver may give within an hour: each may cost the computer a judgement."""
HOUR = int(timedelta(hours=1).total_seconds())


class Puzzles:
    """The use cases of solving puzzles."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._stocked = False  # the shipped puzzles are stored (once per process)

    async def pick(self, user_id: int, guild_id: int | None, game_kind: str | None) -> Puzzle:
        """A puzzle `user_id` has not answered: the newest of this server's (`guild_id`; None
        outside a server), else one the project ships; of `game_kind` only when given. Raises
        `UnknownGameError` and `NoPuzzleError`."""
        kinds = self._kinds(game_kind)
        await self.stock()
        async with self.ctx.connection.read() as db:
            row = await puzzles.unsolved_for(db, user_id, guild_id, kinds)
        if row is None:
            raise NoPuzzleError("no puzzle left to solve", game=game_kind)
        return self._puzzle(row)

    async def puzzle(self, puzzle_id: int, guild_id: int | None) -> Puzzle:
        """Puzzle `puzzle_id` as it may be shown where `guild_id` is (None: outside a server):
        one of this server's, or one shipped. Raises `PuzzleNotFoundError`."""
        async with self.ctx.connection.read() as db:
            return self._puzzle(await self._row(db, puzzle_id, guild_id))

    async def prepare(
        self, user_id: int, puzzle_id: int, guild_id: int | None, text: str
    ) -> PreparedAnswer:
        """`user_id`'s answer `text` to puzzle `puzzle_id`, read and checked by the engine: with
        its judgement if there is one, or their earlier verdict if they answered before.
        Raises `PuzzleNotFoundError`, `TooManyPuzzleAnswersError` (with when the next is
        possible), `InvalidMoveError` (with the game), `RollNotYoursError`,
        `NotAPuzzleTurnError` (a resignation) and the engine's `IllegalMoveError`."""
        now = self.ctx.now()
        async with self.ctx.connection.read() as db:
            row = await self._row(db, puzzle_id, guild_id)
            puzzle = self._puzzle(row)
            judge = JudgeData.of(puzzle.kind, row)
            earlier = await puzzles.attempt(db, puzzle_id, user_id)
            if earlier is not None:
                verdict = await self._verdict(db, puzzle, earlier, again=True)
                return PreparedAnswer(puzzle, earlier.answer, judge, earlier.chance, verdict)
            await self._refuse_beyond_cap(db, user_id, now)
            move = _checked(puzzle, text)
            chance = await puzzles.judged(db, puzzle_id, move)
        if move == puzzle.best:
            chance = puzzle.best_chance
        elif move == puzzle.played:
            chance = puzzle.played_chance
        return PreparedAnswer(puzzle, move, judge, chance)

    async def answer(self, user_id: int, prepared: PreparedAnswer, chance: float) -> PuzzleVerdict:
        """Keep `user_id`'s answer `prepared`, which leaves the mover `chance` (the computer's
        judgement), and count it for their streak; their first answer's verdict if they had
        answered this puzzle already (a double click counts once)."""
        if prepared.earlier is not None:
            return prepared.earlier
        puzzle = prepared.puzzle
        solved = puzzle.solved_by(chance)
        attempt = AttemptRow(puzzle.id, user_id, prepared.move, chance, int(solved), self.ctx.now())
        async with self.ctx.connection.transaction() as db:
            await puzzles.add_judged(db, puzzle.id, prepared.move, chance)
            if await puzzles.add_attempt(db, attempt):
                await puzzles.count_answer(db, user_id, solved)
                first = attempt
            else:
                found = await puzzles.attempt(db, puzzle.id, user_id)
                assert found is not None  # another answer of theirs came first
                first = found
            return await self._verdict(db, puzzle, first, again=first is not attempt)

    async def stock(self) -> None:
        """Store the puzzles the project ships for every game offered, once (each is stored
        under its origin, `shipped:<game>:<n>`, whichever process is first)."""
        if self._stocked:
            return
        now = self.ctx.now()
        async with self.ctx.connection.transaction() as db:
            for kind in self.ctx.registry:
                shipped = kind.shipped_puzzles()
                if await puzzles.shipped_count(db, kind.key) >= len(shipped):
                    continue
                for number, found in enumerate(shipped, start=1):
                    origin = f"{SHIPPED}{kind.key}:{number}"
                    await puzzles.add_puzzle(
                        db, stored(found, kind, origin, guild_id=None, game_id=None, now=now)
                    )
        self._stocked = True

    # Steps ---------------------------------------------------------------------------------

    def _kinds(self, game_kind: str | None) -> tuple[str, ...]:
        if game_kind is not None:
            return (self.ctx.kind(game_kind).key,)
        return self.ctx.registry.keys()

    async def _row(self, db: Db, puzzle_id: int, guild_id: int | None) -> PuzzleRow:
        row = await puzzles.get_puzzle(db, puzzle_id)
        if (
            row is None
            or row.guild_id not in (None, guild_id)
            or row.game_kind not in self.ctx.registry
        ):
            raise PuzzleNotFoundError("no such puzzle here", puzzle_id=puzzle_id)
        return row

    def _puzzle(self, row: PuzzleRow) -> Puzzle:
        return Puzzle.of(self.ctx.registry.kind(row.game_kind), row)

    async def _refuse_beyond_cap(self, db: Db, user_id: int, now: int) -> None:
        answered = await puzzles.attempts_since(db, user_id, now - HOUR + 1)
        if len(answered) >= ANSWERS_PER_HOUR:
            retry_at = answered[len(answered) - ANSWERS_PER_HOUR] + HOUR
            raise TooManyPuzzleAnswersError(
                "you answered as many puzzles this hour as you may",
                puzzle_answers=ANSWERS_PER_HOUR,
                retry_at=retry_at,
            )

    @staticmethod
    async def _verdict(
        db: Db, puzzle: Puzzle, attempt: AttemptRow, *, again: bool
    ) -> PuzzleVerdict:
        record = await puzzles.solver(db, attempt.user_id)
        streak, best = (0, 0) if record is None else (record.streak, record.best)
        return PuzzleVerdict(
            puzzle, attempt.answer, attempt.chance, bool(attempt.solved), streak, best, again
        )


def _checked(puzzle: Puzzle, text: str) -> str:
    """The answer `text` in notation, checked on the puzzle's position; raises as
    `Puzzles.prepare` says."""
    position = puzzle.position
    try:
        move = position.parse_move(text, by=position.to_move)
    except InvalidMoveError as error:
        error.game = puzzle.kind.key
        raise
    if position.is_chance(move):
        raise RollNotYoursError("the dice are rolled", puzzle.kind.example_move(position))
    if position.resigner(move) is not None:
        raise NotAPuzzleTurnError("a puzzle is answered by a turn")
    position.check(move)
    return str(move)


def stored(
    found: FoundPuzzle,
    kind: SomeKind,
    origin: str,
    *,
    guild_id: int | None,
    game_id: int | None,
    now: int,
) -> PuzzleRow:
    """A puzzle found as the store keeps it."""
    return PuzzleRow(
        id=0,
        origin=origin,
        guild_id=guild_id,
        game_id=game_id,
        turn=found.turn,
        game_kind=kind.key,
        position=found.position,
        events=json.dumps(list(found.events)),
        mover=found.mover,
        played=found.played,
        best=found.best,
        played_chance=found.played_chance,
        best_chance=found.best_chance,
        seed=found.seed,
        created_at=now,
    )
