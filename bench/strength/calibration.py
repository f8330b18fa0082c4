"""How honest the analysis's winning chances are: the win-chance models fitted on some played
games and measured on others (not a test).

Run ``python -m bench.strength.calibration`` from the repository root. For each game (12x12
Ponte, 10x10 Ponte, Verbindung gesucht) it reads the games `calibration_games` recorded in
``bench/records/``, takes the position before every turn of each game, fits the game's model
(`engine.ai.ponte.winning`, `engine.ai.verbindung.winning`) on two games in three and measures it
on the third: the Brier score (the mean squared error of the chance that the first colour wins,
against 1 for a win, 0 for a loss and 0.5 for a draw) beside that of always saying one half, and
a reliability table in ten bins of the predicted chance. It prints the fitted weights (the
engine's constants should be these) and the Brier score of the engine's own constants.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from bench.strength.calibration_games import MATCHES, record_path
from bench.strength.logistic import fit
from engine.ai.base import chance_of
from engine.ai.ponte import winning as ponte_winning
from engine.ai.verbindung import winning as verbindung_winning
from engine.ponte import Colour, PonteGame
from engine.verbindung import Player, VerbindungGame

HELD_OUT = 3
"""Every third round of games is measured, never fitted on. A round is one game of each of
`calibration_games.MATCHES` (game numbers 3k, 3k+1, 3k+2), so that the games measured hold every
pairing, and rounds alternate who moves first."""


def measured(number: int) -> bool:
    """Whether game `number` is one the model is measured on (not fitted on)."""
    return (number // len(MATCHES)) % HELD_OUT == HELD_OUT - 1


BINS = 10


@dataclass(frozen=True, slots=True)
class Position:
    """A position before a turn: the model's features (None: its chance is exact), the exact
    chance if so, whether the first colour is to move, and the game's result for the first
    colour (1, 0 or 0.5)."""

    values: tuple[float, ...] | None
    exact: float
    first_to_move: bool
    result: float
    game: int


Model = Callable[[Sequence[float], Position], float]
"""The chance that the first colour wins at a position, under the weights given."""


def _result(winner: object, first: object) -> float:
    return 0.5 if winner is None else float(winner == first)


def ponte_positions(kind: str, games: Iterator[tuple[int, list[str]]]) -> Iterator[Position]:
    """Every position before a turn of the Ponte games (white's view)."""
    variant = "classic" if kind == "classic" else None
    for number, moves in games:
        game = PonteGame.from_moves(variant, moves)
        outcome = game.outcome()
        assert outcome is not None
        result = _result(outcome.winner, Colour.WHITE)
        for ply in game.turn_plies()[:-1]:
            position = game.position_at(ply)
            white = position.to_move is Colour.WHITE
            yield Position(ponte_winning.features(position), 0.0, white, result, number)


def verbindung_positions(games: Iterator[tuple[int, list[str]]]) -> Iterator[Position]:
    """Every position before a turn of the Verbindung games (the mover's view for the model,
    red's for the measure)."""
    for number, moves in games:
        game = VerbindungGame.from_moves(None, moves)
        outcome = game.outcome()
        assert outcome is not None
        result = _result(outcome.winner, Player.RED)
        for ply in game.turn_plies()[:-1]:
            position = game.position_at(ply)
            red = position.to_move is Player.RED
            values = verbindung_winning.features(position)
            # Only a game's last turn ends it: its chance is exact, searched once more.
            chance = verbindung_winning.best_turn(position)[0] if values is None else 0.5
            exact = chance if red else 1.0 - chance
            yield Position(values, exact, red, result, number)


def ponte_model(weights: Sequence[float], position: Position) -> float:
    assert position.values is not None
    return chance_of(tuple(weights), position.values)


def verbindung_model(weights: Sequence[float], position: Position) -> float:
    if position.values is None:
        return position.exact
    mover = chance_of(tuple(weights), position.values)
    return mover if position.first_to_move else 1.0 - mover


def read_games(kind: str) -> list[tuple[int, list[str]]]:
    """The recorded games of `kind`: each game's number and moves."""
    path = record_path(kind)
    if not path.exists():
        return []
    entries = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [(int(entry["seed"]), list(entry["moves"])) for entry in entries]


def fit_rows(kind: str, positions: list[Position]) -> tuple[list[list[float]], list[float]]:
    """The rows the model is fitted on: Ponte in white's view, Verbindung in the mover's."""
    xs, ys = [], []
    for position in positions:
        if position.values is None:
            continue
        xs.append(list(position.values))
        flip = kind == "verbindung" and not position.first_to_move
        ys.append(1.0 - position.result if flip else position.result)
    return xs, ys


def brier(chances: Sequence[float], results: Sequence[float]) -> float:
    return sum((p - y) ** 2 for p, y in zip(chances, results, strict=True)) / len(chances)


def reliability(chances: Sequence[float], results: Sequence[float]) -> list[str]:
    """The table's lines: per bin of the predicted chance, its mean, the observed rate, the
    number of positions."""
    lines = ["  bin        predicted  observed  positions"]
    for b in range(BINS):
        inside = [
            (p, y)
            for p, y in zip(chances, results, strict=True)
            if min(int(p * BINS), BINS - 1) == b
        ]
        low, high = b / BINS, (b + 1) / BINS
        if not inside:
            lines.append(f"  {low:.1f}-{high:.1f}        -         -          0")
            continue
        predicted = sum(p for p, _ in inside) / len(inside)
        observed = sum(y for _, y in inside) / len(inside)
        row = f"{predicted:6.3f}    {observed:6.3f}  {len(inside):9d}"
        lines.append(f"  {low:.1f}-{high:.1f}    {row}")
    return lines


def measure(kind: str) -> None:
    """Fit and measure the model of `kind` on its recorded games, and print the figures."""
    games = read_games(kind)
    if not games:
        print(f"{kind}: no recorded games ({record_path(kind)})")
        return
    started = time.perf_counter()
    if kind == "verbindung":
        positions = list(verbindung_positions(iter(games)))
        model: Model = verbindung_model
        constants: tuple[float, ...] = verbindung_winning.WEIGHTS
    else:
        positions = list(ponte_positions(kind, iter(games)))
        model = ponte_model
        constants = ponte_winning.WEIGHTS["classic" if kind == "classic" else "online"]
    fitted = [p for p in positions if not measured(p.game)]
    tested = [p for p in positions if measured(p.game)]
    weights, loss = fit(*fit_rows(kind, fitted))
    chances = [model(weights, p) for p in tested]
    results = [p.result for p in tested]
    own = [model(constants, p) for p in tested]
    fit_games = len({p.game for p in fitted})
    test_games = len({p.game for p in tested})
    print(f"\n{kind}: fitted on {len(fitted)} positions of {fit_games} games", end="")
    print(f" (log loss {loss:.3f}),")
    print(f"  measured on {len(tested)} positions of {test_games} other games")
    print(f"  weights fitted: ({', '.join(f'{w:.3f}' for w in weights)})")
    even = brier([0.5] * len(results), results)
    print(f"  Brier score {brier(chances, results):.4f}, always 0.5: {even:.4f}")
    print(f"  the engine's constants: Brier {brier(own, results):.4f}")
    print("\n".join(reliability(chances, results)))
    print(f"  ({time.perf_counter() - started:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kinds", default="ponte,classic,verbindung")
    args = parser.parse_args()
    for kind in args.kinds.split(","):
        measure(kind)


if __name__ == "__main__":
    main()
