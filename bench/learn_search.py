"""Search values as the learned model's targets: expert iteration's first step (issue 55).

A game's result says who won, not how good each position was: a position a player later spoilt
counts as lost. Hard's search (`engine.ai.ponte.search`) looks some turns ahead of a position and
values it by what it finds there. So the positions of the games the model learns from are each
given, besides their result, the value of a search from them to a fixed depth (`label`): all
their best turns searched `depth` turns deep with hard's widths, whatever the time, so that a
label is the same on any machine and on every rerun (the search draws from a generator seeded by
the position). A fit then learns the search's judgement as well as the games': the learned value
at the horizon of a search that looks `depth` turns less far.

Labels cost a search each (about a second at three turns on 12x12), so only a sample of the
positions is labelled (`chosen`: each position drawn by itself, with the seed, from the games
that are not held out), in worker processes, and each record's labels are kept in the cache
folder under the record's hash, the depth and the sample, so that a rerun labels only what is
new. Hard's values are in points; `calibration` turns them into chances with a logistic fit to
the results of the labelled positions (the odd depths leave the mover the last turn, so the
scale is the depth's own).
"""

from __future__ import annotations

import json
import math
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.ai.base import never
from engine.ai.ponte.candidates import WIN
from engine.ai.ponte.search import Search, Shape
from engine.ponte import PonteGame

WHOLE = 10**9
"""A node budget no search to a fixed depth reaches: the depth alone ends it."""


@dataclass(frozen=True)
class Task:
    """One position to label: the game's kind and moves up to it, its place in the data."""

    kind: str
    moves: tuple[str, ...]
    index: int  # the position's number in `learn.Positions`


def chosen(seed: int, file: str, line: int, ply: int, share: float) -> bool:
    """Whether the position before turn `ply` of a record's game is labelled: a draw of its own
    from the seed, so that the sample stays when records are added."""
    return random.Random(f"label:{seed}:{file}:{line}:{ply}").random() < share


def label(task: Task, depth: int) -> float:
    """Hard's value, for the player to move, of the position after `task.moves`: every root turn
    searched `depth` turns deep (hard's widths), points of the evaluation (a won game's value is
    `candidates.WIN`)."""
    game = PonteGame("classic") if task.kind == "classic" else PonteGame()
    for move in task.moves:
        game.play(move)
    rng = random.Random(f"search:{task.kind}:{' '.join(task.moves)}")
    search = Search(game, rng, never, Shape(depth=depth))
    search.run(WHOLE)
    assert search.best is not None, "a position that goes on has a turn"
    return search.best.value


def _label_all(chunk: tuple[list[Task], int]) -> list[tuple[int, float]]:
    tasks, depth = chunk
    os.nice(19)  # the lowest priority: the machine's other work comes first
    return [(task.index, label(task, depth)) for task in tasks]


def label_many(tasks: list[Task], depth: int, workers: int) -> dict[int, float]:
    """The labels of `tasks`, by `workers` processes, keyed by `Task.index`."""
    if not tasks:
        return {}
    size = max(1, min(50, len(tasks) // (workers * 4) or 1))
    chunks = [(tasks[start : start + size], depth) for start in range(0, len(tasks), size)]
    found: dict[int, float] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        for done, part in enumerate(pool.map(_label_all, chunks), start=1):
            found.update(part)
            if done % 10 == 0 or done == len(chunks):
                took = time.perf_counter() - started
                print(f"    labelled {len(found)}/{len(tasks)} in {took:.0f} s", flush=True)
    return found


def cached_labels(
    folder: Path | None, name: str, digest: str, key: str, make: Any
) -> dict[int, float]:
    """The labels of the record `name` (of hash `digest`) under `key` (the depth and the sample),
    read from `folder` when a run made them, or made by `make()` and kept there."""
    path = folder / f"{name}.{digest[:16]}.{key}.labels.json" if folder else None
    if path and path.exists():
        return {int(k): v for k, v in json.loads(path.read_text()).items()}
    labels: dict[int, float] = make()
    if path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(labels))
    return labels


def decided(value: float) -> bool:
    """Whether a search value is a finished game's (`candidates.WIN`, less the points)."""
    return abs(value) >= WIN / 2


def calibration(values: list[float], results: list[float]) -> tuple[float, float]:
    """The scale and offset of the logistic fit of the results (1, 0.5, 0) to the search values
    of games not yet decided: the chance of a position of value v is 1 / (1 + exp(-(scale * v +
    offset)))."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    pairs = [(v, y) for v, y in zip(values, results, strict=True) if not decided(v)]
    v = np.array([value for value, _ in pairs]).reshape(-1, 1)
    y = np.array([result for _, result in pairs])
    rows, labels = np.concatenate([v, v]), np.concatenate([np.ones(len(y)), np.zeros(len(y))])
    weights = np.concatenate([y, 1.0 - y])
    kept = weights > 0
    fitted = LogisticRegression(C=1e4).fit(rows[kept], labels[kept], sample_weight=weights[kept])
    return float(fitted.coef_[0][0]), float(fitted.intercept_[0])


def chance(value: float, scale: float, offset: float) -> float:
    """The mover's chance of a search value by `calibration`: certain once the game is decided."""
    if decided(value):
        return 1.0 if value > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-(scale * value + offset)))
