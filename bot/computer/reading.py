"""What an analysis's reviewed turns say, in numbers: the first colour's winning chance over the
game, each player's accuracy (their average loss of winning chance per turn) and the biggest
swings. Plain arithmetic over the reviews (`bot.computer.review`), for every place that shows an
analysis."""

from __future__ import annotations

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


def accuracy_of(reviews: Sequence[TurnReview]) -> dict[str, float]:
    """Each colour's average loss of winning chance per turn it played, in points (0-100)."""
    losses: dict[str, list[float]] = {}
    for review in reviews:
        losses.setdefault(review.mover, []).append(review.loss)
    return {mover: 100 * sum(each) / len(each) for mover, each in losses.items()}


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
