"""Make the puzzles the project ships (issue 48): ``python -m bench.puzzles.shipped``.

A server whose own finished games gave no puzzle yet (and a DM, which has no server) gets these:
positions from the computer's own games (the calibration games in ``bench/records``, between its
levels), found exactly as the bot finds them in a server's games (`bot.computer.puzzling.
find_puzzles`, which gives the same puzzles for the same game and seed), and written to each
game's package (``bot/games/<game>/puzzles.json``), which `GameKind.shipped_puzzles` reads. The
games are taken in their recorded order; at most `PER_GAME` puzzles of one game, and games are
looked at until each set is full, only those where the easy level played (its turns are the
ones a beginner might play). Prints what it found and how long it took.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from bot.computer.puzzling import find_puzzles
from bot.games import GAMES
from bot.games.puzzles import FoundPuzzle, write_shipped

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "bench" / "records"
SOURCES = {
    "ponte": (("calibration-ponte", 16), ("calibration-classic", 8)),
    "verbindung": (("calibration-verbindung", 24),),
}
"""For each game, the recorded games its set comes from and how many puzzles of each."""
PER_GAME = 1
"""Puzzles of one recorded game at most: a set should show many games."""


def puzzles_of(game_kind: str, records: str, wanted: int) -> list[FoundPuzzle]:
    """Up to `wanted` puzzles from the recorded games in `records`, one per game at most."""
    found: list[FoundPuzzle] = []
    kind = GAMES.kind(game_kind)
    lines = (RECORDS / f"{records}.jsonl").read_text().splitlines()
    for number, line in enumerate(lines, start=1):
        if len(found) >= wanted:
            break
        entry = json.loads(line)
        if "easy" not in entry["players"]:
            continue
        variant = {"ponte": "online", "classic": "classic"}.get(entry["kind"])
        game = kind.game.from_moves(variant, entry["moves"])
        started = time.perf_counter()
        puzzles = find_puzzles(kind, game.record().to_json(), f"{records}:{number}")
        found += puzzles[:PER_GAME]
        took = time.perf_counter() - started
        print(f"{records} #{number} ({'-'.join(entry['players'])}): {len(puzzles)} in {took:.1f} s")
    return found


def main() -> None:
    """Write every game's shipped set."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=sorted(SOURCES), help="the games' keys")
    games = parser.parse_args().games
    for game_kind in games:
        found: list[FoundPuzzle] = []
        for records, wanted in SOURCES[game_kind]:
            found += puzzles_of(game_kind, records, wanted)
        sources = ", ".join(records for records, _ in SOURCES[game_kind])
        made_by = (
            "python -m bench.puzzles.shipped: bot.computer.puzzling.find_puzzles over the "
            f"recorded games of the computer's levels ({sources})"
        )
        target = ROOT / "bot" / "games" / game_kind / "puzzles.json"
        target.write_text(write_shipped(found, made_by), encoding="utf-8")
        print(f"{game_kind}: {len(found)} puzzles written to {target.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
