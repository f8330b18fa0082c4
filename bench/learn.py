"""Fit the learned level's value model from recorded games (issue 55; not a test).

Run ``python -m bench.learn --seed 55`` from the repository root with the ``train`` extra (``pip
install -e '.[train]'``: scikit-learn). It replays every recorded game of Ponte (both boards) in
`bench/records` (or in the files ``--records`` names: the manifest's command names those the
shipped model learnt from) between players that are not random, takes the position before every
turn after the pie rule's, with its `learned.features` from the side of the player to move and
whether that player won (a draw counts half), and splits the games (not the positions) into a
training and a held-out set by the seed. It fits a logistic regression and a network of one
hidden layer (tanh) with scikit-learn (L-BFGS on the log loss, a little weight decay), and prints
the held-out log loss and Brier score of both and of the analysis's model (`winning.white_wins`,
turned to the mover's side). The network (or the regression, if it foretells the held-out games
better) is written to ``engine/ai/ponte/value.json`` with its manifest: the data files and their
hashes, the seed, the steps, the time taken, the code's commit and the model file's sha256
(`tests` check the hash).

With ``--label-depth D`` it also labels a sample of the positions of the games it learns from
(``--label-share``) with hard's search ``D`` turns deep (`learn_search`: expert iteration's first
step), and each of those learns, instead of its result alone, ``--blend`` of the result and the
rest the chance of the search's value, counting ``--label-weight`` times as much as a position
learnt from its result.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import learn_search
from engine.ai.ponte import learned
from engine.ai.ponte.winning import white_wins
from engine.ponte import Colour, PonteGame

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "bench" / "records"
MODEL_DIR = ROOT / "engine" / "ai" / "ponte"
WEAK = frozenset({"random", "greedy"})
"""Players whose games teach little of good play: left out."""


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


def recorded(names: list[str] | None = None) -> tuple[list[RecordedGame], dict[str, str]]:
    """Every Ponte game between two players that are not `WEAK` of the records `names` (all of
    `RECORDS` if None), and each file that held some with its sha256."""
    games: list[RecordedGame] = []
    files: dict[str, str] = {}
    paths = [RECORDS / name for name in names] if names else sorted(RECORDS.glob("*.jsonl"))
    for path in paths:
        text = path.read_text()
        kept = 0
        for number, line in enumerate(text.splitlines()):
            entry = json.loads(line) if line.strip() else None
            if not entry or entry.get("kind") not in ("ponte", "classic"):
                continue
            players = {name.partition("@")[0] for name in entry["players"]}
            if players & WEAK or not entry.get("moves"):
                continue
            seed = entry.get("seed")
            games.append(
                RecordedGame(entry["kind"], list(entry["moves"]), path.name, number, _number(seed))
            )
            kept += 1
        if kept:
            files[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return games, files


def _number(seed: object) -> int | None:
    return seed if isinstance(seed, int) else None


def held_out_games(games: list[RecordedGame], seed: int, share: float) -> set[int]:
    """The numbers of the `games` held out from fitting: each game drawn by itself (its file
    and line) with the seed, held out with the chance `share`. The positions of a game go
    together, and a game stays on its side when other records are added (self-play's)."""
    return {
        number
        for number, game in enumerate(games)
        if random.Random(f"{seed}:{game.file}:{game.line}").random() < share
    }


def manifest_records() -> list[str]:
    """The record files the shipped model learnt from (its manifest's)."""
    manifest = json.loads((MODEL_DIR / learned.MANIFEST_FILE).read_text())
    return list(manifest["data"])


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
    """Hard's search value (`learn_search.label`) of a sample of the positions of the games not
    held out, keyed by the position's number in `data`: each record's labels from the cache
    folder or made by `options.label_workers` processes."""
    tasks: dict[str, list[learn_search.Task]] = {name: [] for name in files}
    where: dict[tuple[str, int], int] = {}  # a record's position number -> its number in data
    in_file: dict[str, int] = dict.fromkeys(files, 0)
    in_game: dict[int, int] = {}
    for index, number in enumerate(data.game):
        game = games[number]
        local, in_file[game.file] = in_file[game.file], in_file[game.file] + 1
        ply = 2 + in_game.get(number, 0)  # `positions_of` starts after the pie rule's turn
        in_game[number] = ply - 1
        share, seed = options.label_share, options.seed
        if number in held or not learn_search.chosen(seed, game.file, game.line, ply, share):
            continue
        tasks[game.file].append(learn_search.Task(game.kind, tuple(game.moves[:ply]), local))
        where[game.file, local] = index
    key = f"depth{options.label_depth}.share{options.label_share}.seed{options.seed}"
    labels: dict[int, float] = {}
    for name, digest in files.items():
        print(f"  labels of {name}: {len(tasks[name])} positions", flush=True)
        made = learn_search.cached_labels(
            options.cache,
            name,
            digest,
            key,
            lambda name=name: learn_search.label_many(
                tasks[name], options.label_depth, options.label_workers
            ),
        )
        labels.update({where[name, local]: value for local, value in made.items()})
    return labels


def targets(
    data: Positions, labels: dict[int, float], train: set[int], blend: float
) -> tuple[list[float], dict[str, Any]]:
    """What the fit learns: each position's result, and for a labelled one `blend` of it and
    the rest the chance of its search value (`learn_search.calibration`, fitted to the labelled
    positions of the games learnt from). Returns the targets and what the manifest says."""
    if not labels:
        return list(data.y), {}
    fitted = sorted(index for index in labels if data.game[index] in train)
    scale, offset = learn_search.calibration(
        [labels[index] for index in fitted], [data.y[index] for index in fitted]
    )
    y = list(data.y)
    for index, value in labels.items():
        y[index] = blend * y[index] + (1 - blend) * learn_search.chance(value, scale, offset)
    return y, {"positions": len(labels), "scale": scale, "offset": offset, "blend": blend}


def _label_options(options: argparse.Namespace) -> str:
    return (
        f" --label-depth {options.label_depth} --label-share {options.label_share}"
        f" --blend {options.blend} --label-weight {options.label_weight}"
    )


def fit(
    x: Any, y: Any, hidden: int, steps: int, seed: int, *, weight: Any = None
) -> dict[str, Any]:
    """scikit-learn's fit of the log loss (with a little L2 decay) on the standardised `x`:
    `MLPClassifier` (one hidden layer of `hidden` tanh units, L-BFGS for at most `steps`
    iterations, its first weights drawn from `seed`) or, with no hidden units,
    `LogisticRegression`. A draw (a result of one half) counts as half a win and half a loss.
    Returns the weights (standardisation included) in `learned.ValueModel`'s form."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.neural_network import MLPClassifier
    from threadpoolctl import threadpool_limits

    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    z = (x - mean) / scale
    # Each position once as a win with weight y, once as a loss with weight 1 - y: the log
    # loss of the result y, draws included, in the classes a classifier knows.
    rows = np.concatenate([z, z])
    labels = np.concatenate([np.ones(len(y)), np.zeros(len(y))])
    each = np.ones(len(y)) if weight is None else weight  # how much a position counts
    weights = np.concatenate([y * each, (1.0 - y) * each])
    kept = weights > 0
    with threadpool_limits(1):  # one core, and the same sums in the same order on a rerun
        if not hidden:
            regression = LogisticRegression(C=1e4, max_iter=steps)
            regression.fit(rows[kept], labels[kept], sample_weight=weights[kept])
            out, out_bias, first, first_bias = regression.coef_[0], regression.intercept_[0], [], []
        else:
            network = MLPClassifier(
                hidden_layer_sizes=(hidden,),
                activation="tanh",
                solver="lbfgs",
                alpha=1e-4,
                max_iter=steps,
                random_state=seed,
            )
            network.fit(rows[kept], labels[kept], sample_weight=weights[kept])
            first, first_bias = network.coefs_[0].T.tolist(), network.intercepts_[0].tolist()
            out, out_bias = network.coefs_[1][:, 0], network.intercepts_[1][0]
    return {
        "features": list(learned.FEATURES),
        "mean": mean.tolist(),
        "scale": scale.tolist(),
        "hidden": first,
        "hidden_bias": first_bias,
        "out": out.tolist(),
        "out_bias": float(out_bias),
    }


def scores(chances: Any, y: Any) -> dict[str, float]:
    """Log loss and Brier score of `chances` against the results `y`."""
    import numpy as np

    p = np.clip(chances, 1e-6, 1 - 1e-6)
    loss = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
    return {"log_loss": round(float(loss), 4), "brier": round(float(np.mean((p - y) ** 2)), 4)}


def predict(weights: dict[str, Any], x: Any) -> Any:
    import numpy as np

    model = learned.ValueModel.from_json(json.dumps(weights))
    return np.array([1 / (1 + np.exp(-model.logit(list(row)))) for row in x])


def _previous(folder: Path) -> dict[str, Any] | None:
    """The weights of the model in `folder` that a run replaces, if it sees today's features."""
    path = folder / learned.MODEL_FILE
    if not path.exists():
        return None
    weights: dict[str, Any] = json.loads(path.read_text())
    return weights if list(weights["features"]) == list(learned.FEATURES) else None


def framework() -> str:
    """The versions of the libraries that fitted the model (a rerun with others may differ in
    the last digits)."""
    import numpy
    import sklearn

    return f"scikit-learn {sklearn.__version__}, numpy {numpy.__version__}"


def commit() -> str:
    """The code's commit, marked when the code that made the model differs from it."""
    head = _git("rev-parse", "HEAD").strip()
    # The code only: the model files are what a run writes (a rerun finds them written).
    code = ("engine/ai/ponte/*.py", "bench/learn.py")
    changed = _git("status", "--porcelain", "--", *code).strip()
    return f"{head} with changes" if changed else head


def _git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout


def _options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=55)
    parser.add_argument("--hidden", type=int, default=16, help="hidden units of the network")
    parser.add_argument("--steps", type=int, default=3000, help="most iterations of the fit")
    parser.add_argument("--held-out", type=float, default=0.2, help="share of the games")
    parser.add_argument("--out", type=Path, default=MODEL_DIR)
    parser.add_argument("--records", help="comma-separated files of bench/records (default all)")
    parser.add_argument("--cache", type=Path, help="keep the replayed positions in this folder")
    parser.add_argument("--positions-only", action="store_true", help="replay, do not fit")
    parser.add_argument(
        "--label-depth", type=int, default=0, help="label a sample by hard's search this deep"
    )
    parser.add_argument("--label-share", type=float, default=0.05, help="share labelled")
    parser.add_argument("--label-workers", type=int, default=2, help="processes that label")
    parser.add_argument(
        "--blend", type=float, default=0.5, help="weight of the result in a labelled target"
    )
    parser.add_argument(
        "--label-weight", type=float, default=1.0, help="how much a labelled position counts"
    )
    return parser.parse_args()


def main() -> None:
    options = _options()
    games, files = recorded(options.records.split(",") if options.records else None)
    print(f"{len(games)} games from {len(files)} records", flush=True)
    data = gather(games, files, options.cache)
    if options.positions_only:
        return
    import numpy as np

    held = held_out_games(games, options.seed, options.held_out)
    started = time.perf_counter()
    labels = search_labels(games, files, data, held, options) if options.label_depth else {}
    labelling = round(time.perf_counter() - started, 1)
    learnt = set(range(len(games))) - held
    target, labelled = targets(data, labels, learnt, options.blend)
    if labelled:
        labelled["weight"] = options.label_weight
    x, y, fitted_to = np.array(data.x), np.array(data.y), np.array(target)
    weight = np.ones(len(y))
    weight[list(labels)] = options.label_weight
    test = np.isin(np.array(data.game), list(held))
    train = ~test
    made = time.perf_counter()
    steps, seed = options.steps, options.seed
    fitted = {
        name: fit(x[train], fitted_to[train], hidden, steps, seed, weight=weight[train])
        for name, hidden in (("logistic", 0), ("network", options.hidden))
    }
    trained = time.perf_counter()
    held_out = {name: scores(predict(w, x[test]), y[test]) for name, w in fitted.items()}
    held_out["analysis"] = scores(np.array(data.analysis)[test], y[test])
    previous = _previous(options.out)
    if previous is not None:  # the model this run replaces, on the same positions
        held_out["previous"] = scores(predict(previous, x[test]), y[test])
    for name, result in held_out.items():
        print(f"  held out, {name}: {result}", flush=True)
    chosen = min(("network", "logistic"), key=lambda name: held_out[name]["log_loss"])
    text = json.dumps(fitted[chosen], indent=1) + "\n"
    made_by = commit()
    options.out.joinpath(learned.MODEL_FILE).write_text(text)
    manifest = {
        "model": learned.MODEL_FILE,
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
        "kind": chosen,
        "hidden": options.hidden if chosen == "network" else 0,
        "command": f"python -m bench.learn --seed {options.seed} --hidden {options.hidden} "
        f"--steps {options.steps} --held-out {options.held_out} --records {','.join(files)}"
        + (_label_options(options) if labels else ""),
        "seed": options.seed,
        "steps": options.steps,
        "held_out_share": options.held_out,
        "data": files,
        "games": {"train": len(games) - len(held), "held_out": len(held)},
        "positions": {"train": int(train.sum()), "held_out": int(test.sum())},
        "held_out": held_out,
        "seconds": {
            "positions": data.seconds,
            "labels": labelling,
            "training": round(trained - made, 1),
        },
        "labels": labelled,
        "commit": made_by,
        "framework": framework(),
    }
    path = options.out.joinpath(learned.MANIFEST_FILE)
    path.write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"wrote {chosen} to {options.out / learned.MODEL_FILE} and {path}", flush=True)


if __name__ == "__main__":
    main()
