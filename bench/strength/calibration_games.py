"""The played games the win-chance models are fitted on and measured with (not a test).

Run ``python -m bench.strength.calibration_games`` from the repository root to append games to
``bench/records/calibration-<kind>.jsonl`` (12x12 Ponte, 10x10 Ponte, Verbindung gesucht), one
JSON line per game (`testing.strength.players.Played.entry` with its seed): the computer's levels
against each other, for the variety of play a model must judge: two normal players, normal
against hard at a tiny budget, and easy against normal (a beginner's mistakes give lopsided
positions). The levels' own randomness (openings, noise, an easy player's random turns) and the
dice make every seed a different game. ``python -m bench.strength.calibration`` fits and measures
on the records without replaying the generation.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from testing.strength.players import append_entry, play_game

RECORDS = Path(__file__).resolve().parent.parent / "records"

MATCHES = (("normal", "normal"), ("normal", "hard@0.05"), ("easy", "normal"))
"""The pairings played in turn; each game's seat is swapped every other round, so that each
level moves first in half of its games."""

BUDGET = 5.0
"""Seconds a turn for the levels without their own (normal and easy never need as many)."""


def record_path(kind: str) -> Path:
    """Where the calibration games of `kind` are kept."""
    return RECORDS / f"calibration-{kind}.jsonl"


def players_of(number: int) -> tuple[str, str]:
    """The two players of game `number` (the first moves first)."""
    first, second = MATCHES[number % len(MATCHES)]
    return (first, second) if (number // len(MATCHES)) % 2 == 0 else (second, first)


def generate(kind: str, games: int, first: int) -> None:
    """Play games `first`.. of `kind` and append each to its record as it ends."""
    path = record_path(kind)
    for number in range(first, first + games):
        names = players_of(number)
        started = time.perf_counter()
        played = play_game(kind, names, f"calibration:{kind}:{number}", BUDGET)
        entry = played.entry(kind, names)
        entry["seed"] = number
        append_entry(str(path), entry)
        seconds = time.perf_counter() - started
        print(f"{kind} {number} {names} winner {played.winner} ({seconds:.1f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kinds", default="ponte,classic,verbindung")
    parser.add_argument("--games", type=int, default=240, help="games of each kind")
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    args = parser.parse_args()
    for kind in args.kinds.split(","):
        generate(kind, args.games, args.first)


if __name__ == "__main__":
    main()
