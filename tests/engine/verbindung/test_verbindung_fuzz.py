"""Hypothesis on the move parser and the record loader: any text gives a result or a typed error,
never another exception, and a refused move never changes the game."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import EngineError, IllegalMoveError, InvalidMoveError
from engine.verbindung import (
    VerbindungGame,
    parse_move,
)
from engine.verbindung.summary import replay_summary

WORDS = [
    "roll",
    "pass",
    "resign",
    "exchange",
    "red",
    "black",
    "white",
    "red-cross",
    "black-cross",
    "white-cross",
    "red-bridge",
    "black-bridge",
    "arcs",
    "ns",
    "ew",
    "ne",
    "se",
    "sw",
    "nw",
    "sn",
    "a1",
    "a2",
    "b6",
    "c3",
    "d4",
    "e1",
    "e6",
    "f5",
    "f2",
    "g7",
    "z99",
    "a0",
    ",",
    "#",
    "\n",
    "  ",
]

# Text made of the notation's own words reaches the rules, not only the tokenizer.
notation = st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join)
any_text = st.one_of(st.text(max_size=60), notation)


def start_of_game() -> VerbindungGame:
    game = VerbindungGame()
    game.play("roll white-cross arcs")
    game.play("white-cross a2, arcs a3 sw")
    game.play("roll red-bridge black-cross white-cross")
    return game


@settings(max_examples=300, deadline=None)
@given(any_text)
def test_parse_move_gives_a_move_or_invalid_move_error(text: str) -> None:
    try:
        move = parse_move(text)
    except InvalidMoveError:
        return
    assert parse_move(str(move)) == move
    assert parse_move(str(move).upper()) == move


@settings(max_examples=300, deadline=None)
@given(any_text)
def test_play_any_text_never_changes_a_refused_game(text: str) -> None:
    game = start_of_game()
    before = (game.moves, game.board, game.roll, game.phase)
    try:
        game.play(text)
    except (InvalidMoveError, IllegalMoveError):
        assert (game.moves, game.board, game.roll, game.phase) == before
    else:
        assert len(game.moves) == len(before[0]) + 1


@settings(max_examples=200, deadline=None)
@given(st.lists(any_text, max_size=8).map("\n".join))
def test_record_loader_gives_a_game_or_a_typed_error(text: str) -> None:
    try:
        game = VerbindungGame.from_text(text)
    except EngineError as error:
        assert error.record_index is not None
        assert 1 <= error.record_index <= len(text.splitlines())
        return
    assert VerbindungGame.from_text(game.record().to_text()).moves == game.moves


@settings(max_examples=200, deadline=None)
@given(st.lists(any_text, max_size=8).map("\n".join))
def test_replay_summary_never_raises(text: str) -> None:
    result = replay_summary(text)
    assert set(result) in (
        {"error"},
        {
            "game",
            "turns",
            "over",
            "to_move",
            "phase",
            "winner",
            "roll",
            "supply",
            "board",
            "bases_joined",
            "legal",
        },
    )


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        st.text(max_size=40),
        st.lists(any_text, max_size=4).map(
            lambda ms: '{"game": "verbindung", "moves": ' + repr(ms).replace("'", '"') + "}"
        ),
    )
)
def test_json_loader_gives_a_record_or_a_typed_error(text: str) -> None:
    try:
        VerbindungGame.from_json(text)
    except EngineError as error:
        assert isinstance(error, InvalidMoveError | IllegalMoveError)
