"""The ladder of the computer's levels: ratings from round-robin games (issue 17; not a test).

Run ``python -m bench.strength.ladder --kind ponte --games 20 --record ladder.jsonl`` to play every
pairing of ``--players`` (default: random, greedy, mcts, easy, normal, hard; greedy plays Ponte
only) ``--games`` times, half with each colour, and rate everyone from the results; ``--from
a.jsonl,b.jsonl`` adds games recorded earlier (by this script or by ``python -m bench.strength.ai
--record``), which count towards each pairing's games, and ``--games 0`` only rates them.

The ratings are openskill's Plackett-Luce model (the Weng-Lin rating the bot's player ratings
use), averaged over several seeded random orders of the games; each player is shown with its mean
(mu) and uncertainty (sigma), and as an Elo-like number: the mean's distance from the random
player's, scaled so that 400 points mean ten to one odds, as in Elo. It also prints the table of
results.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from itertools import combinations

from testing.strength.players import Entry, append_entry, default_players, play_game, plays
from testing.strength.ratings import elo_scale, rate, table


def round_robin(
    kind: str,
    players: list[str],
    games: int,
    budget: float,
    *,
    record: str | None,
    known: list[Entry],
) -> Iterator[Entry]:
    """Play every pairing until it has `games` games, counting those `known` already (the first
    of each pair of games with the first name moving first); yield each new game's record."""
    for first, second in combinations(players, 2):
        pair = sorted((first, second))
        have = sum(1 for entry in known if sorted(entry["players"]) == pair)
        for number in range(have, games):
            names = (first, second) if number % 2 == 0 else (second, first)
            seed = f"ladder:{kind}:{first}:{second}:{number // 2}"
            played = play_game(kind, names, seed, budget)
            entry = played.entry(kind, names)
            if record:
                append_entry(record, entry)
            print(f"  {names[0]} - {names[1]}: winner {played.winner}", flush=True)
            yield entry


def report(entries: list[Entry], anchor: str = "random") -> None:
    """Print the ratings (best first) and the table of results."""
    ratings = rate(entries)
    base = ratings.get(anchor, (0.0, 0.0))[0]
    scale = elo_scale()
    print(f"{len(entries)} games; Elo-like = (mu - mu[{anchor}]) x {scale:.1f}")
    for name, (mu, sigma) in sorted(ratings.items(), key=lambda item: -item[1][0]):
        print(f"  {name:<10} {round((mu - base) * scale):>6}   mu {mu:6.2f}  sigma {sigma:5.2f}")
    print("results (row player's points against the column player):")
    for (a, b), (points, games) in sorted(table(entries).items()):
        print(f"  {a:<10} vs {b:<10} {points:g}/{games:g}")


def main() -> None:
    """Play the round robin (if asked) and print the ladder."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="ponte", choices=("ponte", "classic", "verbindung"))
    parser.add_argument("--players", help="comma-separated (default: `default_players`)")
    parser.add_argument("--games", type=int, default=20, help="games per pairing (even)")
    parser.add_argument("--budget", type=float, default=2.0)
    parser.add_argument("--record", help="append every game played to this JSON-lines file")
    parser.add_argument("--from", dest="sources", help="comma-separated recorded games to add")
    options = parser.parse_args()
    entries: list[Entry] = []
    for path in (options.sources or "").split(","):
        if path:
            with open(path) as file:
                entries += [json.loads(line) for line in file if line.strip()]
    entries = [e for e in entries if e.get("kind") == options.kind]
    players = options.players.split(",") if options.players else default_players(options.kind)
    unable = [name for name in players if not plays(name, options.kind)]
    if unable:
        parser.error(f"{', '.join(unable)} cannot play {options.kind}")
    if options.games:
        entries += list(
            round_robin(
                options.kind,
                players,
                options.games,
                options.budget,
                record=options.record,
                known=entries,
            )
        )
    report(entries)


if __name__ == "__main__":
    main()
