"""What the puzzle use cases hand out: a puzzle with its position, a prepared answer, the
verdict on an answer, a channel's daily puzzle as its post shows it."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.games import SomeGame, SomeKind
from bot.games.puzzles import MARGIN
from bot.store.puzzles import PuzzleRow
from engine.record import Record


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A puzzle: the position before the turn (the mover to play), whose game it comes from
    (None: shipped with the bot), the turn played there and the best one found, and the
    mover's winning chance after each."""

    id: int
    kind: SomeKind
    position: SomeGame
    mover: str
    turn: int
    guild_id: int | None
    game_id: int | None
    played: str
    best: str
    played_chance: float
    best_chance: float

    @classmethod
    def of(cls, kind: SomeKind, row: PuzzleRow) -> Puzzle:
        """The stored puzzle `row` of the game `kind` (its position replayed)."""
        position = kind.game.from_record(Record.from_json(row.position, kind.key))
        return cls(
            row.id,
            kind,
            position,
            row.mover,
            row.turn,
            row.guild_id,
            row.game_id,
            row.played,
            row.best,
            row.played_chance,
            row.best_chance,
        )

    @property
    def shipped(self) -> bool:
        """Whether it comes with the bot (from the computer's own games)."""
        return self.guild_id is None

    def solved_by(self, chance: float) -> bool:
        """Whether an answer that leaves the mover `chance` solves it (within `MARGIN`)."""
        return chance >= self.best_chance - MARGIN


@dataclass(frozen=True, slots=True)
class PuzzleVerdict:
    """The computer's verdict on a solver's answer: the mover's chance after it, whether it
    solves the puzzle, the solver's streak after it. `again`: the solver had answered this
    puzzle before, and this is their first answer's verdict."""

    puzzle: Puzzle
    answer: str
    chance: float
    solved: bool
    streak: int
    best_streak: int
    again: bool = False


@dataclass(frozen=True, slots=True)
class JudgeData:
    """What a worker process needs to judge an answer: the puzzle's game (the service's
    registry's entry, pickled by reference to its module), its position (a JSON record), the
    chance events after the turn, its seed."""

    kind: SomeKind
    position: str
    events: tuple[str, ...]
    seed: str

    @classmethod
    def of(cls, kind: SomeKind, row: PuzzleRow) -> JudgeData:
        """The judging data of the stored puzzle `row` of the game `kind`."""
        return cls(kind, row.position, tuple(json.loads(row.events)), row.seed)


@dataclass(frozen=True, slots=True)
class PreparedAnswer:
    """A solver's answer, read and checked: the move in notation, what judging it needs, its
    chance if the computer judged it before (None: it must be judged now), or the solver's
    earlier verdict (they answered this puzzle before: nothing is judged)."""

    puzzle: Puzzle
    move: str
    judge: JudgeData
    chance: float | None
    earlier: PuzzleVerdict | None = None


@dataclass(frozen=True, slots=True)
class DailyShown:
    """A channel's puzzle of a day, as its post shows it: the puzzle, the channel, and the
    players of its game when they may be named there (its game was played in that channel
    or a thread of it), else None."""

    puzzle: Puzzle
    channel_id: int
    guild_id: int
    day: int
    players: dict[str, int] | None
