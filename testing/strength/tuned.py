"""Hard's Ponte search with its numbers changed, and the self-play that tunes them (issue 55).

Hard's evaluation and search rest on numbers chosen by hand or fitted to the games' results:
the shares of points now, within safe reach and within any reach (`evaluate.SHARES`), what a
growing sandbank is worth (`evaluate.GROWING`), the weight of room (`search.ROOM`), and how
widely the search looks (`search.Shape`). A fit to results learns who is ahead, not which turn
is better (`bench.strength.shares`), so here they are tuned by play: simultaneous perturbation
stochastic approximation (SPSA), as chess engines tune theirs. Each step moves every number at
once by a random sign times its own `Knob.step`, plays the two versions against each other
(a pair of games, each version first once, on the same seed), and moves the numbers towards the
version that scored more. `python -m bench.strength.tune` runs it.

The knobs change module constants while one player thinks (`evaluation`): both players of a
game run in one process, one after the other, so each sees only its own numbers.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from engine.ai.base import Level, Rng, Stop
from engine.ai.ponte import HARD_NODES, choose_move, evaluate
from engine.ai.ponte.search import ROOM, Shape
from engine.ponte import Move, PonteGame


@dataclass(frozen=True, slots=True)
class Knob:
    """One tuned number: its name, hard's value, the size of a perturbation, and its bounds;
    a whole knob (a width of the search) is rounded when it is used."""

    name: str
    hard: float
    step: float
    low: float
    high: float
    whole: bool = False


NOW_SHARE = evaluate.SHARES[0]
"""The share of points scored now stays as it is: it sets the values' scale, which the search
compares with the exact margins of finished games."""

KNOBS = (
    Knob("safe", evaluate.SHARES[1], 0.1, 0.0, 1.5),
    Knob("open", evaluate.SHARES[2], 0.1, 0.0, 1.5),
    Knob("room", ROOM, 0.25, 0.0, 3.0),
    Knob("growing2", evaluate.GROWING[2], 0.1, 0.0, 0.9),
    Knob("growing3", evaluate.GROWING[3], 0.1, 0.0, 0.95),
    Knob("fields", Shape().fields, 3.0, 4.0, 24.0, whole=True),
    Knob("root", Shape().root, 3.0, 4.0, 24.0, whole=True),
    Knob("inner", Shape().inner, 2.0, 2.0, 16.0, whole=True),
)
"""The numbers tuned, hard's values first."""

Values = tuple[float, ...]
"""One value per knob of `KNOBS`, in order."""

HARD: Values = tuple(knob.hard for knob in KNOBS)


def bounded(values: Sequence[float]) -> Values:
    """`values` held within each knob's bounds."""
    return tuple(min(k.high, max(k.low, v)) for k, v in zip(KNOBS, values, strict=True))


def named(values: Values) -> dict[str, float]:
    """The values by knob name (as `bench.strength.tune` writes them)."""
    return {k.name: (round(v) if k.whole else v) for k, v in zip(KNOBS, values, strict=True)}


def from_names(names: dict[str, float]) -> Values:
    """Values from a mapping by knob name; a knob it leaves out keeps hard's value."""
    unknown = set(names) - {k.name for k in KNOBS}
    if unknown:
        raise ValueError(f"no such knob: {', '.join(sorted(unknown))}")
    return bounded([names.get(k.name, k.hard) for k in KNOBS])


def load(path: str | Path) -> Values:
    """The values a JSON file gives by knob name (a tuning's ``"values"``, or the mapping)."""
    data = json.loads(Path(path).read_text())
    return from_names(data.get("values", data))


def shape_of(values: Values) -> Shape:
    """The search's widths and room weight that `values` give."""
    v = named(values)
    return Shape(
        fields=int(v["fields"]), root=int(v["root"]), inner=int(v["inner"]), room=v["room"]
    )


@contextmanager
def evaluation(values: Values) -> Iterator[None]:
    """The evaluation's shares and growing sandbanks set to `values` until the block ends."""
    v = named(values)
    kept = evaluate.SHARES, evaluate.GROWING
    growing = evaluate.GROWING
    evaluate.SHARES = (NOW_SHARE, v["safe"], v["open"])
    evaluate.GROWING = (growing[0], growing[1], v["growing2"], v["growing3"])
    try:
        yield
    finally:
        evaluate.SHARES, evaluate.GROWING = kept


def choose_tuned(
    game: PonteGame, values: Values, rng: Rng, stop: Stop, nodes: int = HARD_NODES
) -> Move:
    """Hard's turn (its opening, pie rule and search) with the numbers `values`."""
    with evaluation(values):
        return choose_move(game, Level.HARD, rng, stop, nodes, shape=shape_of(values))


def tuned_player(values: Values) -> Callable[[PonteGame, random.Random, Stop], Move]:
    """A player (`players.Player`) that plays `choose_tuned` with `values`."""

    def play(game: PonteGame, rng: random.Random, stop: Stop) -> Move:
        return choose_tuned(game, values, rng, stop)

    return play


def perturbation(rng: random.Random) -> tuple[int, ...]:
    """A random sign per knob: SPSA's direction of one step."""
    return tuple(rng.choice((-1, 1)) for _ in KNOBS)


def perturbed(values: Values, signs: Sequence[int]) -> tuple[Values, Values]:
    """The two versions a step plays: every knob moved by its step one way, and the other way
    (each held within its bounds)."""
    plus = [v + s * k.step for k, v, s in zip(KNOBS, values, signs, strict=True)]
    minus = [v - s * k.step for k, v, s in zip(KNOBS, values, signs, strict=True)]
    return bounded(plus), bounded(minus)


def stepped(values: Values, signs: Sequence[int], lead: float, rate: float) -> Values:
    """SPSA's update after a pair of games: each knob moves `rate` of its step in its sign's
    direction for every game the plus version won more than the minus one (`lead`, from -2 to
    2; a drawn game adds nothing), so that knobs move in units of their own scale."""
    moved = [v + rate * k.step * lead * s for k, v, s in zip(KNOBS, values, signs, strict=True)]
    return bounded(moved)


def averaged(history: Sequence[Values]) -> Values:
    """The mean of the later half of a tuning's values: single steps are noisy, their average
    is what the tuning found."""
    later = history[len(history) // 2 :]
    if not later:
        raise ValueError("no values to average")
    return tuple(math.fsum(column) / len(later) for column in zip(*later, strict=True))


def leanings(steps: Sequence[tuple[Sequence[int], float]]) -> list[tuple[float, float]]:
    """For each knob, the mean of its sign times the lead over a tuning's steps (each a pair
    of the signs and the lead), with its standard error: how much a knob's step up won, which
    tells a knob that matters from one the noise moved."""
    count = len(steps)
    if count < 2:
        raise ValueError("a leaning needs two steps or more")
    found = []
    for index in range(len(KNOBS)):
        products = [signs[index] * lead for signs, lead in steps]
        mean = math.fsum(products) / count
        spread = math.fsum((p - mean) ** 2 for p in products) / (count - 1)
        found.append((mean, math.sqrt(spread / count)))
    return found
