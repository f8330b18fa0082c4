"""Speed of the Verbindung gesucht engine against the targets of issue 3 (not a test).

Run ``python -m bench.speed.verbindung`` (or via ``python -m bench.speed.engine``) from the
repository root. Targets: listing every legal placement for a roll of three <= 2 ms; checking a win
<= 200 us; replaying a 40-turn record <= 20 ms.
"""

from __future__ import annotations

import random

from bench.speed.timing import line as result_line
from bench.speed.timing import median_seconds
from engine.ai.verbindung.playout import random_turn
from engine.verbindung import (
    Face,
    Player,
    Roll,
    VerbindungGame,
    draw_roll,
)


def _play(seed: int, turns: int, most: int) -> VerbindungGame:
    rng = random.Random(seed)
    game = VerbindungGame()
    while not game.is_over and game.turns < turns:
        game.push(draw_roll(game, rng))
        game.push(random_turn(game, rng, most if rng.random() < 0.7 else 0))
    return game


def _forty_turn_record() -> str:
    """The text of a seeded record with 40 turns that does not end early."""
    for seed in range(1000):
        game = _play(seed, 40, 1)
        if game.turns == 40 and not game.is_over:
            return game.record().to_text()
    raise RuntimeError("no seed gave a 40-turn game")


def _midgame() -> VerbindungGame:
    """A game in mid play (about half the area filled), rolled three different faces."""
    for seed in range(1000):
        game = _play(seed, 12, 2)
        if not game.is_over and game.phase == "roll" and game.dice_to_roll() == 3:
            game.push(Roll((Face.RED_BRIDGE, Face.WHITE_CROSS, Face.ARCS)))
            return game
    raise RuntimeError("no seed gave a midgame")


def _covered_board() -> VerbindungGame:
    """A position where every base faces a usable edge, so the win check walks the networks."""
    game = VerbindungGame()
    for line in (
        "roll white-cross white-cross",
        "white-cross b6, white-cross f5",
        "roll white-cross white-cross white-cross",
        "white-cross e6, white-cross f2",
        "roll white-cross white-cross",
        "white-cross e1, white-cross a2",
        "roll white-cross white-cross white-cross",
        "white-cross b1, white-cross a5",
    ):
        game.play(line)
    return game


def _full_board() -> VerbindungGame:
    """A seeded game played to a full area (the slowest win check: every field holds a die)."""
    for seed in range(1000):
        game = _play(seed, 200, 2)
        outcome = game.outcome()
        if outcome is not None and outcome.winner is None:
            return game
    raise RuntimeError("no seed gave a drawn game")


def run() -> None:
    """Measure and print the medians of the issue's speed targets."""
    game = _midgame()
    covered = _covered_board()
    full = _full_board()
    text = _forty_turn_record()
    both = (Player.RED, Player.BLACK)
    results = [
        (
            "legal placements for a roll of three",
            median_seconds(lambda: {f: game.placements(f) for f in game.roll}, 300),
            2e-3,
        ),
        (
            "win check (both players, all bases covered)",
            median_seconds(lambda: [covered.is_connected(p) for p in both], 2000),
            200e-6,
        ),
        (
            "win check (one player, all bases covered)",
            median_seconds(lambda: covered.is_connected(Player.RED), 2000),
            200e-6,
        ),
        (
            "win check (both players, full area)",
            median_seconds(lambda: [full.is_connected(p) for p in both], 2000),
            200e-6,
        ),
        (
            "replay a 40-turn record (parse and check)",
            median_seconds(lambda: VerbindungGame.from_text(text), 50),
            20e-3,
        ),
        (
            "cut-off query (one player)",
            median_seconds(lambda: game.cut_off(Player.RED), 2000),
            200e-6,
        ),
    ]
    for label, seconds, target in results:
        print(result_line(label, seconds, target))


if __name__ == "__main__":
    run()
