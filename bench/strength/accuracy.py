"""Whether the analysis's accuracy tells a player who played badly from one who played well, also
when the game was decided early (issue 46, point 11; not a test).

Run ``python -m bench.strength.accuracy`` from the repository root. It reads the reviewed games
of ``bench/records/accuracy-<kind>.jsonl`` (``python -m bench.strength.accuracy_games`` plays and
reviews them: random turns or the easy level against hard, and hard or normal against hard), and
for each way of summing a player's turns into one figure it prints:

- how often the player who plays badly on purpose (random, easy) comes out worse than their
  opponent (hard) in the same game;
- the chance that a bad player's figure is worse than a good player's (hard, normal; `AUC`),
  over all games, and the hard case: bad players in games decided early (the winner's chance
  stayed above 90% from the first third of the turns on) against good players in games that
  were not;
- each kind of player's median figure, in games decided early and in the others.

The ways (figures of badness: a loss in points, or 100 less an accuracy in per cent): the mean
loss of winning chance per turn (what the analysis said before); that mean weighted by how much
the game was in the balance around each turn (the spread of the chances in a window of turns,
as lichess weighs its accuracy), which the analysis shows now (`bot.computer.reading.
accuracy_of`); lichess's accuracy (each turn's loss made a percentage, the game's the mean of
the weighted mean and the harmonic mean of those); and the weighted mean of those percentages
alone. docs/analysis.md has the figures and the choice.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.computer.reading import accuracy_of, chances_of, reviews_of, volatility_weights
from bot.computer.review import TurnReview
from bot.games import GAMES

RECORDS = Path(__file__).resolve().parent.parent / "records"
KINDS = ("ponte", "verbindung")
"""The games `accuracy_games` records (read here without its players, which need the benchmarks'
extra dependencies to play)."""

BAD = frozenset({"random", "easy"})
"""The players who play badly on purpose."""
DECIDED = 0.9
"""A game is decided once the winner's chance stays at least this high to the end."""


@dataclass(frozen=True)
class Player:
    """One player of one game: who it is, the turns it played, and whether the game was
    decided early."""

    name: str
    mine: list[int]  # the indexes of its turns among the game's reviews
    reviews: list[TurnReview]  # every turn of the game
    early: bool

    @property
    def bad(self) -> bool:
        return self.name.partition("@")[0] in BAD


Way = Callable[[Player], float]
"""A way to sum a player's turns into one figure of badness (higher: worse)."""


def move_accuracy(loss: float) -> float:
    """A turn's accuracy in per cent from its loss of winning chance (0 to 1), by the curve
    lichess fitted (lichess.org/page/accuracy), with its one point of benefit of the doubt."""
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * 100 * loss) - 2.1669))


def mean_loss(player: Player) -> float:
    """The mean loss per turn in points (the analysis's figure before)."""
    return 100 * statistics.fmean(player.reviews[i].loss for i in player.mine)


def lichess(player: Player) -> float:
    """100 less lichess's game accuracy: the mean of the weighted and the harmonic mean of
    each turn's accuracy (a turn of accuracy 0 counts as 1 in the harmonic mean)."""
    weights = volatility_weights(chances_of(player.reviews))
    each = [(weights[i], move_accuracy(player.reviews[i].loss)) for i in player.mine]
    weighted = sum(w * a for w, a in each) / sum(w for w, _ in each)
    harmonic = statistics.harmonic_mean([max(a, 1.0) for _, a in each])
    return 100 - (weighted + harmonic) / 2


def weighted_accuracy(player: Player) -> float:
    """100 less the weighted mean alone of each turn's accuracy."""
    weights = volatility_weights(chances_of(player.reviews))
    each = [(weights[i], move_accuracy(player.reviews[i].loss)) for i in player.mine]
    return 100 - sum(w * a for w, a in each) / sum(w for w, _ in each)


def shown(player: Player) -> float:
    """What the analysis shows now: the loss per turn in points, each turn weighted by the
    spread of the chances around it (`accuracy_of`)."""
    colour = player.reviews[player.mine[0]].mover
    return accuracy_of(player.reviews)[colour]


WAYS: dict[str, Way] = {
    "mean loss (before)": mean_loss,
    "weighted loss (now)": shown,
    "lichess accuracy": lichess,
    "weighted accuracy": weighted_accuracy,
}


def players_of(entry: dict[str, object]) -> list[Player]:
    """The two players of a recorded game, each with its turns."""
    kind = GAMES.kind(str(entry["kind"]))
    game = kind.game.from_moves(None, list(entry["moves"]))  # type: ignore[call-overload]
    reviews = reviews_of(entry["reviews"])  # type: ignore[arg-type]
    first_holds = str(game.first_player_colour)  # the first player's colour at the end
    names: list[str] = list(entry["players"])  # type: ignore[call-overload]
    early = decided_early(reviews, entry["winner"], first_holds == kind.colours[0].value)
    found = []
    for index, name in enumerate(names):
        mine = [i for i, r in enumerate(reviews) if (r.mover == first_holds) == (index == 0)]
        found.append(Player(name, mine, reviews, early))
    return found


def decided_early(reviews: Sequence[TurnReview], winner: object, first_is_first: bool) -> bool:
    """Whether the winner's chance stayed at least `DECIDED` from the first third on."""
    if winner is None:
        return False
    chances = chances_of(reviews)
    first_won = (winner == 0) == first_is_first
    own = [c if first_won else 1 - c for c in chances]
    last_doubt = max((i for i, c in enumerate(own) if c < DECIDED), default=-1)
    return last_doubt + 1 <= len(reviews) / 3


def auc(bad: Sequence[float], good: Sequence[float]) -> float:
    """The chance that a bad player's figure is worse than a good player's (a tie: half)."""
    if not bad or not good:
        return float("nan")
    wins = sum((b > g) + 0.5 * (b == g) for b in bad for g in good)
    return wins / (len(bad) * len(good))


def report(kind: str, players: list[Player]) -> None:
    games = [players[i : i + 2] for i in range(0, len(players), 2)]
    mixed = [pair for pair in games if pair[0].bad != pair[1].bad]
    early = sum(pair[0].early for pair in games)
    print(f"\n{kind}: {len(games)} games ({early} decided early), {len(mixed)} bad v good")
    for label, way in WAYS.items():
        figures = {id(p): way(p) for p in players}
        ordered = sum(
            figures[id(bad)] > figures[id(good)]
            for pair in mixed
            for bad, good in [sorted(pair, key=lambda p: not p.bad)]
        )
        bad = [figures[id(p)] for p in players if p.bad]
        good = [figures[id(p)] for p in players if not p.bad]
        hard = auc(
            [figures[id(p)] for p in players if p.bad and p.early],
            [figures[id(p)] for p in players if not p.bad and not p.early],
        )
        print(
            f"  {label:<20} bad worse in {ordered}/{len(mixed)} games; AUC {auc(bad, good):.2f},"
            f" decided early v close {hard:.2f}"
        )
        for name in sorted({p.name for p in players}):
            line = []
            for flag, said in ((True, "early"), (False, "close")):
                mine = [figures[id(p)] for p in players if p.name == name and p.early is flag]
                if mine:
                    line.append(f"{said} {statistics.median(mine):5.1f} (n={len(mine)})")
            print(f"      {name:<9} median " + ", ".join(line))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kinds", default=",".join(KINDS))
    args = parser.parse_args()
    for kind in args.kinds.split(","):
        path = RECORDS / f"accuracy-{kind}.jsonl"
        if not path.exists():
            print(f"{kind}: no record at {path}; run python -m bench.strength.accuracy_games")
            continue
        entries = [json.loads(line) for line in path.read_text().splitlines() if line]
        report(kind, [p for entry in entries for p in players_of(entry)])


if __name__ == "__main__":
    main()
