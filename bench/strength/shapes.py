"""Whether the ease of each player's network (`engine.ai.verbindung.shapes`) foretells the
winner beyond the race model, and the weight hard gives it (not a test).

Run ``python -m bench.strength.shapes`` from the repository root. It reads the recorded games
(`RECORDS`: the calibration games between the computer's levels, and every record of hard
against `hard0v`), takes the position before every roll, and fits two logistic regressions of
the mover's win: on the logit of the race model's chance alone (`race.mover_value`), and on that
and the difference of the two players' `ease`. Each is fitted on two folds of the games and
measured on the third (the two games of a seeded pair stay in one fold), over the three ways
round; it prints the held-out log loss and Brier score of both, per record, and the weights
fitted on all games. The weight of the ease per unit of the race logit is the calibrated one;
hard's own (`SHAPES_WEIGHT`) was chosen by play against `hard0v` (the README).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from bench.strength.logistic import fit
from engine.ai.ponte.winning import chance_of
from engine.ai.verbindung import SHAPES_WEIGHT
from engine.ai.verbindung.oracle import Oracle
from engine.ai.verbindung.race import logit, mover_value
from engine.ai.verbindung.search import tiles_of
from engine.ai.verbindung.shapes import ease
from engine.verbindung import Phase, VerbindungGame

RECORDS = Path(__file__).resolve().parent.parent / "records"
FILES = {
    "calibration": ([RECORDS / "calibration-verbindung.jsonl"], 1),
    "against hard0v": (sorted(RECORDS.glob("verbindung-*.jsonl")), 2),
}
"""The records of each kind of game and how many games in a row share a seed (kept in one
fold): the calibration games are one to a seed, the games against `hard0v` two."""

FOLDS = 3


@dataclass(frozen=True, slots=True)
class Row:
    """A position before a roll: its record, fold, the two features and the mover's result."""

    record: str
    fold: int
    race: float  # the logit of the race model's chance for the mover
    ease: float  # the mover's ease less the opponent's
    won: float  # 1, 0, or 0.5 for a draw


def rows_of(record: str, paths: list[Path], paired: int) -> list[Row]:
    """Every position before a roll in the games of `paths`."""
    rows: list[Row] = []
    lines = [line for path in paths for line in path.read_text().splitlines() if line.strip()]
    for number, line in enumerate(lines):
        game = VerbindungGame()
        seen = []
        for move in json.loads(line)["moves"]:
            if game.phase is Phase.ROLL and game.outcome() is None:
                mover = game.to_move
                assert mover is not None
                tiles = tiles_of(game)
                mine, theirs = Oracle(tiles, mover), Oracle(tiles, mover.other)
                race = mover_value(mine.opt, theirs.opt, mine.exchange, theirs.exchange)
                seen.append((mover, logit(race), ease(mine) - ease(theirs)))
            game.push(game.parse_move(move))
        outcome = game.outcome()
        winner = outcome.winner if outcome is not None else None
        fold = (number // paired) % FOLDS
        for mover, race, lead in seen:
            won = 0.5 if winner is None else float(winner is mover)
            rows.append(Row(record, fold, race, lead, won))
    return rows


def features(row: Row, with_ease: bool) -> list[float]:
    return [row.race, row.ease] if with_ease else [row.race]


def measure(weights: list[float], rows: list[Row], with_ease: bool) -> tuple[float, float]:
    """The mean log loss and Brier score of a fitted model on `rows`."""
    loss = brier = 0.0
    for row in rows:
        chance = chance_of(tuple(weights), tuple(features(row, with_ease)))
        kept = min(max(chance, 1e-9), 1 - 1e-9)
        loss -= row.won * math.log(kept) + (1 - row.won) * math.log(1 - kept)
        brier += (chance - row.won) ** 2
    return loss / len(rows), brier / len(rows)


def held_out(rows: list[Row], with_ease: bool) -> dict[str, tuple[float, float]]:
    """Per record, the log loss and Brier score measured on each fold fitted without it."""
    sums: dict[str, list[float]] = {}
    for fold in range(FOLDS):
        train = [row for row in rows if row.fold != fold]
        weights, _ = fit([features(row, with_ease) for row in train], [r.won for r in train])
        for record in FILES:
            test = [row for row in rows if row.fold == fold and row.record == record]
            loss, brier = measure(weights, test, with_ease)
            total = sums.setdefault(record, [0.0, 0.0, 0.0])
            total[0] += loss * len(test)
            total[1] += brier * len(test)
            total[2] += len(test)
    return {record: (s[0] / s[2], s[1] / s[2]) for record, s in sums.items()}


def main() -> None:
    rows = [row for name, (paths, paired) in FILES.items() for row in rows_of(name, paths, paired)]
    for record in FILES:
        count = sum(row.record == record for row in rows)
        print(f"{record}: {count} positions before a roll")
    print("held out (log loss, Brier):")
    for with_ease in (False, True):
        label = "race model and ease" if with_ease else "race model alone   "
        scores = held_out(rows, with_ease)
        print(
            f"  {label}  "
            + "  ".join(f"{rec} {loss:.4f} {brier:.4f}" for rec, (loss, brier) in scores.items())
        )
    weights, _ = fit([features(row, True) for row in rows], [row.won for row in rows])
    print(
        f"fitted on all: intercept {weights[0]:.3f}, race logit {weights[1]:.3f}, "
        f"ease {weights[2]:.3f}; ease per unit of race logit {weights[2] / weights[1]:.3f} "
        f"(the engine's SHAPES_WEIGHT: {SHAPES_WEIGHT})"
    )


if __name__ == "__main__":
    main()
