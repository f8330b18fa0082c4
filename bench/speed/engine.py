"""Engine speed: ``python -m bench.speed.engine`` prints medians for both engines' targets.

Ponte del Diavolo targets (12x12 mid-game, about 60 stones and 10 bridges): one two-stone turn
checked in at most 30 us; the legal fields listed in at most 1 ms; whether the player may pass in
at most 5 ms; a 120-turn record replayed in at most 30 ms.
"""

from __future__ import annotations

import random

from bench.speed.ponte_positions import endgame, long_game
from bench.speed.timing import line, median_seconds
from bench.speed.verbindung import run as verbindung
from engine.ponte import Place, PonteGame
from testing.ponte_playout import midgame


def ponte() -> list[str]:
    """Measure the Ponte del Diavolo targets."""
    game = midgame(random.Random)
    stones = sum(1 for cell in game.board.cells if cell is not None)
    fields = game.legal_fields()
    # The costliest legal turn to check: two stones, each with neighbours of its colour.
    turn = Place(fields[len(fields) // 3], fields[2 * len(fields) // 3])
    assert game.is_legal(turn)
    end = endgame()
    record = long_game().record()
    per_ply = median_seconds(lambda: PonteGame.from_record(record), repeat=15) / len(record.moves)
    return [
        f"Ponte del Diavolo, 12x12 mid-game: {stones} stones, {len(game.board.bridges)} bridges,"
        f" {len(fields)} legal fields",
        line(
            "check one two-stone turn", median_seconds(lambda: game.is_legal(turn), 200, 50), 30e-6
        ),
        line("list the legal fields", median_seconds(game.legal_fields, 200, 5), 1e-3),
        line("may the player pass? (no)", median_seconds(game.can_pass, 200, 5), 5e-3),
        line(
            f"may the player pass? (yes, endgame, {len(end.legal_fields())} legal fields)",
            median_seconds(end.can_pass, 50),
            5e-3,
        ),
        line("list the legal bridges", median_seconds(game.legal_bridges, 200, 5), 1e-3),
        line(
            f"replay the longest record ({len(record.moves)} plies)",
            per_ply * len(record.moves),
            30e-3,
        ),
        line("replay, scaled to 120 plies", per_ply * 120, 30e-3),
    ]


def main() -> None:
    """Print every engine benchmark."""
    for text in ponte():
        print(text)
    print("Verbindung gesucht")
    verbindung()


if __name__ == "__main__":
    main()
