"""The engine's errors: what they carry, and that it survives a trip to another process."""

from __future__ import annotations

import pickle

from engine import Field
from engine.errors import GameOverError, IllegalMoveError, InvalidMoveError


def test_an_illegal_move_keeps_its_old_two_argument_form() -> None:
    error = IllegalMoveError("P8", "d4 touches the island")
    assert (error.rule, error.message) == ("P8", "d4 touches the island")
    assert str(error) == "d4 touches the island (P8)"
    assert (error.reason, error.fields, error.params) == (None, (), {})


def test_the_detail_names_fields_in_notation() -> None:
    error = IllegalMoveError("P5", "f5 is taken", reason="taken", fields=(Field.parse("f5"),))
    assert error.fields == ("f5",)
    assert error.reason == "taken"


def test_every_engine_error_pickles_with_its_detail() -> None:
    errors = [
        IllegalMoveError("V6", "no arcs", reason="not_rolled", params={"face": "arcs"}),
        GameOverError("P17", "over", reason="game_over"),
        InvalidMoveError("c3 is one stone", reason="single_stone", fields=("c3",)),
    ]
    for error in errors:
        error.record_index = 4
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error)
        assert vars(copy) == vars(error) and str(copy) == str(error)
    assert pickle.loads(pickle.dumps(errors[0])).params == {"face": "arcs"}
