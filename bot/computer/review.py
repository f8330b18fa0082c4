"""The review of one turn of a finished game, as a worker process runs it: plain data in and out.

A turn is judged by the winning chance it leaves against the chance the best turn the computer
finds would have left: the hard level's choice within the budget, from a generator seeded by the
request, so that the same request gives the same review. Both chances come from the same
judgement of the position after the turn, with the same chance events after it (in Verbindung
gesucht the opponent's roll that followed: the dice are luck, the same for both turns), so the
two compare fairly. When the best turn leaves the mover no more than the turn played, the played
turn is the best (loss 0).

The judgement is `GameKind.judged_chance` where the game has one, else the model fitted to
played games (`GameKind.win_chance`). In Ponte the model alone is static: it does not see the
bridge the opponent cuts or the island he takes next turn, so a greedy turn that leaves such a
threat looked better than the hard search's sounder one, and the review said loss 0. Ponte's
judgement therefore values each position after the opponent's best one-turn answer (two plies
for both turns). The chart keeps the model's chances (`before`, `after`), which run from one
turn to the next; the loss and the swings use the judged ones.

Everything here is picklable by name and needs no Discord, database or event loop, like
`thinking`.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import asdict, dataclass

from bot.computer.thinking import RESERVE
from bot.games import SomeKind
from bot.games.kind import GameKind, SomeGame
from engine.ai import Level
from engine.errors import EngineError

REVIEW_SECONDS = 0.7
"""The budget of one turn's review (the hard search takes what the replay and the judgement
leave). With it a 70-turn 12x12 Ponte game took 53 s with one worker process, a fresh process
per turn included (0.79 s a turn at the median, about 0.1 s of it the process), where the target
is 60 s; a 28-turn Verbindung game took 20 s (`python -m bench.speed.analysis`, 2026-11-25, on
a machine whose two cores other work shared)."""

JUDGING = 0.05
"""Seconds kept from the hard search for judging the two turns, so that the review stays near
its budget. In Ponte the two took 0.09 s at the median (the opponent's answers listed and each
valued by the model; `python -m bench.strength.review_quality`), so a review may run a few
hundredths over: the 70-turn game still took 47 s of its 60 (`bench.speed.analysis`)."""


@dataclass(frozen=True, slots=True)
class TurnReview:
    """One turn judged: the chances that `colours[0]` wins before it, after it and after the
    best turn the computer found."""

    turn: int  # the turn's number as /board's history counts it (1 = the first turn)
    mover: str  # the colour that played it, as held at the game's end
    played: str  # the turn played, in notation
    best: str  # the best turn found, in notation; == played when none was better
    before: float  # the chance that colours[0] wins before the turn
    after: float  # the same after the turn played
    best_after: float  # the same after the best turn
    # Whether the mover held colours[0] after the turn played, and after the best turn (None:
    # the same). They differ only when one of the two is a swap of the pie rule, which changes
    # the colours' owners; the loss is the mover's, so it must know which chance was his.
    mover_first: bool = True
    best_first: bool | None = None
    # The chances that colours[0] wins after the turn played and after the best turn, each
    # judged after the opponent's best answer (`GameKind.judged_chance`); None where the game
    # judges by the model alone (Verbindung gesucht) and in reviews stored before. The loss
    # compares these; `before` and `after` stay the model's, so that the chart runs from one
    # turn to the next (a turn's `after` is the next turn's `before`).
    judged: float | None = None
    best_judged: float | None = None

    @property
    def judged_after(self) -> float:
        """The chance after the turn played that the loss counts with."""
        return self.after if self.judged is None else self.judged

    @property
    def judged_best(self) -> float:
        """The chance after the best turn that the loss counts with."""
        return self.best_after if self.best_judged is None else self.best_judged

    @property
    def loss(self) -> float:
        """The mover's loss of winning chance: how much more the best turn would have left
        the mover than the turn played did (0 when the played turn is as good)."""
        after, best_after = self.judged_after, self.judged_best
        played = after if self.mover_first else 1.0 - after
        first = self.mover_first if self.best_first is None else self.best_first
        best = best_after if first else 1.0 - best_after
        return max(0.0, best - played)

    def as_json(self) -> str:
        """The review as a JSON object (for the store)."""
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> TurnReview:
        """The review `as_json` wrote; raises `ValueError` for anything else."""
        try:
            data = json.loads(text)
            return cls(
                turn=int(data["turn"]),
                mover=str(data["mover"]),
                played=str(data["played"]),
                best=str(data["best"]),
                before=float(data["before"]),
                after=float(data["after"]),
                best_after=float(data["best_after"]),
                mover_first=bool(data.get("mover_first", True)),
                best_first=None if data.get("best_first") is None else bool(data["best_first"]),
                judged=_optional(data.get("judged")),
                best_judged=_optional(data.get("best_judged")),
            )
        except (KeyError, TypeError, json.JSONDecodeError) as error:
            raise ValueError(f"not a turn's review: {text[:80]!r}") from error


def _optional(value: object) -> float | None:
    if value is None:
        return None
    if not isinstance(value, (int, float)):
        raise TypeError(f"not a chance: {value!r}")
    return float(value)


def review_turn(kind: SomeKind, record: str, turn: int, seed: str, seconds: float) -> TurnReview:
    """Turn `turn` of the finished `kind` game `record` reviewed within about `seconds`. Raises
    `ValueError` for a turn the game does not have and the engine's errors for a broken
    record."""
    # The deadline starts before the replay: the replay counts against the budget.
    deadline = time.monotonic() + max(0.0, seconds - RESERVE)
    game = kind.load(record)
    plies = game.turn_plies()
    if not 1 <= turn < len(plies):
        raise ValueError(f"turn {turn} is not one of the game's {len(plies) - 1} turns")
    start, end = plies[turn - 1], plies[turn]
    position = game.position_at(start)
    played = game.moves[start]
    mover = game.movers()[start]
    assert mover is not None  # a turn's first move is its mover's (chance events are skipped)
    before = kind.win_chance(position)
    ended = game.position_at(end)
    after = kind.win_chance(ended)
    first = kind.colours[0]
    if position.resigner(played) is not None:
        # Giving up is not a turn to improve on (and may come out of turn); the game is over.
        return TurnReview(
            turn, str(mover), str(played), str(played), before, after, after, mover == first
        )
    found = _best(kind, position, random.Random(seed), deadline - JUDGING)
    # Both turns judged alike, each with a generator of its own from the seed: the played
    # turn's judgement does not depend on the search.
    judged = kind.judged_chance(ended, random.Random(f"{seed}:judged"))
    alike = TurnReview(
        turn, str(mover), str(played), str(played), before, after, after, mover == first,
        None, judged, judged,
    )  # fmt: skip
    if found == played:
        return alike
    line = _after_turn(position, found, game.moves[start + 1 : end])
    best = TurnReview(
        turn, str(mover), str(played), str(found), before, after, kind.win_chance(line),
        mover == first, line.movers()[start] == first,
        judged, kind.judged_chance(line, random.Random(f"{seed}:judged")),
    )  # fmt: skip
    return best if best.loss > 0 else alike


def _best(
    kind: GameKind[SomeGame], position: SomeGame, rng: random.Random, deadline: float
) -> Hashable:
    """The hard level's turn in `position` within the deadline, as a move."""
    text = kind.choose(position.copy(), Level.HARD, rng, lambda: time.monotonic() >= deadline)
    return position.parse_move(text, by=position.to_move)  # its own notation: always read


def _after_turn(position: SomeGame, move: Hashable, events: Sequence[Hashable]) -> SomeGame:
    """`position` after `move` and the chance events that followed the turn played (the same
    dice for both turns); an event that does not fit the new position is left out."""
    line = position.copy()
    line.push(move)
    for event in events:
        if line.is_over or not line.is_chance(event):
            break
        try:
            line.check(event)
        except EngineError:
            break
        line.push(event)
    return line
