"""Ponte del Diavolo game records: canonical text, the variant in JSON, and where loading
stops (the record type itself is tested in tests/engine/test_record.py)."""

from __future__ import annotations

import json

import pytest

from engine import IllegalMoveError, InvalidMoveError
from engine.ponte import Colour, PonteGame

TEXT = """
# a friendly game
C3, D5
swap

e7 f9
  c3-e4  # not a comment: comments start a line
"""


def test_the_record_of_a_game_is_canonical_and_names_the_variant():
    game = PonteGame.from_text("c3 d5\n\n# note\nswap\nF9 e7\n")
    record = game.record()
    assert record.moves == ("c3 d5", "swap", "e7 f9")
    assert record.to_text().splitlines() == [
        "# Ponte del Diavolo, variant online",
        "c3 d5",
        "swap",
        "e7 f9",
    ]
    assert PonteGame.from_text(record.to_text()) == game


def test_text_errors_name_the_bad_move_and_its_line():
    with pytest.raises(InvalidMoveError) as caught:
        PonteGame.from_text(TEXT)
    assert caught.value.record_index == 7
    assert caught.value.record_text == "c3-e4  # not a comment: comments start a line"
    with pytest.raises(IllegalMoveError) as illegal:
        PonteGame.from_text("c3 d5\nswap\ne7 f9\nc3-e4\n")
    assert (illegal.value.rule, illegal.value.record_index) == ("P11", 4)


def test_json_form_round_trips_and_carries_the_variant():
    game = PonteGame.from_text("a1 j10\nresign red\n", "classic")
    data = json.loads(game.record().to_json())
    assert data == {"game": "ponte", "variant": "classic", "moves": ["a1 j10", "resign red"]}
    loaded = PonteGame.from_json(game.record().to_json())
    assert loaded == game
    assert loaded.variant.name == "classic" and loaded.outcome().winner is Colour.WHITE


def test_unknown_variant_is_an_invalid_record():
    with pytest.raises(InvalidMoveError, match="variant"):
        PonteGame.from_text("c3 d5", "huge")
