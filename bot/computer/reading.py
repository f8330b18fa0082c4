"""What an analysis's reviewed turns say, in numbers: the first colour's winning chance over the
game, each player's accuracy (their loss of winning chance per turn, each turn weighted by how
much the game was in the balance) and the biggest swings. Plain arithmetic over the reviews
(`bot.computer.review`), for every place that shows an analysis."""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence

from bot.computer.review import TurnReview

SWINGS = 3
"""How many of the biggest swings an analysis shows."""


def reviews_of(reviews: Iterable[str]) -> list[TurnReview]:
    """The reviewed turns (each its reviewer's JSON), in order."""
    return [TurnReview.from_json(review) for review in reviews]


def chances_of(reviews: Sequence[TurnReview]) -> list[float]:
    """The first colour's chance at the start and after each reviewed turn."""
    return [reviews[0].before, *(review.after for review in reviews)] if reviews else []


def swings_of(reviews: Sequence[TurnReview]) -> list[TurnReview]:
    """The biggest losses, largest first (a tie: the earlier turn)."""
    return sorted(reviews, key=lambda review: (-review.loss, review.turn))[:SWINGS]


WEIGHT_RANGE = (0.5, 12.0)
"""The least and the most a turn weighs: the spread of the chances around it, in points."""


def volatility_weights(chances: Sequence[float]) -> list[float]:
    """How much the game was in the balance at each turn (`chances`: the first colour's
    chance at the start and after each turn, `chances_of`): the spread (standard deviation, in
    points) of the chances in a window of turns that ends just after the turn, a tenth of the
    game long (2 to 8 positions), held within `WEIGHT_RANGE`, so that a game long decided weighs
    little and the turns where it swung weigh much (as lichess weighs its accuracy)."""
    turns = len(chances) - 1
    size = min(max(turns // 10, 2), 8)
    weights = []
    for turn in range(turns):
        start = max(0, turn + 2 - size)
        window = [100 * chance for chance in chances[start : start + size]]
        low, high = WEIGHT_RANGE
        weights.append(min(max(statistics.pstdev(window), low), high))
    return weights


def accuracy_of(reviews: Sequence[TurnReview]) -> dict[str, float]:
    """Each colour's loss of winning chance per turn it played, in points (0-100; 0: the
    computer found nothing better for any of its turns): the mean of its turns' losses, each
    weighted by how much the game was in the balance then (`volatility_weights`). A plain mean
    let the many turns of a game decided early, which lose nothing because nothing is left to
    lose, hide the turns that decided it: a player who played badly all game looked better than
    one who played a little worse than the best in a close game (`python -m
    bench.strength.accuracy`, docs/analysis.md)."""
    weights = volatility_weights(chances_of(reviews))
    turns: dict[str, list[tuple[float, float]]] = {}
    for review, weight in zip(reviews, weights, strict=True):
        turns.setdefault(review.mover, []).append((weight, review.loss))
    return {
        mover: 100 * sum(w * loss for w, loss in each) / sum(w for w, _ in each)
        for mover, each in turns.items()
    }


def changes_hands(review: TurnReview) -> bool:
    """Whether one of the two turns compared changes who holds which colour (the pie rule's
    swap) and the other does not: then the first colour's chances compare different players,
    and a swing is told with the mover's own chances (`own_chances`)."""
    return review.best_first is not None and review.best_first != review.mover_first


def own_chances(review: TurnReview, first_before: bool) -> tuple[float, float, float]:
    """The mover's own chances of winning before the turn, after the turn played and after the
    best turn (the two as the loss counts them); `first_before` says whether the mover held
    the first colour before the turn."""

    def own(chance: float, first: bool) -> float:
        return chance if first else 1.0 - chance

    best_first = review.mover_first if review.best_first is None else review.best_first
    return (
        own(review.before, first_before),
        own(review.judged_after, review.mover_first),
        own(review.judged_best, best_first),
    )
