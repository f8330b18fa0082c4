"""Fit the learned level's value model from recorded games (issue 55; not a test).

Run ``python -m bench.learn --seed 55`` from the repository root with the ``train`` extra (``pip
install -e '.[train]'``: numpy). It replays every recorded game of Ponte (both boards) in
`bench/records` (or in the files ``--records`` names: the manifest's command names those the
shipped model learnt from) between players that are not random, takes the position before every
turn after the pie rule's, with its `learned.features` from the side of the player to move and
whether that player won (a draw counts half), and splits the games (not the positions) into a
training and a held-out set by the seed. It fits a logistic regression and a network of one
hidden layer (tanh) by full-batch Adam on the log loss with a little weight decay, and prints
the held-out log loss and Brier score of both and of the analysis's model (`winning.white_wins`,
turned to the mover's side). The network (or the regression, if it foretells the held-out games
better) is written to ``engine/ai/ponte/value.json`` with its manifest: the data files and their
hashes, the seed, the steps, the time taken, the code's commit and the model file's sha256
(`tests` check the hash).
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
    """A recorded game of Ponte: its kind ("ponte" or "classic"), moves, file and seed."""

    kind: str
    moves: list[str]
    file: str
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
        for line in text.splitlines():
            entry = json.loads(line) if line.strip() else None
            if not entry or entry.get("kind") not in ("ponte", "classic"):
                continue
            players = {name.partition("@")[0] for name in entry["players"]}
            if players & WEAK or not entry.get("moves"):
                continue
            seed = entry.get("seed")
            games.append(
                RecordedGame(entry["kind"], list(entry["moves"]), path.name, _number(seed))
            )
            kept += 1
        if kept:
            files[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return games, files


def _number(seed: object) -> int | None:
    return seed if isinstance(seed, int) else None


def recorded_games(
    names: list[str] | None = None,
) -> tuple[list[tuple[str, list[str]]], dict[str, str]]:
    """`recorded` games as (kind, moves)."""
    games, files = recorded(names)
    return [(game.kind, game.moves) for game in games], files


def held_out_games(count: int, seed: int, share: float) -> set[int]:
    """The numbers of the games (of `count`) held out from fitting: a share of them, drawn by
    the seed (the positions of a game go together)."""
    order = list(range(count))
    random.Random(seed).shuffle(order)
    return set(order[: round(count * share)])


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


def gather(games: list[tuple[str, list[str]]], cache: Path | None) -> Positions:
    """The positions of `games`, read from `cache` when it holds them (it is written once they
    are made, so that fits with other options skip the replay)."""
    if cache and cache.exists():
        return Positions(**json.loads(cache.read_text()))
    started = time.perf_counter()
    data = Positions([], [], [], [])
    for number, (kind, moves) in enumerate(games):
        for x, y, a in positions_of(kind, moves):
            data.x.append(x)
            data.y.append(y)
            data.analysis.append(a)
            data.game.append(number)
        if number % 50 == 0:
            print(f"  replayed {number + 1}/{len(games)}, {len(data.y)} positions", flush=True)
    data.seconds = round(time.perf_counter() - started, 1)
    if cache:
        cache.write_text(json.dumps(data.__dict__))
    return data


def fit(x: Any, y: Any, hidden: int, steps: int, seed: int) -> dict[str, Any]:
    """Full-batch Adam on the mean log loss plus a small weight decay; returns the weights
    (standardisation included) in `learned.ValueModel`'s form."""
    import numpy as np

    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    z = (x - mean) / scale
    rng = np.random.default_rng(seed)
    params = {
        "w1": rng.normal(0, 1 / np.sqrt(z.shape[1]), (hidden, z.shape[1])),
        "b1": np.zeros(hidden),
        "w2": rng.normal(0, 1 / np.sqrt(max(hidden, 1)), hidden or z.shape[1]),
        "b2": np.zeros(1),
    }
    if not hidden:
        params["w2"] = np.zeros(z.shape[1])
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    rate, decay = 0.01, 1e-4
    for step in range(1, steps + 1):
        grads = _gradients(params, z, y, hidden, decay)
        for key, grad in grads.items():
            m, v = moments[key]
            m[:] = 0.9 * m + 0.1 * grad
            v[:] = 0.999 * v + 0.001 * grad * grad
            mhat, vhat = m / (1 - 0.9**step), v / (1 - 0.999**step)
            params[key] -= rate * mhat / (np.sqrt(vhat) + 1e-8)
    return {
        "features": list(learned.FEATURES),
        "mean": mean.tolist(),
        "scale": scale.tolist(),
        "hidden": params["w1"].tolist() if hidden else [],
        "hidden_bias": params["b1"].tolist() if hidden else [],
        "out": params["w2"].tolist(),
        "out_bias": float(params["b2"][0]),
    }


def _gradients(params: dict[str, Any], z: Any, y: Any, hidden: int, decay: float) -> Any:
    import numpy as np

    n = len(y)
    h = np.tanh(z @ params["w1"].T + params["b1"]) if hidden else z
    p = 1 / (1 + np.exp(-(h @ params["w2"] + params["b2"][0])))
    d = (p - y) / n
    grads = {"w2": h.T @ d + decay * params["w2"], "b2": np.array([d.sum()])}
    if hidden:
        dh = np.outer(d, params["w2"]) * (1 - h * h)
        grads["w1"] = dh.T @ z + decay * params["w1"]
        grads["b1"] = dh.sum(axis=0)
    else:
        grads["w1"], grads["b1"] = np.zeros_like(params["w1"]), np.zeros_like(params["b1"])
    return grads


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


def commit() -> str:
    """The code's commit, marked when the code that made the model differs from it."""
    head = _git("rev-parse", "HEAD").strip()
    changed = _git("status", "--porcelain", "--", "engine/ai/ponte", "bench/learn.py").strip()
    return f"{head} with changes" if changed else head


def _git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=55)
    parser.add_argument("--hidden", type=int, default=16, help="hidden units of the network")
    parser.add_argument("--steps", type=int, default=3000, help="Adam steps (full batch)")
    parser.add_argument("--held-out", type=float, default=0.2, help="share of the games")
    parser.add_argument("--out", type=Path, default=MODEL_DIR)
    parser.add_argument("--records", help="comma-separated files of bench/records (default all)")
    parser.add_argument("--cache", type=Path, help="keep the replayed positions in this file")
    parser.add_argument("--positions-only", action="store_true", help="replay, do not fit")
    options = parser.parse_args()
    games, files = recorded_games(options.records.split(",") if options.records else None)
    print(f"{len(games)} games from {len(files)} records", flush=True)
    data = gather(games, options.cache)
    if options.positions_only:
        return
    import numpy as np

    x, y = np.array(data.x), np.array(data.y)
    held = held_out_games(len(games), options.seed, options.held_out)
    test = np.isin(np.array(data.game), list(held))
    train = ~test
    made = time.perf_counter()
    fitted = {
        "logistic": fit(x[train], y[train], 0, options.steps, options.seed),
        "network": fit(x[train], y[train], options.hidden, options.steps, options.seed),
    }
    trained = time.perf_counter()
    held_out = {name: scores(predict(w, x[test]), y[test]) for name, w in fitted.items()}
    held_out["analysis"] = scores(np.array(data.analysis)[test], y[test])
    for name, result in held_out.items():
        print(f"  held out, {name}: {result}", flush=True)
    chosen = min(("network", "logistic"), key=lambda name: held_out[name]["log_loss"])
    text = json.dumps(fitted[chosen], indent=1) + "\n"
    options.out.joinpath(learned.MODEL_FILE).write_text(text)
    manifest = {
        "model": learned.MODEL_FILE,
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
        "kind": chosen,
        "hidden": options.hidden if chosen == "network" else 0,
        "command": f"python -m bench.learn --seed {options.seed} --hidden {options.hidden} "
        f"--steps {options.steps} --held-out {options.held_out} --records {','.join(files)}",
        "seed": options.seed,
        "steps": options.steps,
        "data": files,
        "games": {"train": len(games) - len(held), "held_out": len(held)},
        "positions": {"train": int(train.sum()), "held_out": int(test.sum())},
        "held_out": held_out,
        "seconds": {
            "positions": data.seconds,
            "training": round(trained - made, 1),
        },
        "commit": commit(),
    }
    path = options.out.joinpath(learned.MANIFEST_FILE)
    path.write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"wrote {chosen} to {options.out / learned.MODEL_FILE} and {path}", flush=True)


if __name__ == "__main__":
    main()
