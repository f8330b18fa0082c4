"""The race model of Verbindung gesucht's computer, fitted with the ease of each player's network
(`engine.ai.verbindung.shapes`), and how well each model foretells the winner (not a test).

Run ``python -m bench.strength.shapes`` from the repository root. It reads the recorded games
(`FILES`: the calibration games between the computer's levels, and the records of hard against
`hard0v` made before the refit), takes the position before every roll, and fits three logistic
regressions of the mover's win:

- on the logit of the chance of the race model fitted on normal players' games
  (`race.NORMAL_GAMES`) alone;
- on that and the difference of the two players' `ease`;
- on the race model's own terms (`race.Race`: the lead, the lead over the square root of both
  distances, the cut-offs, the distances 1 to 3 and 1 to 2) and the ease: the refit.

Each is fitted on two folds of the games and measured on the third (the two games of a seeded
pair stay in one fold), over the three ways round; it prints the held-out log loss and Brier
score of each, per record, and the refit's weights fitted on all games, which are the engine's
`race.RACE` (the analysis's race model), and the ease's weight beside them. Hard plays by
`race.NORMAL_GAMES` with the ease at `SHAPES_WEIGHT`: it played worse by the refit.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench.strength.logistic import fit
from engine.ai.base import chance_of
from engine.ai.verbindung import SHAPES_WEIGHT
from engine.ai.verbindung.oracle import Oracle
from engine.ai.verbindung.race import NORMAL_GAMES, RACE, logit
from engine.ai.verbindung.search import tiles_of
from engine.ai.verbindung.shapes import ease
from engine.verbindung import Phase, VerbindungGame

RECORDS = Path(__file__).resolve().parent.parent / "records"
AGAINST_HARD0V = (
    "verbindung-hard0v",
    "verbindung-shapes-turn",
    "verbindung-shapes-deep",
    "verbindung-shapes",
    "verbindung-deeper-idle",
    "verbindung-wide",
    "verbindung-budget4",
)
"""The records of hard against `hard0v` the refit was fitted on (later ones measure it)."""

FILES = {
    "calibration": ([RECORDS / "calibration-verbindung.jsonl"], 1),
    "against hard0v": ([RECORDS / f"{name}.jsonl" for name in AGAINST_HARD0V], 2),
}
"""The records of each kind of game and how many games in a row share a seed (kept in one
fold): the calibration games are one to a seed, the games against `hard0v` two."""

FOLDS = 3


@dataclass(frozen=True, slots=True)
class Row:
    """A position before a roll: its record, fold, the mover's race and the mover's result."""

    record: str
    fold: int
    mine: int  # the mover's distance
    theirs: int  # the opponent's
    mine_cut: bool  # whether the mover is cut off (V9)
    theirs_cut: bool  # whether the opponent is
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
                race = (mine.opt, theirs.opt, mine.exchange, theirs.exchange)
                seen.append((mover, race, ease(mine) - ease(theirs)))
            game.push(game.parse_move(move))
        outcome = game.outcome()
        winner = outcome.winner if outcome is not None else None
        fold = (number // paired) % FOLDS
        for mover, race, lead in seen:
            won = 0.5 if winner is None else float(winner is mover)
            rows.append(Row(record, fold, *race, lead, won))
    return rows


def before(row: Row) -> list[float]:
    return [logit(NORMAL_GAMES.mover_value(row.mine, row.theirs, row.mine_cut, row.theirs_cut))]


def before_and_ease(row: Row) -> list[float]:
    return [*before(row), row.ease]


def race_terms(row: Row) -> list[float]:
    """The terms of `race.Race` after its intercept, in the order of its fields, and the ease."""
    lead = row.theirs - row.mine
    return [
        lead,
        lead / math.sqrt(row.mine + row.theirs),
        float(row.mine_cut),
        float(row.theirs_cut),
        *(float(row.mine == d) for d in (1, 2, 3)),
        *(float(row.theirs == d) for d in (1, 2)),
        row.ease,
    ]


Features = Callable[[Row], list[float]]

MODELS: dict[str, Features] = {
    "normal players' race model alone": before,
    "normal players' race model, ease": before_and_ease,
    "race model refitted with ease   ": race_terms,
}


def measure(weights: list[float], rows: list[Row], features: Features) -> tuple[float, float]:
    """The mean log loss and Brier score of a fitted model on `rows`."""
    loss = brier = 0.0
    for row in rows:
        chance = chance_of(tuple(weights), tuple(features(row)))
        kept = min(max(chance, 1e-9), 1 - 1e-9)
        loss -= row.won * math.log(kept) + (1 - row.won) * math.log(1 - kept)
        brier += (chance - row.won) ** 2
    return loss / len(rows), brier / len(rows)


def held_out(rows: list[Row], features: Features) -> dict[str, tuple[float, float]]:
    """Per record, the log loss and Brier score measured on each fold fitted without it."""
    sums: dict[str, list[float]] = {}
    for fold in range(FOLDS):
        train = [row for row in rows if row.fold != fold]
        weights, _ = fit([features(row) for row in train], [r.won for r in train])
        for record in FILES:
            test = [row for row in rows if row.fold == fold and row.record == record]
            loss, brier = measure(weights, test, features)
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
    for label, features in MODELS.items():
        scores = held_out(rows, features)
        print(
            f"  {label}  "
            + "  ".join(f"{rec} {loss:.4f} {brier:.4f}" for rec, (loss, brier) in scores.items())
        )
    weights, _ = fit([race_terms(row) for row in rows], [row.won for row in rows])
    print("refitted on all games (the engine's race.RACE in brackets):")
    engine = [
        RACE.tempo,
        RACE.lead,
        RACE.scaled_lead,
        RACE.mine_cut,
        RACE.theirs_cut,
        *RACE.mine_near,
        *RACE.theirs_near,
    ]
    names = ["tempo", "lead", "scaled lead", "mine cut", "theirs cut"]
    names += ["mine at 1", "at 2", "at 3", "theirs at 1", "at 2"]
    pairs = zip(names, weights[:-1], engine, strict=True)
    print("  " + ", ".join(f"{name} {w:.3f} ({e})" for name, w, e in pairs))
    print(f"  ease {weights[-1]:.3f} (hard weighs it {SHAPES_WEIGHT} beside race.NORMAL_GAMES)")


if __name__ == "__main__":
    main()
