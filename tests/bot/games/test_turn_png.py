"""A turn of the analysis as a picture (issue 29): the position after the turn played and after
the better one, side by side under their captions, for every game."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.games.kind import SMALL_WIDTH
from bot.render.caption import GAP
from engine.errors import EngineError
from testing.render_cases import OPENING, decode, ponte, verbindung

CAPTIONS = ("Played", "Better")


def test_a_ponte_turn_shows_both_boards_side_by_side() -> None:
    kind = GAMES.kind("ponte")
    game = ponte(*OPENING)
    image = decode(kind.turn_png(game, "a1 a2", "e4 f6", {}, captions=CAPTIONS))
    assert image.format == "PNG" and image.width == 2 * SMALL_WIDTH + GAP
    left = image.crop((0, 0, SMALL_WIDTH, image.height))
    right = image.crop((SMALL_WIDTH + GAP, 0, image.width, image.height))
    assert left.tobytes() != right.tobytes()  # two different turns, two different boards


def test_the_same_turn_twice_gives_two_equal_boards() -> None:
    kind = GAMES.kind("ponte")
    image = decode(kind.turn_png(ponte(*OPENING), "a1 a2", "a1 a2", {}, captions=("x", "x")))
    left = image.crop((0, 0, SMALL_WIDTH, image.height))
    right = image.crop((SMALL_WIDTH + GAP, 0, image.width, image.height))
    assert left.tobytes() == right.tobytes()


def test_a_verbindung_turn_is_drawn_for_the_dice_the_mover_had() -> None:
    kind = GAMES.kind("verbindung")
    game = verbindung()
    for event in kind.chance(game, 5):
        game.push(event)
    first, second = kind.suggest(game, "")[:2]
    image = decode(kind.turn_png(game, first, second, {}, captions=CAPTIONS))
    assert image.width == 2 * SMALL_WIDTH + GAP


@pytest.mark.parametrize("better", ["a1 a2 a3", "c3 d5"])
def test_a_turn_that_cannot_be_played_raises_the_engines_error(better: str) -> None:
    kind = GAMES.kind("ponte")
    with pytest.raises(EngineError):
        kind.turn_png(ponte(*OPENING), "a1 a2", better, {}, captions=CAPTIONS)
