"""Rule breaks and unreadable moves say exactly what is wrong, in every language (issue 13): the
field and the reason, the dice again when they matter, and why the text is not a move."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.i18n import LANGUAGES, Catalogue, describe_error, text
from engine import ponte, verbindung
from engine.errors import EngineError, IllegalMoveError, InvalidMoveError
from testing.ponte_positions import error_of
from testing.ponte_positions import position as ponte_position
from testing.verbindung_positions import position as verbindung_position

ENGINE = Path(__file__).resolve().parents[3] / "engine"
# A reason is a keyword argument, or a Problem's third argument (a literal before the fields).
REASON_LITERAL = re.compile(r"""reason="([a-z_]+)"|"([a-z_]+)",\s*\(""")

BRIDGE_OVER_H8 = {"white": "g7 i9 c3 e3", "white_bridges": "g7-i9", "red": "f5 b2"}

# The words that say each reason, per language: what a reader must find in the message.
TAKEN = {"en": "already taken", "de": "schon besetzt", "fr": "déjà occupée", "nl": "al bezet"}
BLOCKED = {
    "en": "under a bridge",
    "de": "unter einer Brücke",
    "fr": "sous un pont",
    "nl": "onder een brug",
}
TWICE = {"en": "twice", "de": "zweimal", "fr": "deux fois", "nl": "twee keer"}
NOT_ROLLED = {"en": "did not roll", "de": "gewürfelt", "fr": "pas obtenu", "nl": "geen"}


def engine_reasons() -> set[str]:
    """Every reason id the engine source names (what it can raise)."""
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        for keyword, positional in REASON_LITERAL.findall(path.read_text(encoding="utf-8")):
            found.add(keyword or positional)
    return found


def said(error: EngineError, language: str, game: str | None = None) -> list[str]:
    """The lines of the reply to `error` in `language`."""
    return describe_error(error, language, game=game).splitlines()


def ponte_error(move: str) -> IllegalMoveError:
    """The error of `move` for white, with h8 under a bridge and red on f5."""
    return error_of(ponte_position(**BRIDGE_OVER_H8), move)


def verbindung_error(roll: str, turn: str) -> IllegalMoveError:
    """The error of red's `turn` after `roll` on an empty area (the opening is over)."""
    game = verbindung_position({})
    game.play(roll)
    with pytest.raises(IllegalMoveError) as caught:
        game.play(turn)
    return caught.value


# Coverage ----------------------------------------------------------------------------------


def test_every_reason_the_engine_names_has_a_sentence_and_no_sentence_is_unused():
    raised = engine_reasons()
    assert {
        "taken",
        "under_bridge",
        "same_field",
        "not_rolled",
        "too_many",
        "single_stone",
    } <= raised
    keys = Catalogue.load().keys("en")  # as shipped: a test may add a game's own reasons
    sentences = {
        key.split(".", 1)[1] for key in keys if key.startswith(("rule_reason.", "notation_reason."))
    }
    assert sentences == raised


def test_the_reason_scan_sees_both_spellings():
    source = 'raise X("P1", m, reason="one")\nProblem("P5", m, "two", (field,))'
    assert {k or p for k, p in REASON_LITERAL.findall(source)} == {"one", "two"}


# Ponte ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_taken_field_is_named_with_its_reason(language):
    first = said(ponte_error("f5 j1"), language)[0]
    assert "`f5`" in first and TAKEN[language] in first
    assert "j1" not in first  # the other stone was fine


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_field_under_a_bridge_is_named_with_its_reason(language):
    first = said(ponte_error("h8 j1"), language)[0]
    assert "`h8`" in first and BLOCKED[language] in first


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_same_field_twice_is_named_with_its_reason(language):
    first = said(ponte_error("j1 j1"), language)[0]
    assert "`j1`" in first and TWICE[language] in first


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_three_ponte_examples_of_the_issue_read_differently(language):
    replies = {describe_error(ponte_error(m), language) for m in ("f5 j1", "h8 j1", "j1 j1")}
    assert len(replies) == 3


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rule_follows_the_reason_in_small_print(language):
    lines = said(ponte_error("h8 j1"), language)
    assert lines[0].startswith(text(language, "error.illegal_move", explanation=""))
    assert lines[-1] == "-# " + text(language, "rule.P12")


@pytest.mark.parametrize(("move", "note"), [("f5 j1", "taken"), ("j1 j1", "same_field")])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_small_print_under_a_reason_speaks_of_that_reason(language, move, note):
    # P5 is a turn's shape and its first two turns: under "`f5` is already taken" it spoke of
    # something else (issue 52, point 11); the game's sentence for the reason is the rule there.
    lines = said(ponte_error(move), language)
    assert lines[-1] == "-# " + text(language, f"rule_reason_note.{note}")
    assert text(language, "rule.P5") not in "\n".join(lines)


def test_a_rules_small_print_stays_where_the_reason_has_no_sentence_of_its_own():
    keys = Catalogue.load().keys("en")
    notes = {key.split(".", 1)[1] for key in keys if key.startswith("rule_reason_note.")}
    reasons = {key.split(".", 1)[1] for key in keys if key.startswith("rule_reason.")}
    assert notes and notes <= reasons  # every note is the note of a reason that is said


@pytest.mark.parametrize(
    ("board", "move", "named"),
    [
        ({"white": "c3 h1", "red": "e4 h3"}, "c3-e2", "`e2`"),  # no stone on e2
        ({"white": "c3 h1", "red": "e4 h3"}, "c3-e4", "`e4`"),  # red's stone
    ],
)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bridge_end_at_fault_is_named(board, move, named, language):
    error = error_of(ponte_position(**board), move)
    first = said(error, language)[0]
    assert named in first
    assert first != text(language, "error.illegal_move", explanation=text(language, "rule.P11"))


def test_an_empty_end_and_a_foreign_end_read_differently():
    game = ponte_position(white="c3 h1", red="e4 h3")
    empty, foreign = error_of(game, "c3-e2"), error_of(game, "c3-e4")
    for language in LANGUAGES:
        assert said(empty, language)[0].replace("e2", "e4") != said(foreign, language)[0]


# Verbindung ----------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_face_not_rolled_is_named_and_the_roll_restated(language):
    error = verbindung_error("roll red-cross red-cross arcs", "black-cross a2")
    lines = said(error, language)
    assert "`black-cross`" in lines[0] and NOT_ROLLED[language] in lines[0]
    assert lines[1] == text(language, "move.rolled", roll="`red-cross`, `red-cross`, `arcs`")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_three_v6_cases_have_their_own_messages(language):
    unrolled = verbindung_error("roll red-cross red-cross red-cross", "black-cross a2")
    three = verbindung_error(
        "roll red-cross red-cross red-cross", "red-cross a2, red-cross b2, red-cross c2"
    )
    whites = verbindung.VerbindungGame()
    whites.play("roll white-cross red-cross")
    with pytest.raises(IllegalMoveError) as unplaced:
        whites.play("red-cross a2")
    firsts = {said(e, language)[0] for e in (unrolled, three, unplaced.value)}
    assert len(firsts) == 3
    for error in (unrolled, three, unplaced.value):
        assert error.rule == "V6"
        assert any(
            line.startswith(text(language, "move.rolled", roll=""))
            for line in said(error, language)
        )


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_turn_restates_the_whole_roll_as_still_to_place(language):
    # The white cross step of the lesson: red places the bridge and leaves the white cross. The
    # move is refused, so nothing is placed: every die is still to place (the roll), and none is
    # said to be left as if the bridge were placed (issue 52, point 11).
    lesson = GAMES.kind("verbindung").lesson()
    assert lesson is not None
    step = next(n for n, step in enumerate(lesson.steps) if step.key == "white")
    game = lesson.position(step)
    assert str(game.peek()) == "roll black-cross white-cross red-bridge"
    with pytest.raises(IllegalMoveError) as caught:
        game.play("red-bridge b4 ns")
    lines = said(caught.value, language)
    rolled = "`black-cross`, `white-cross`, `red-bridge`"
    rule = "-# " + text(language, "rule.V6")
    assert lines[1:] == [text(language, "move.rolled", roll=rolled), rule]
    left = text(language, "error.roll_left", left="`black-cross`, `white-cross`")
    assert left not in "\n".join(lines)
    # Nor a move whose first die is fine and whose second is used up already.
    error = verbindung_error("roll red-cross black-cross arcs", "red-cross a2, red-cross b2")
    lines = said(error, language)
    assert "`red-cross`" in lines[0]
    assert lines[1:] == [
        text(language, "move.rolled", roll="`red-cross`, `black-cross`, `arcs`"),
        "-# " + text(language, "rule.V6"),
    ]


def test_an_error_without_the_dice_does_not_restate_them():
    error = error_of(ponte_position(**BRIDGE_OVER_H8), "f5 j1")
    assert not any("🎲" in line for line in said(error, "en"))


# Unreadable moves ----------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["de", "fr", "nl"])
def test_other_languages_get_the_notation_hint_english_gets(language):
    with pytest.raises(InvalidMoveError) as raised:
        ponte.parse_move("c3")
    lines = said(raised.value, language, game="ponte")
    assert lines[:2] == [text(language, "error.invalid_move"), text(language, "notation.ponte")]
    assert lines[2] == "-# " + text(language, "notation_reason.single_stone", field="c3")
    assert "`c3`" in lines[2]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_placement_without_its_orientation_names_the_choices(language):
    with pytest.raises(InvalidMoveError) as raised:
        verbindung.VerbindungGame().play("arcs a2")
    hint = said(raised.value, language, game="verbindung")[2]
    assert "`arcs`" in hint and "ne/se/sw/nw" in hint


def test_typed_backticks_cannot_break_out_of_the_code_span():
    error = InvalidMoveError("not a move", reason="not_a_move", params={"text": "a` **b**"})
    hint = said(error, "en", game="ponte")[2]
    assert hint.count("`") == 2 and "a' **b**" in hint


# Falling back ----------------------------------------------------------------------------------


def test_a_reason_without_a_sentence_falls_back_to_the_rule():
    error = IllegalMoveError("P8", "new", reason="brand_new", fields=("d4",))
    rule = text("nl", "error.illegal_move", explanation=text("nl", "rule.P8"))
    assert describe_error(error, "nl") == rule


def test_a_reason_whose_values_are_missing_falls_back_to_the_rule():
    error = IllegalMoveError("P5", "taken", reason="taken")  # no field to name
    rule = text("fr", "error.illegal_move", explanation=text("fr", "rule.P5"))
    assert describe_error(error, "fr") == rule
