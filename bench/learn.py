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
(``--label-share``) with hard's search ``D`` turns deep (expert iteration's first step), and each
of those learns, instead of its result alone, ``--blend`` of the result and the rest the chance
of the search's value, counting ``--label-weight`` times as much as a position learnt from its
result. The positions, the labels and the targets are `testing.strength.learning`'s.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import time
from pathlib import Path
from typing import Any

from engine.ai.ponte import learned
from testing.strength.learning import (
    RecordedGame,
    decided,
    gather,
    held_out_games,
    search_labels,
    targets,
)

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "bench" / "records"
MODEL_DIR = ROOT / "engine" / "ai" / "ponte"
WEAK = frozenset({"random", "greedy"})
"""Players whose games teach little of good play: left out."""


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


def manifest_records() -> list[str]:
    """The record files the shipped model learnt from (its manifest's)."""
    manifest = json.loads((MODEL_DIR / learned.MANIFEST_FILE).read_text())
    return list(manifest["data"])


def _label_options(options: argparse.Namespace) -> str:
    return (
        f" --label-depth {options.label_depth} --label-share {options.label_share}"
        f" --blend {options.blend} --label-weight {options.label_weight}"
    )


def calibration(values: list[float], results: list[float]) -> tuple[float, float]:
    """The scale and offset of the logistic fit of the results (1, 0.5, 0) to the search values
    of games not yet decided: the chance of a position of value v is 1 / (1 + exp(-(scale * v +
    offset)))."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    pairs = [(v, y) for v, y in zip(values, results, strict=True) if not decided(v)]
    v = np.array([value for value, _ in pairs]).reshape(-1, 1)
    y = np.array([result for _, result in pairs])
    fitted = LogisticRegression(C=1e4).fit(*as_classes(v, y))
    return float(fitted.coef_[0][0]), float(fitted.intercept_[0])


def as_classes(x: Any, y: Any, weight: Any = None) -> tuple[Any, Any, Any]:
    """The rows, classes and sample weights that give a classifier the log loss of the results
    `y` (1, 0.5, 0) of the rows `x`: each row once as a win with weight y, once as a loss with
    weight 1 - y (a draw half of each), both times `weight` (one if None); a row of weight zero
    is left out."""
    import numpy as np

    rows = np.concatenate([x, x])
    labels = np.concatenate([np.ones(len(y)), np.zeros(len(y))])
    each = np.ones(len(y)) if weight is None else weight
    weights = np.concatenate([y * each, (1.0 - y) * each])
    kept = weights > 0
    return rows[kept], labels[kept], weights[kept]


def fit(
    x: Any, y: Any, hidden: int, steps: int, seed: int, *, weight: Any = None
) -> dict[str, Any]:
    """scikit-learn's fit of the log loss (with a little L2 decay) on the standardised `x`:
    `MLPClassifier` (one hidden layer of `hidden` tanh units, L-BFGS for at most `steps`
    iterations, its first weights drawn from `seed`) or, with no hidden units,
    `LogisticRegression`. A draw (a result of one half) counts as half a win and half a loss.
    Returns the weights (standardisation included) in `learned.ValueModel`'s form."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.neural_network import MLPClassifier
    from threadpoolctl import threadpool_limits

    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    z = (x - mean) / scale
    rows, labels, weights = as_classes(z, y, weight)
    with threadpool_limits(1):  # one core, and the same sums in the same order on a rerun
        if not hidden:
            regression = LogisticRegression(C=1e4, max_iter=steps)
            regression.fit(rows, labels, sample_weight=weights)
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
            network.fit(rows, labels, sample_weight=weights)
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
    code = ("engine/ai/ponte/*.py", "bench/learn.py", "testing/strength/learning.py")
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
    target, labelled = targets(data, labels, learnt, options.blend, calibration)
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
