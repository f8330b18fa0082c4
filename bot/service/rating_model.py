"""The rating model: OpenSkill's Plackett-Luce model (the `openskill` library), on a scale that
reads like Elo's.

OpenSkill is a maintained, openly licensed Bayesian rating system of the TrueSkill family: each
player's skill is a mean (`mu`) and an uncertainty (`sigma`); a result moves both players' means
by how surprising it was and shrinks their uncertainty. Its defaults (mu 25, sigma 25/3) are
scaled by 60 so that a new player starts at 1500, as players of other sites expect. `tau` keeps a
little uncertainty after every result, so ratings still move for a player who improves. Nothing
here is written by hand: the mathematics is the library's.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

SCALE = 60.0
MODEL = PlackettLuce(
    mu=25.0 * SCALE, sigma=25.0 / 3 * SCALE, beta=25.0 / 6 * SCALE, tau=25.0 / 300 * SCALE
)

PROVISIONAL_RESULTS = 5
"""A rating counts as provisional (shown with a ?) until it rests on this many results."""


@dataclass(frozen=True, slots=True)
class Skill:
    """A rating: its mean and its uncertainty."""

    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        """The rating as players read it: the mean, rounded."""
        return round(self.mu)


INITIAL = Skill(MODEL.mu, MODEL.sigma)
"""Where every player starts."""


def rate(first: Skill, second: Skill, outcome: int | None) -> tuple[Skill, Skill]:
    """Both ratings after one result: `outcome` 0 when the first won, 1 when the second won,
    None for a draw."""
    ranks = [1.0, 1.0] if outcome is None else ([1.0, 2.0] if outcome == 0 else [2.0, 1.0])
    one = MODEL.rating(mu=first.mu, sigma=first.sigma)
    two = MODEL.rating(mu=second.mu, sigma=second.sigma)
    [[new_one], [new_two]] = MODEL.rate([[one], [two]], ranks=ranks)
    return Skill(new_one.mu, new_one.sigma), Skill(new_two.mu, new_two.sigma)


def is_provisional(results: int) -> bool:
    """Whether a rating resting on `results` results is still provisional."""
    return results < PROVISIONAL_RESULTS
