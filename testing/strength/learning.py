"""The data the learned level's value model learns from (issue 55; `python -m bench.learn` fits
it): the positions of recorded games of Ponte with their results, and for a sample of them the
value of hard's search (expert iteration's first step). Here, in `testing`, so that the tests can
check it; the fit itself (scikit-learn, the `train` extra) stays in `bench.learn`.

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
new. Hard's values are in points; `bench.learn.calibration` turns them into chances with a
logistic fit to the results of the labelled positions (the odd depths leave the mover the last
turn, so the scale is the depth's own), and `targets` blends those with the results.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from engine.ai.base import never
from engine.ai.ponte import learned
from engine.ai.ponte.candidates import WIN
from engine.ai.ponte.search import Search, Shape
from engine.ai.ponte.winning import white_wins
from engine.ponte import Colour, PonteGame

WHOLE = 10**9
"""A node budget no search to a fixed depth reaches: the depth alone ends it."""


@dataclass
class Positions:
    """Features, the mover's result (1, 0.5, 0), the analysis's chance for the mover, and the
    number of the game each position comes from."""

    x: list[list[float]]
    y: list[float]
    analysis: list[float]
    game: list[int]
    seconds: float = 0.0  # the replay's


@dataclass(frozen=True)
class RecordedGame:
    """A recorded game of Ponte: its kind ("ponte" or "classic"), moves, file, line in the file
    (from 0) and seed (the game's number, where the record keeps one)."""

    kind: str
    moves: list[str]
    file: str
    line: int
    seed: int | None


def held_out_games(games: list[RecordedGame], seed: int, share: float) -> set[int]:
    """The numbers of the `games` held out from fitting: each game drawn by itself (its file
    and line) with the seed, held out with the chance `share`. The positions of a game go
    together, and a game stays on its side when other records are added (self-play's)."""
    return {
        number
        for number, game in enumerate(games)
        if random.Random(f"{seed}:{game.file}:{game.line}").random() < share
    }


@dataclass(frozen=True)
class Task:
    """One position to label: the game's kind and moves up to it, its place in the data."""

    kind: str
    moves: tuple[str, ...]
    index: int  # the position's number among its record's positions


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


def _lowest_priority() -> None:
    os.nice(19)  # a labelling process gives way to the machine's other work


def _label_all(chunk: tuple[list[Task], int]) -> list[tuple[int, float]]:
    tasks, depth = chunk
    return [(task.index, label(task, depth)) for task in tasks]


def label_many(tasks: list[Task], depth: int, workers: int) -> dict[int, float]:
    """The labels of `tasks`, by `workers` processes, keyed by `Task.index`."""
    if not tasks:
        return {}
    size = max(1, min(50, len(tasks) // (workers * 4) or 1))
    chunks = [(tasks[start : start + size], depth) for start in range(0, len(tasks), size)]
    found: dict[int, float] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(workers, initializer=_lowest_priority) as pool:
        for done, part in enumerate(pool.map(_label_all, chunks), start=1):
            found.update(part)
            if done % 10 == 0 or done == len(chunks):
                took = time.perf_counter() - started
                print(f"    labelled {len(found)}/{len(tasks)} in {took:.0f} s", flush=True)
    return found


def cached_labels(
    folder: Path | None, name: str, digest: str, key: str, make: Callable[[], dict[int, float]]
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


def chance(value: float, scale: float, offset: float) -> float:
    """The mover's chance of a search value by a calibration's `scale` and `offset`
    (`bench.learn.calibration`): certain once the game is decided."""
    if decided(value):
        return 1.0 if value > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-(scale * value + offset)))


def positions_of(kind: str, moves: list[str]) -> list[tuple[list[float], float, float]]:
    """The positions before every turn after the second of one game: features, the mover's
    result, the analysis's chance that the mover wins."""
    whole = PonteGame.from_moves("classic" if kind == "classic" else None, moves)
    outcome = whole.outcome()
    if outcome is None:
        return []  # a game cut short
    game = PonteGame("classic") if kind == "classic" else PonteGame()
    found = []
    for move in whole.moves:
        if game.ply >= 2 and not game.is_over and game.to_move is not None:
            mover = game.to_move
            result = 0.5 if outcome.winner is None else float(outcome.winner is mover)
            white = white_wins(game)
            analysis = white if mover is Colour.WHITE else 1.0 - white
            found.append((learned.features(game), result, analysis))
        game.push(move)
    return found


def gather(games: list[RecordedGame], files: dict[str, str], cache: Path | None) -> Positions:
    """The positions of `games`, each record file's read from the folder `cache` when it holds
    them (written once they are made, under the file's name and hash), so that a fit with other
    options, or with records added (self-play's), replays only the games it has not seen."""
    data = Positions([], [], [], [])
    for name, digest in files.items():
        numbers = [number for number, game in enumerate(games) if game.file == name]
        path = cache / f"{name}.{digest[:16]}.json" if cache else None
        if path and path.exists():
            part = Positions(**json.loads(path.read_text()))
        else:
            part = _replay([games[number] for number in numbers], name)
            if path:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(part.__dict__))
        data.x += part.x
        data.y += part.y
        data.analysis += part.analysis
        data.game += [numbers[index] for index in part.game]
        data.seconds = round(data.seconds + part.seconds, 1)
    return data


def _replay(games: list[RecordedGame], name: str) -> Positions:
    """The positions of `games` (of the record `name`), numbered by their place in the list."""
    started = time.perf_counter()
    data = Positions([], [], [], [])
    for number, game in enumerate(games):
        for x, y, a in positions_of(game.kind, game.moves):
            data.x.append(x)
            data.y.append(y)
            data.analysis.append(a)
            data.game.append(number)
    data.seconds = round(time.perf_counter() - started, 1)
    print(f"  replayed {name}: {len(games)} games, {len(data.y)} positions", flush=True)
    return data


def search_labels(
    games: list[RecordedGame],
    files: dict[str, str],
    data: Positions,
    held: set[int],
    options: argparse.Namespace,
) -> dict[int, float]:
    """Hard's search value (`label`) of a sample of the positions of the games not held out,
    keyed by the position's number in `data`: each record's labels from the cache folder or
    made by `options.label_workers` processes."""
    tasks: dict[str, list[Task]] = {name: [] for name in files}
    where: dict[tuple[str, int], int] = {}  # a record's position number -> its number in data
    in_file: dict[str, int] = dict.fromkeys(files, 0)
    in_game: Counter[int] = Counter()
    for index, number in enumerate(data.game):
        game = games[number]
        local, in_file[game.file] = in_file[game.file], in_file[game.file] + 1
        ply = 2 + in_game[number]  # `positions_of` starts after the pie rule's turn
        in_game[number] += 1
        share, seed = options.label_share, options.seed
        if number in held or not chosen(seed, game.file, game.line, ply, share):
            continue
        tasks[game.file].append(Task(game.kind, tuple(game.moves[:ply]), local))
        where[game.file, local] = index
    key = f"depth{options.label_depth}.share{options.label_share}.seed{options.seed}"
    labels: dict[int, float] = {}
    for name, digest in files.items():
        print(f"  labels of {name}: {len(tasks[name])} positions", flush=True)
        made = cached_labels(
            options.cache,
            name,
            digest,
            key,
            partial(label_many, tasks[name], options.label_depth, options.label_workers),
        )
        labels.update({where[name, local]: value for local, value in made.items()})
    return labels


Calibration = Callable[[list[float], list[float]], tuple[float, float]]
"""A fit of the results to search values: the scale and offset of `chance`."""


def targets(
    data: Positions,
    labels: dict[int, float],
    train: set[int],
    blend: float,
    calibrate: Calibration,
) -> tuple[list[float], dict[str, Any]]:
    """What the fit learns: each position's result, and for a labelled one `blend` of it and
    the rest the chance of its search value (by `calibrate`, fitted to the labelled positions
    of the games learnt from). Returns the targets and what the manifest says."""
    if not labels:
        return list(data.y), {}
    fitted = sorted(index for index in labels if data.game[index] in train)
    scale, offset = calibrate(
        [labels[index] for index in fitted], [data.y[index] for index in fitted]
    )
    y = list(data.y)
    for index, value in labels.items():
        y[index] = blend * y[index] + (1 - blend) * chance(value, scale, offset)
    return y, {"positions": len(labels), "scale": scale, "offset": offset, "blend": blend}
