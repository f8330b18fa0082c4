"""The open record format and the readers of AbstractPlay's and boardspace's Ponte records
(docs/records.md): another site's record replays to the position the engine reaches with the
same game, a bad record is refused with the rule it breaks and where, and a record written and
read back is the same record."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import IllegalMoveError, InvalidMoveError
from engine.exchange import MAX_RECORD_BYTES, RecordFormatError, read_any, read_open, write_open
from engine.exchange.imports import place, replay
from engine.ponte import PonteGame
from engine.verbindung import VerbindungGame
from engine.verbindung.chance import draw_roll
from testing.ponte_playout import playout

RECORDS = Path(__file__).parent / "records"
SAME_GAME = [str(move) for _, move in playout(0, "classic")]
"""The game both sites' records below hold (a swap, bridges, ended by red's pass, P17)."""


def numbers(game: PonteGame | VerbindungGame) -> list[int]:
    played, found = 0, []
    for mover in game.movers():
        played += mover is not None
        found.append(played + (mover is None))
    return found


@pytest.mark.parametrize("name", ["abstractplay-pontedd.json", "boardspace-ponte.sgf"])
def test_another_sites_record_replays_to_the_engines_position(name: str) -> None:
    form, tagged = read_any((RECORDS / name).read_text())
    game, kept = replay(tagged, PonteGame)
    expected = PonteGame.from_moves("classic", SAME_GAME)
    assert form in name
    assert game == expected and game.board.cells == expected.board.cells
    assert game.outcome() == expected.outcome() and kept.tag("Variant") == "classic"
    assert kept.tag("White") and kept.tag("Red") and kept.tag("Source")


def test_abstractplay_names_the_swapper_white_and_keeps_its_game_id() -> None:
    _, tagged = read_any((RECORDS / "abstractplay-pontedd.json").read_text())
    assert tagged.record.moves[1] == "swap"
    assert tagged.tag("White") == "Aldebaran" and tagged.tag("Red") == "tessellate"
    assert tagged.tag("Id") == "abstractplay:3f6c2b9e-8d41-4c1a-9b7e-2a5d0c7e1f44"
    assert tagged.tag("Result") == "red"


def test_abstractplay_size_12_is_the_online_board_and_a_resignation_ends_it() -> None:
    data = json.loads((RECORDS / "abstractplay-pontedd.json").read_text())
    data["header"]["game"]["variants"] = ["size-12"]
    data["moves"] = data["moves"][:3]
    _, tagged = read_any(json.dumps(data))
    game, kept = replay(tagged, PonteGame)
    assert kept.tag("Variant") == "online" and kept.record.moves[-1] == "resign white"
    outcome = game.outcome()
    assert outcome is not None and outcome.result == "red" and outcome.rule == "P18"


def test_a_bad_abstractplay_move_names_the_rule_and_the_move() -> None:
    data = json.loads((RECORDS / "abstractplay-pontedd.json").read_text())
    data["moves"][1][0] = "f9,a9"  # a9 holds a stone
    _, tagged = read_any(json.dumps(data))
    with pytest.raises(IllegalMoveError) as caught:
        replay(tagged, PonteGame)
    assert caught.value.record_index == 4  # the fourth move, counting the swap
    assert place(caught.value, "abstractplay").startswith("move 4")


def test_a_bad_boardspace_step_names_the_rule_and_the_step() -> None:
    text = (RECORDS / "boardspace-ponte.sgf").read_text()
    text = text.replace("P0[9 Dropb F 9]", "P0[9 Dropb A 9]")  # on white's stone
    _, tagged = read_any(text)
    with pytest.raises(IllegalMoveError) as caught:
        replay(tagged, PonteGame)
    assert caught.value.rule == "P5"  # a stone only on an empty field
    assert place(caught.value, "boardspace") == "step 8 (a9 i2)"


def test_a_bad_open_record_names_the_rule_and_the_line() -> None:
    text = '[Game "ponte"]\n[Variant "online"]\n[Result "*"]\n\n1. c3 d5\n2. c3 e7\n'
    with pytest.raises(IllegalMoveError) as caught:
        replay(read_open(text), PonteGame)
    assert caught.value.record_index == 6 and caught.value.rule == "P5"
    assert place(caught.value, "open") == "line 6 (c3 e7)"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('[Game "ponte"\n\n1. c3 d5\n', 1),
        ('[Game "ponte"]\n[Game "ponte"]\n', 2),
        ('[Game "ponte"]\n\n1. c3 d5\n[Result "white"]\n', 4),
        ('[Game "ponte"]\n\n7.\n', 3),
    ],
)
def test_a_record_not_in_the_format_is_refused_with_its_line(text: str, line: int) -> None:
    with pytest.raises(RecordFormatError) as caught:
        read_open(text)
    assert caught.value.line == line


def test_a_result_the_moves_contradict_is_refused() -> None:
    moves = "\n".join(f"{n}. {m}" for n, m in enumerate(SAME_GAME, start=1))
    text = f'[Game "ponte"]\n[Variant "classic"]\n[Result "white"]\n\n{moves}\n'
    with pytest.raises(RecordFormatError, match="Result"):
        replay(read_open(text), PonteGame)


def test_records_are_bounded_and_unknown_forms_refused() -> None:
    with pytest.raises(RecordFormatError, match="KiB"):
        read_any('[Game "ponte"]\n' + "; x\n" * MAX_RECORD_BYTES)
    with pytest.raises(RecordFormatError, match="not a record"):
        read_any("hello")
    with pytest.raises(InvalidMoveError):
        read_any('{"header": {"game": {"name": "Ponte del Diavolo"}, "players": []}, "moves": []}')


def test_tag_values_are_escaped_and_read_back() -> None:
    game = PonteGame.from_moves("online", ["c3 d5"])
    tags = [("Game", "ponte"), ("White", 'Al "the \\ brick"'), ("Result", "*")]
    tagged = read_open(write_open(tags, game.record(), numbers(game)))
    assert tagged.tag("White") == 'Al "the \\ brick"'


def random_verbindung(seed: int) -> VerbindungGame:
    rng = random.Random(seed)
    game = VerbindungGame.new()
    while not game.is_over and game.ply < 80:
        if game.dice_to_roll():
            game.push(draw_roll(game, rng))
        else:
            turns = [turn for _, turn in zip(range(30), game.legal_moves(), strict=False)]
            game.push(rng.choice(turns))
    return game


def _ponte(seed: int) -> PonteGame:
    variant = "online" if seed % 2 else "classic"
    return PonteGame.from_moves(variant, [str(move) for _, move in playout(seed, variant)])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), which=st.sampled_from(["ponte", "verbindung"]))
def test_a_written_record_reads_back_and_writes_the_same(seed: int, which: str) -> None:
    game = _ponte(seed) if which == "ponte" else random_verbindung(seed)
    outcome = game.outcome()
    result = outcome.result if outcome else "*"
    tags = [("Game", game.KEY), ("Variant", game.variant_name), ("Result", result)]
    text = write_open(tags, game.record(), numbers(game))
    tagged = read_open(text)
    again, kept = replay(tagged, type(game))
    assert again == game
    assert write_open(kept.tags, again.record(), numbers(again)) == text


def test_the_examples_of_the_format_page_read_and_replay() -> None:
    page = (Path(__file__).parents[3] / "docs" / "records.md").read_text()
    examples = [block for block in page.split("```\n") if block.startswith("[Game ")]
    assert len(examples) == 2
    for example in examples:
        tagged = read_open(example)
        game_class = PonteGame if tagged.record.game == "ponte" else VerbindungGame
        game, _ = replay(tagged, game_class)
        assert game.outcome() is not None and game.outcome().result == tagged.result  # type: ignore[union-attr]
        assert write_open(tagged.tags, game.record(), numbers(game), tagged.notes) == example


def boardspace(*steps: str) -> str:
    """A boardspace file of `steps`, each ``P0:Pick W`` (the seat, then the step)."""
    header = '(;GM[PonteDelDiavolo]SU[ponte]P0[id "ann"]P1[id "bo"]GN[g1]DT[not a date]\n'
    nodes = "".join(
        f"; {step.split(':')[0]}[{n} {step.split(':')[1]}]\n" for n, step in enumerate(steps, 1)
    )
    return header + "; P0[0 Start P0]\n" + nodes + ")"


def test_boardspace_steps_taken_back_passes_and_resignations() -> None:
    text = boardspace(
        "P0:Pick W", "P0:Dropb C 3", "P0:Pick W", "P0:Dropb J 9", "P0:Pickb J 9", "P0:Drop W",
        "P0:Pick W", "P0:Dropb D 5", "P0:Done", "P1:Pass", "P1:Done", "P0:Resign", "P0:Done",
    )  # fmt: skip
    _, tagged = read_any(text)
    assert tagged.record.moves == ("c3 d5", "pass", "resign white")
    assert tagged.tag("Started") is None and tagged.tag("Id") == "boardspace:g1"


@pytest.mark.parametrize(
    ("steps", "problem"),
    [
        (("P0:Pick W", "P0:Dropb C 3", "P0:Done"), "single stone"),
        (("P0:Fly C 3",), "not one this reader knows"),
        (("P0:Pickb C 3",), "holds nothing"),
        (("P0:Dropb C 3",), "nothing picked"),
        (("P0:Bridge Bridge_77 C 3",), "not a bridge"),
    ],
)
def test_a_boardspace_step_that_cannot_be_read_is_placed(
    steps: tuple[str, ...], problem: str
) -> None:
    with pytest.raises(InvalidMoveError) as caught:
        replay(read_any(boardspace(*steps))[1], PonteGame)
    assert caught.value.record_index == len(steps) - (problem == "single stone") * 2
    assert problem in str(caught.value)


def test_a_boardspace_file_of_another_game_is_refused() -> None:
    with pytest.raises(RecordFormatError, match="not of Ponte"):
        read_any('(;GM[Hive]SU[hive]P0[id "a"]P1[id "b"]\n; P0[0 Start P0])')


def abstractplay(players: object = (), moves: object = ()) -> str:
    names = [{"name": "a"}, {"name": "b"}]
    header = {"game": {"name": "Ponte del Diavolo"}, "players": players or names}
    return json.dumps({"header": header, "moves": moves or []})


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ('{"header": 1, "moves": []}', 'no "header"'),
        ('{"header": {"game": {"name": "Hex"}}, "moves": []}', "not Ponte"),
        (abstractplay(players=[1, 2]), "name"),
        (abstractplay(moves=[1]), "round"),
        (abstractplay(moves=[[2]]), "a text"),
        ('{"header": tru', "not valid JSON"),
    ],
)
def test_an_abstractplay_record_not_well_formed_is_refused(data: str, problem: str) -> None:
    with pytest.raises(RecordFormatError, match=problem):
        read_any(data)


def test_abstractplay_moves_may_be_objects_and_seats_may_skip() -> None:
    moves = [[{"move": "C3, d5"}, "e7,f9"], [None, "pass"]]
    _, tagged = read_any(abstractplay(moves=moves))
    assert tagged.record.moves == ("c3 d5", "e7 f9", "pass")
    assert tagged.tag("Result") == "draw"  # no results: the same for both
