"""The record type both games share (`engine.record`): text and JSON forms, line numbers, and
replaying a record into its own game only."""

from __future__ import annotations

import json

import pytest

from engine import InvalidMoveError
from engine.game import Game
from engine.ponte import PonteGame
from engine.record import Record
from engine.verbindung import VerbindungGame

GAMES: list[tuple[type[Game], str]] = [
    (PonteGame, "c3 d5\nswap\n\n# a note\ne7 f9\nresign white\n"),
    (VerbindungGame, "roll white-cross arcs\n# a note\nwhite-cross a2, arcs a3 sw\nresign black\n"),
]


@pytest.mark.parametrize(("game_class", "text"), GAMES)
def test_a_text_record_keeps_the_lines_of_its_moves(game_class, text):
    record = Record.from_text(text, game_class.KEY)
    numbered = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line and line[0] != "#"]
    assert record.numbered() == numbered
    assert Record.from_text(record.to_text(), game_class.KEY) == record


@pytest.mark.parametrize(("game_class", "text"), GAMES)
def test_the_same_record_type_round_trips_both_games(game_class, text):
    game = game_class.from_text(text)
    record = game.record()
    assert record.game == game_class.KEY and record.variant == game.variant_name
    assert record.to_text().startswith(f"# {game_class.TITLE}, variant {game.variant_name}\n")
    assert game_class.from_text(record.to_text()) == game
    assert Record.from_json(record.to_json(), game_class.KEY) == record
    assert game_class.from_json(record.to_json()) == game
    assert game_class.from_record(record) == game and game.is_over


@pytest.mark.parametrize(("game_class", "text"), GAMES)
def test_an_error_names_the_line_of_the_bad_entry(game_class, text):
    bad = text.replace("resign", "nonsense")
    with pytest.raises(InvalidMoveError) as caught:
        game_class.from_text(bad)
    lines = bad.splitlines()
    line = next(number for number, entry in enumerate(lines, 1) if "nonsense" in entry)
    assert (caught.value.record_index, caught.value.record_text) == (line, lines[line - 1])


def test_a_record_replays_only_into_its_own_game():
    record = PonteGame.from_text("c3 d5\n").record()
    with pytest.raises(InvalidMoveError, match="ponte"):
        VerbindungGame.from_record(record)
    with pytest.raises(InvalidMoveError):
        VerbindungGame.from_json(record.to_json())


def test_a_stored_verbindung_record_without_a_variant_still_loads():
    stored = json.dumps(
        {"game": "verbindung", "moves": ["roll white-cross arcs", "white-cross a2, arcs a3 sw"]}
    )
    assert VerbindungGame.from_json(stored).variant_name == "standard"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        '{"game": "chess", "moves": []}',
        '{"game": "ponte", "moves": "c3 d5"}',
        '{"game": "ponte", "moves": [1]}',
        '{"game": "ponte", "variant": 12, "moves": []}',
    ],
)
def test_a_malformed_json_record_is_refused(text):
    with pytest.raises(InvalidMoveError):
        Record.from_json(text, "ponte")


TAKEN = [
    (PonteGame, ["c3 d5", "swap", "e7 f9"], 1, ["g4 h6", "e7 f9"]),
    (VerbindungGame, ["roll white-cross arcs", "white-cross a2, arcs a3 sw"], 1, None),
]


@pytest.mark.parametrize(("game_class", "moves", "count", "replayed"), TAKEN)
def test_a_takeback_stays_in_the_record_in_text_and_json(game_class, moves, count, replayed):
    game = game_class.from_moves(None, moves)
    earlier = game.take_back(count)
    assert list(map(str, earlier.moves)) == moves[:-count]
    assert earlier.takebacks[0].at == len(moves) - count
    assert earlier.takebacks[0].moves == tuple(moves[-count:])
    assert game.takebacks == ()  # the game itself is unchanged
    text = earlier.record().to_text()
    assert f"# taken back: {moves[-1]}\n" in text
    again = game_class.from_text(text)
    assert again.takebacks == earlier.takebacks and again == earlier
    assert game_class.from_json(earlier.record().to_json()).takebacks == earlier.takebacks
    assert earlier.copy().takebacks == earlier.takebacks


def test_the_moves_of_one_takeback_are_joined_and_read_back_in_place() -> None:
    game = VerbindungGame.from_moves(
        None, ["roll white-cross arcs", "white-cross a2, arcs a3 sw", "roll red-cross arcs arcs"]
    )
    earlier = game.take_back(2)  # the turn and the roll drawn after it
    lines = earlier.record().to_text().splitlines()
    assert lines[-1] == "# taken back: white-cross a2, arcs a3 sw | roll red-cross arcs arcs"
    read = Record.from_text("\n".join(lines), "verbindung")
    assert read.takebacks[0].at == 1 and len(read.takebacks[0].moves) == 2


@pytest.mark.parametrize(
    "takebacks", ["{}", '[{"at": -1, "moves": ["c3 d5"]}]', '[{"at": 0, "moves": []}]', "[3]"]
)
def test_malformed_takebacks_in_json_are_refused(takebacks: str) -> None:
    text = f'{{"game": "ponte", "variant": "online", "moves": [], "takebacks": {takebacks}}}'
    with pytest.raises(InvalidMoveError, match="takebacks"):
        Record.from_json(text, "ponte")


def test_taking_back_more_moves_than_were_made_is_refused() -> None:
    with pytest.raises(ValueError, match="take back"):
        PonteGame.new().take_back(1)
