"""Games where one side plays badly on purpose, each turn reviewed as an analysis reviews it: the
record `bench.strength.accuracy` measures the accuracy figure on (not a test).

Run ``python -m bench.strength.accuracy_games`` from the repository root to append games to
``bench/records/accuracy-<kind>.jsonl`` (12x12 Ponte and Verbindung gesucht), one JSON line per
game: its players (the first moved first; ``testing.strength.players``), the winner, the moves,
and every turn's review (`bot.computer.review.review_turn`, as the analyst runs it, at the budget
``--seconds``; the bot's is 0.7 s, a lower one keeps the run short and judges the turns played
alike). The pairings: random turns against hard (a player who plays badly all game, and a game
decided at once), easy against hard (a beginner, most of whose games are decided early), and
hard against hard and normal against hard (players who play well, in closer games).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from bot.computer.review import review_turn
from bot.games import GAMES
from testing.strength.players import play_game

RECORDS = Path(__file__).resolve().parent.parent / "records"

MATCHES = (
    ("random", "hard@0.1"),
    ("easy", "hard@0.1"),
    ("hard@0.1", "hard@0.1"),
    ("normal", "hard@0.1"),
)
"""The pairings played in turn; seats swap every other round, so each moves first as often."""

BUDGET = 5.0
"""Seconds a turn for the levels without their own (random, easy and normal never need them)."""

KINDS = ("ponte", "verbindung")


def record_path(kind: str) -> Path:
    """Where the reviewed games of `kind` are kept."""
    return RECORDS / f"accuracy-{kind}.jsonl"


def players_of(number: int) -> tuple[str, str]:
    """The two players of game `number` (the first moves first)."""
    first, second = MATCHES[number % len(MATCHES)]
    return (first, second) if (number // len(MATCHES)) % 2 == 0 else (second, first)


def generate(kind: str, games: int, first: int, seconds: float) -> None:
    """Play and review games `first`.. of `kind`, appending each to its record as it ends."""
    for number in range(first, first + games):
        names = players_of(number)
        started = time.perf_counter()
        played = play_game(kind, names, f"accuracy:{kind}:{number}", BUDGET)
        game_kind = GAMES.kind(kind)
        game = game_kind.game.from_moves(None, list(played.moves))
        turns = len(game.turn_plies()) - 1
        text = game.record().to_json()
        reviews = [
            review_turn(game_kind, text, turn, f"accuracy:{kind}:{number}:{turn}", seconds)
            for turn in range(1, turns + 1)
        ]
        entry = {
            **played.entry(kind, names),
            "seed": number,
            "review_seconds": seconds,
            "reviews": [review.as_json() for review in reviews],
        }
        with record_path(kind).open("a") as record:
            record.write(json.dumps(entry) + "\n")
        spent = time.perf_counter() - started
        print(f"{kind} {number} {names}: {turns} turns, winner {played.winner} ({spent:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--games", type=int, default=16, help="games of each kind")
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--seconds", type=float, default=0.3, help="each review's budget")
    args = parser.parse_args()
    for kind in args.kinds.split(","):
        generate(kind, args.games, args.first, args.seconds)


if __name__ == "__main__":
    main()
