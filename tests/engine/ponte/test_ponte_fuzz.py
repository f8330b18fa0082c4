"""Hypothesis: any text given to the move parser or the record loaders gives a result or a typed
error, never another exception, and a refused move never changes the game."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import EngineError, InvalidMoveError
from engine.ponte import PonteGame, parse_move

# Text near the notation finds more interesting cases than arbitrary unicode alone.
NOTATION_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789 ,-\u2013#\n\tABCLPSW"
near_notation = st.text(alphabet=NOTATION_ALPHABET, max_size=30)
moves_text = st.lists(
    st.sampled_from(["c3 d5", "e7 f9", "swap", "pass", "c3-e4", "resign", "a1 a2", "l12 k11"])
    | near_notation,
    max_size=8,
).map("\n".join)
any_text = st.text(max_size=60) | near_notation

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _midgame() -> PonteGame:
    game = PonteGame()
    for text in ("c3 d5", "e7 f9", "c4 h2", "e8 g9", "c6 j3"):
        game.play(text)
    return game


MIDGAME = _midgame()


@FUZZ
@given(any_text)
def test_move_parser_gives_a_move_or_invalid_move_error(text):
    try:
        move = parse_move(text)
    except InvalidMoveError:
        return
    assert parse_move(str(move)) == move


@FUZZ
@given(any_text)
def test_playing_any_text_raises_only_typed_errors_and_changes_nothing_on_refusal(text):
    game = MIDGAME.copy()
    try:
        game.play(text)
    except EngineError:
        assert game == MIDGAME and game.board == MIDGAME.board
        assert game.to_move is MIDGAME.to_move
        return
    assert game.ply == MIDGAME.ply + 1


@FUZZ
@given(moves_text | any_text, st.sampled_from(["online", "classic"]))
def test_text_record_loader_gives_a_record_or_a_typed_error(text, variant):
    try:
        game = PonteGame.from_text(text, variant)
    except EngineError as error:
        assert error.message and error.record_index is not None
        return
    assert PonteGame.from_text(game.record().to_text(), variant) == game


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
json_records = st.fixed_dictionaries(
    {"game": st.sampled_from(["ponte", "verbindung"]), "variant": st.sampled_from(["online", "x"])},
    optional={"moves": st.lists(st.sampled_from(["c3 d5", "e7 f9", "swap", "zz"]) | st.integers())},
)


@FUZZ
@given(st.one_of(any_text, json_values.map(json.dumps), json_records.map(json.dumps)))
def test_json_record_loader_gives_a_record_or_a_typed_error(text):
    try:
        game = PonteGame.from_json(text)
    except EngineError as error:
        assert error.message
        return
    assert PonteGame.from_json(game.record().to_json()) == game
