"""Fit the opening model of the Ponte pie rule (`engine.ai.ponte.opening`) to played games.

Run ``python -m bench.strength.ponte_openings --games 1500 --out /tmp/ponte-openings.jsonl``: each
game opens with two white stones of a random shape in a random place (`opening.openings`), red plays
on without swapping, and two normal players finish the game. A logistic regression of white's win on
the features of the opening (`opening.opening_features`) gives the weights the engine uses;
``--fit-only`` refits a saved file, ``--start`` resumes at a seed, ``--openings 'f6 f7,a1 a2'``
plays these openings in turn instead of random ones.
"""

from __future__ import annotations

import argparse
import json
import random

from bench.strength.logistic import fit
from engine.ai import Level
from engine.ai.ponte.opening import opening_features, openings
from engine.ponte import Colour, PonteGame
from testing.strength.players import choose


def play(seed: int, variant: str, fixed: list[str]) -> dict[str, object]:
    """One game from a random opening (or the next of `fixed`, in turn); the opening and
    whether white won (a draw counts half)."""
    rng = random.Random(seed)
    game = PonteGame(variant)
    if fixed:
        game.play(fixed[seed % len(fixed)])
    else:
        game.push(openings(game.variant.size, rng, count=1)[0])
    opening = game.peek()
    while not game.is_over:
        game.push(choose(game, Level.NORMAL, rng))
    outcome = game.outcome()
    assert outcome is not None
    won = 0.5 if outcome.winner is None else float(outcome.winner is Colour.WHITE)
    return {"opening": str(opening), "variant": variant, "white": won, "seed": seed}


def main() -> None:
    """Play (or load) the games and print the fitted weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--variant", default="online")
    parser.add_argument("--out", default="/tmp/ponte-openings.jsonl")
    parser.add_argument("--start", type=int, default=0, help="first seed (appends to --out)")
    parser.add_argument("--openings", default="", help="comma-separated openings to play in turn")
    parser.add_argument("--fit-only", action="store_true")
    options = parser.parse_args()
    if not options.fit_only:
        with open(options.out, "a" if options.start else "w") as file:
            for seed in range(options.start, options.games):
                fixed = [o for o in options.openings.split(",") if o]
                file.write(json.dumps(play(seed, options.variant, fixed)) + "\n")
                file.flush()
    with open(options.out) as file:
        games = [json.loads(line) for line in file if line.strip()]
    xs = [list(opening_features(PonteGame.from_moves(e["variant"], [e["opening"]]))) for e in games]
    weights, loss = fit(xs, [float(e["white"]) for e in games])
    white = sum(float(e["white"]) for e in games) / len(games)
    print(f"{len(games)} games, white won {white:.1%}")
    by_opening: dict[str, list[float]] = {}
    for entry in games:
        by_opening.setdefault(str(entry["opening"]), []).append(float(entry["white"]))
    for opening, results in sorted(by_opening.items(), key=lambda item: -len(item[1]))[:12]:
        if len(results) > 1:
            print(f"  {opening:<8} white won {sum(results)}/{len(results)}")
    print(f"  weights {[round(w, 4) for w in weights]}; log loss {loss:.4f}")


if __name__ == "__main__":
    main()
