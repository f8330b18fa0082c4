"""A turn of the analysis as a picture (issue 29): the position after the turn played and after
the better one, side by side under their captions, for every game."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.games.kind import SMALL_WIDTH, turn_in_play
from bot.render.caption import GAP, with_caption
from bot.render.encode import png_bytes
from bot.render.theme import DEFAULT_THEME
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


def test_a_better_swap_is_drawn_with_the_colours_held_as_after_it() -> None:
    # Red (bob) played on after white's first turn; the better turn was the swap, after which
    # bob holds white: that board names him as white, and says he swapped.
    kind = GAMES.kind("ponte")
    game = ponte("f6 f7")
    names = {"white": "alice", "red": "bob"}  # as held before the turn (and after it, here)
    image = decode(kind.turn_png(game, "a1 a2", "swap", names, captions=CAPTIONS))
    right = image.crop((SMALL_WIDTH + GAP, 0, image.width, image.height)).convert("RGB")
    after = ponte("f6 f7", "swap")
    held = {"white": "bob", "red": "alice"}
    turn = turn_in_play(game)  # both pictures show the result of turn 2, the one examined
    assert turn == 2
    drawn = with_caption(kind.image(after, held, width=SMALL_WIDTH, turn=turn), CAPTIONS[1])
    expected = decode(png_bytes(drawn, DEFAULT_THEME)).convert("RGB")
    assert right.crop((0, 0, *expected.size)).tobytes() == expected.tobytes()
    # The turn played keeps the names it was given.
    left = image.crop((0, 0, SMALL_WIDTH, image.height)).convert("RGB")
    played_image = kind.image(ponte("f6 f7", "a1 a2"), names, width=SMALL_WIDTH, turn=turn)
    played = with_caption(played_image, "Played")
    expected_left = decode(png_bytes(played, DEFAULT_THEME)).convert("RGB")
    assert left.crop((0, 0, *expected_left.size)).tobytes() == expected_left.tobytes()
