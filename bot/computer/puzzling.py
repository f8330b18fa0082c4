"""Puzzles from finished games (issue 48), as a worker process makes and judges them: plain data
in and out, picklable by name, no Discord, database or event loop (like `review`).

A puzzle is a position where the analysis found a turn much better than the one played: the
mover's winning chance after the computer's best turn is at least `PUZZLE_LOSS` above the one the
played turn left. A game that was analysed already gives its turns from its reviews; any other is
looked at cheaply first (the model's chance before and after each turn, `win_chance`), and in its
`CANDIDATES` worst-looking turns the normal level's turn is found with its full effort and no
clock, so that the same game always gives the same puzzles.

Every chance of a puzzle is judged the same way with the puzzle's own seed: the position after the
turn, with the chance events that followed the turn played (the same dice for every answer), as a
review judges a turn (`GameKind.judged_chance`, else `win_chance`), from the mover's side. So the
best turn, the played one and any answer compare fairly, and the same answer is judged alike every
time. An answer solves the puzzle when it leaves the mover at most `bot.games.puzzles.MARGIN`
less than the best.

Everything here runs at the lowest priority the system has (`lowly`: nice 19): a puzzle may take
what the computer's moves and the analyses leave of the processor, never more.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from bot.computer.reading import reviews_of
from bot.computer.review import _after_turn
from bot.games import SomeKind
from bot.games.kind import GameKind, SomeGame
from bot.games.puzzles import PUZZLE_LOSS, FoundPuzzle
from engine.ai import Level
from engine.ai.base import never
from engine.record import Record

FIRST_TURN = 3
"""The first turns are the opening (Ponte's first stones and the pie rule's choice): no puzzle."""
CANDIDATES = 3
"""The turns of a game not analysed that are looked at closely: those whose mover lost most by
the model's chances."""
PER_GAME = 2
"""Puzzles kept of one game at most: a server's puzzles should come from many games."""

T = TypeVar("T")


def lowly(function: Callable[..., T], *args: object) -> T:
    """`function(*args)` at the lowest priority of the system (nice 19, in this job's own
    process), so that the computer's moves and the analyses keep the processor."""
    os.nice(19)
    return function(*args)


def find_puzzles(
    kind: SomeKind, record: str, seed: str, reviews: Sequence[str] = ()
) -> list[FoundPuzzle]:
    """The puzzles of the finished `kind` game `record` (at most `PER_GAME`, the biggest first):
    from its analysis's `reviews` where it has one (the turns it found much worse than its
    best), else from its turns that look worst, each against the normal level's turn there.
    The same game, seed and reviews give the same puzzles. `kind` is the entry of the registry
    the bot was given (pickled by reference to its module). Raises the engine's errors for a
    broken record."""
    game = kind.load(record)
    if reviews:
        reviewed = [r for r in reviews_of(reviews) if r.best != r.played]
        worst = sorted(reviewed, key=lambda review: -review.loss)
        candidates = [
            (r.turn, r.best) for r in worst if r.loss >= PUZZLE_LOSS and r.turn >= FIRST_TURN
        ]
    else:
        candidates = _suspects(kind, game, seed)
    found = []
    for turn, best in candidates[:CANDIDATES]:
        made = puzzle_of(kind, game, turn, best, f"{seed}:puzzle:{turn}")
        if made is not None and made.best_chance - made.played_chance >= PUZZLE_LOSS:
            found.append(made)
    found.sort(key=lambda puzzle: puzzle.played_chance - puzzle.best_chance)
    return found[:PER_GAME]


def _suspects(kind: GameKind[SomeGame], game: SomeGame, seed: str) -> list[tuple[int, str]]:
    """The turns whose mover lost most by the model's chances (`CANDIDATES` of them, the worst
    first), each with the normal level's turn there: its full effort and no clock, so that
    the same seed gives the same turn."""
    plies = game.turn_plies()
    first = kind.colours[0]
    drops = []
    for turn in range(FIRST_TURN, len(plies)):
        start, end = plies[turn - 1], plies[turn]
        position = game.position_at(start)
        if position.resigner(game.moves[start]) is not None:
            continue
        mover = game.movers()[start]
        before, after = kind.win_chance(position), kind.win_chance(game.position_at(end))
        drops.append((before - after if mover == first else after - before, turn))
    suspects = []
    for _, turn in sorted(drops, reverse=True)[:CANDIDATES]:
        position = game.position_at(plies[turn - 1])
        rng = random.Random(f"{seed}:{turn}")
        suspects.append((turn, kind.choose(position.copy(), Level.NORMAL, rng, never)))
    return suspects


def puzzle_of(
    kind: GameKind[SomeGame], game: SomeGame, turn: int, best: str, seed: str
) -> FoundPuzzle | None:
    """Turn `turn` of `game` as a puzzle whose best turn is `best`, both turns judged with
    `seed`; None for a turn that gave up (a resignation is no turn to improve on)."""
    plies = game.turn_plies()
    start, end = plies[turn - 1], plies[turn]
    position = game.position_at(start)
    played = game.moves[start]
    if position.resigner(played) is not None:
        return None
    events = tuple(str(event) for event in game.moves[start + 1 : end])
    better = position.parse_move(best, by=position.to_move)
    mover = position.to_move
    assert mover is not None  # a turn was played there
    return FoundPuzzle(
        turn=turn,
        position=position.record().to_json(),
        events=events,
        mover=str(mover.value),
        played=str(played),
        best=str(better),
        played_chance=judge_move(kind, position, played, events, seed),
        best_chance=judge_move(kind, position, better, events, seed),
        seed=seed,
    )


def judge_move(
    kind: GameKind[SomeGame],
    position: SomeGame,
    move: Hashable,
    events: Sequence[str],
    seed: str,
) -> float:
    """The mover's winning chance after `move` in `position` and the chance events `events`
    (those that still fit), judged with `seed` as a review judges a turn."""
    line = _after_turn(position, move, [position.parse_move(event) for event in events])
    holds_first = line.movers()[position.ply] == kind.colours[0]
    chance = kind.judged_chance(line, random.Random(f"{seed}:judged"))
    if chance is None:
        chance = kind.win_chance(line)
    return chance if holds_first else 1.0 - chance


def judge_answer(
    kind: SomeKind, position: str, events: Sequence[str], answer: str, seed: str
) -> float:
    """The mover's winning chance after `answer` (in notation, checked) in the puzzle's
    `position` (a JSON record of a `kind` game), judged as the puzzle's best and played turns
    were. Raises the engine's errors for a move it refuses."""
    game = kind.game.from_record(Record.from_json(position, kind.key))
    move = game.parse_move(answer, by=game.to_move)
    game.check(move)
    return judge_move(kind, game, move, events, seed)
