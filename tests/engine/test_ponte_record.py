"""Ponte del Diavolo game records: text and JSON forms, and where loading stops."""

from __future__ import annotations

import json

import pytest

from engine import IllegalMoveError, InvalidMoveError
from engine.ponte import Colour, PonteRecord

TEXT = """
# a friendly game
C3, D5
swap

e7 f9
  c3-e4  # not a comment: comments start a line
"""


def test_text_form_ignores_blank_and_comment_lines_and_is_canonical():
    record = PonteRecord.from_text("c3 d5\n\n# note\nswap\nF9 e7\n")
    assert [str(m) for m in record.moves] == ["c3 d5", "swap", "e7 f9"]
    assert record.to_text().splitlines()[1:] == ["c3 d5", "swap", "e7 f9"]
    assert record.to_text().startswith("#")  # the variant, as a comment for people
    assert PonteRecord.from_text(record.to_text()) == record


def test_text_errors_name_the_bad_move_and_its_ply():
    with pytest.raises(InvalidMoveError) as caught:
        PonteRecord.from_text(TEXT)
    assert caught.value.record_index == 4
    assert caught.value.record_text == "c3-e4  # not a comment: comments start a line"
    with pytest.raises(IllegalMoveError) as illegal:
        PonteRecord.from_text("c3 d5\nswap\ne7 f9\nc3-e4\n")
    assert (illegal.value.rule, illegal.value.record_index) == ("P11", 4)


def test_json_form_round_trips_and_carries_the_variant():
    record = PonteRecord.from_text("a1 j10\nresign red\n", "classic")
    data = json.loads(record.to_json())
    assert data == {"game": "ponte", "variant": "classic", "moves": ["a1 j10", "resign red"]}
    loaded = PonteRecord.from_json(record.to_json())
    assert loaded == record
    game = loaded.replay()
    assert game.variant.name == "classic" and game.outcome().winner is Colour.WHITE


@pytest.mark.parametrize(
    "text",
    ["[]", "{}", '{"game": "chess", "moves": []}', '{"moves": "c3 d5"}', '{"moves": [1]}', "{"],
)
def test_json_form_rejects_malformed_records(text):
    with pytest.raises(InvalidMoveError):
        PonteRecord.from_json(text)


def test_unknown_variant_is_an_invalid_record():
    with pytest.raises(InvalidMoveError, match="variant"):
        PonteRecord.from_text("c3 d5", "huge")
