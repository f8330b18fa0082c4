"""What the games' results say of the weights of Ponte's evaluation (issue 55; not a test).

Run ``python -m bench.strength.shares --cache DIR`` with the ``train`` extra. It takes the
positions the shipped learned model learnt from (`bench.learn`: its manifest's records, replayed
or read from the cache folder ``bench.learn --cache`` fills) and fits a logistic regression of the
mover's result to the parts of hard's evaluation, the mover's less the opponent's: the points
scored now, those within reach over links that cannot be cut in one turn, those within reach over
any link (in points, as `evaluate.colour_value` weighs them), and room (the fields each may still
use, times the share of the board filled, as `candidates.with_room` counts it). It prints the
three points' weights as shares of their sum, room's weight in the same units, and the same for
the opening, the middle and the end of the game (the board filled below 30%, below 60%, beyond).
Hard's evaluation gives the three shares 0.4, 0.3 and 0.3 and room 0.5 (`evaluate.SHARES`,
`search.ROOM`).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from bench.learn import as_classes, manifest_records, recorded
from testing.strength.learning import Positions, gather

PHASES = ((0.0, 0.3), (0.3, 0.6), (0.6, 1.01))
"""Shares of the board filled: the opening, the middle and the end of the game."""


def parts(data: Positions) -> tuple[Any, Any, Any]:
    """The evaluation's parts (mover's less opponent's, room times filled) of every position,
    the results and the share of the board filled, from the learned model's features."""
    import numpy as np

    x, y = np.array(data.x), np.array(data.y)
    fields = np.where(x[:, 10] > 0, 100, 144)  # the small board's, the large one's
    per = fields / 100  # `learned.features` counts points per 100 fields
    points = [(x[:, i] - x[:, i + 3]) * per for i in range(3)]
    room = (x[:, 6] - x[:, 7]) * fields * x[:, 8]
    return np.stack([*points, room], axis=1), y, x[:, 8]


def weights(columns: Any, y: Any) -> list[float]:
    """The three points' shares of their weights' sum, then room's weight in those units."""
    from sklearn.linear_model import LogisticRegression

    fitted = LogisticRegression(C=1e4, max_iter=2000).fit(*as_classes(columns, y))
    coefficients = fitted.coef_[0]
    total = coefficients[:3].sum()
    return [round(float(c / total), 3) for c in coefficients]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, help="bench.learn's cache of replayed positions")
    options = parser.parse_args()
    games, files = recorded(manifest_records())
    columns, y, filled = parts(gather(games, files, options.cache))
    print(f"{len(y)} positions of {len(games)} games")
    print(f"  all: now, safe, open, room = {weights(columns, y)}")
    for low, high in PHASES:
        chosen = (filled >= low) & (filled < high)
        print(f"  filled {low:.0%} to {min(high, 1):.0%}: {weights(columns[chosen], y[chosen])}")


if __name__ == "__main__":
    main()
