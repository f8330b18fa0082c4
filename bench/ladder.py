"""The ladder of the computer's levels: ratings from round-robin games (issue 17; not a test).

Run ``python -m bench.ladder --kind ponte --games 20 --record ladder.jsonl`` to play every pairing
of ``--players`` (default: random, greedy, mcts, easy, normal, hard; greedy plays Ponte only)
``--games`` times, half with each colour, and rate everyone from the results; ``--from
a.jsonl,b.jsonl`` adds games recorded earlier (by this script or by ``python -m bench.ai
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
import math
import random
from collections import defaultdict
from collections.abc import Iterator
from itertools import combinations

from openskill.models import PlackettLuce

from bench.ai_players import append_entry, play_game

DEFAULT_PLAYERS = ("random", "greedy", "mcts", "easy", "normal", "hard")
PONTE_ONLY = frozenset({"greedy"})
"""Players that know only Ponte (the greedy player scores Ponte turns)."""


def plays(name: str, kind: str) -> bool:
    """Whether the player `name` can play a game of `kind`."""
    return kind != "verbindung" or name not in PONTE_ONLY


def default_players(kind: str) -> list[str]:
    """The ladder's players for `kind`: every default player that plays that game."""
    return [name for name in DEFAULT_PLAYERS if plays(name, kind)]


def round_robin(
    kind: str,
    players: list[str],
    games: int,
    budget: float,
    *,
    record: str | None,
    known: list[dict[str, object]],
) -> Iterator[dict[str, object]]:
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


def rate(
    entries: list[dict[str, object]], orders: int = 64, seed: int = 1
) -> dict[str, tuple[float, float]]:
    """Each player's (mu, sigma): the means over `orders` seeded random orders of the games.
    The model learns one game at a time, so one order leaves its trace: over twenty games of
    three players a rating moved by 1.6 mu (some 50 Elo) from one order to the next, and the
    mean over 64 orders by about 0.2."""
    totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for number in range(orders):
        for name, (mu, sigma) in _rate_once(entries, random.Random(f"{seed}:{number}")).items():
            totals[name][0] += mu / orders
            totals[name][1] += sigma / orders
    return {name: (mu, sigma) for name, (mu, sigma) in totals.items()}


def _rate_once(
    entries: list[dict[str, object]], rng: random.Random
) -> dict[str, tuple[float, float]]:
    model = PlackettLuce()
    ratings: dict[str, object] = {}
    order = list(entries)
    rng.shuffle(order)
    for entry in order:
        names = entry["players"]
        winner = entry["winner"]
        assert isinstance(names, list)
        teams = [[ratings.setdefault(n, model.rating(name=n))] for n in names]
        ranks = [1, 1] if winner is None else [0 if i == winner else 1 for i in range(2)]
        [[first], [second]] = model.rate(teams, ranks=ranks)
        ratings[names[0]], ratings[names[1]] = first, second
    return {name: (r.mu, r.sigma) for name, r in ratings.items()}  # type: ignore[attr-defined]


def elo_scale() -> float:
    """Elo points per point of mu: a Plackett-Luce mean difference d between two settled
    players gives odds of exp(d / (sqrt(2) * beta)); Elo gives 10 ** (D / 400)."""
    beta = PlackettLuce().beta
    return 400 / math.log(10) / (math.sqrt(2) * beta)


def table(entries: list[dict[str, object]]) -> dict[tuple[str, str], list[float]]:
    """Per ordered pair (a, b) with a < b: a's points (a draw counts half) and the games."""
    results: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for entry in entries:
        names = entry["players"]
        winner = entry["winner"]
        assert isinstance(names, list)
        a, b = sorted(names)
        points = 0.5 if winner is None else float(names[winner] == a)  # type: ignore[index]
        results[(a, b)][0] += points
        results[(a, b)][1] += 1
    return results


def report(entries: list[dict[str, object]], anchor: str = "random") -> None:
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
    entries: list[dict[str, object]] = []
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
