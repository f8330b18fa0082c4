"""The computer's levels as players pick them (issue 55, point 4): each game names its levels'
ratings, which are the ladder's in docs/strength.md (rounded to 50), and the levels stand at
least 150 points apart there, so that each level is a step up from the one below."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.service import LEVELS

STRENGTH = Path(__file__).parents[3] / "docs" / "strength.md"
COLUMNS = {"ponte": 1, "verbindung": 2}
"""The columns of the table "How strong they are": Ponte 12x12, then Verbindung."""


def ladder() -> dict[str, dict[str, int]]:
    """The ratings of the levels in docs/strength.md's table, by game."""
    found: dict[str, dict[str, int]] = {game: {} for game in COLUMNS}
    for line in STRENGTH.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not cells or cells[0] not in LEVELS:
            continue
        for game, column in COLUMNS.items():
            rating = re.match(r"(-?\d+) ±", cells[column]) if len(cells) > column else None
            if rating:
                found[game][cells[0]] = int(rating.group(1))
    return found


@pytest.mark.parametrize("game", sorted(COLUMNS))
def test_each_levels_rating_is_the_ladders(game: str) -> None:
    measured = ladder()[game]
    named = GAMES.kind(game).LEVEL_RATINGS
    assert sorted(named) == sorted(LEVELS) == sorted(measured)
    for level, rating in named.items():
        assert rating % 50 == 0 and abs(rating - measured[level]) <= 25, level


@pytest.mark.parametrize("game", sorted(COLUMNS))
def test_the_levels_stand_150_points_apart_easiest_to_strongest(game: str) -> None:
    measured = ladder()[game]
    ratings = [measured[level] for level in LEVELS]  # LEVELS runs from the easiest
    steps = [higher - lower for lower, higher in pairwise(ratings)]
    assert steps and min(steps) >= 150, steps
