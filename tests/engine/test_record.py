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
