"""`replay_summary`: the JSON object of ``python -m engine replay --game verbindung``."""

from __future__ import annotations

import json

from engine.verbindung.summary import replay_summary

SMALL = """# red opens with two dice
roll white-cross arcs
white-cross a2, arcs a3 sw

roll red-bridge black-cross black-cross
black-cross e6
roll red-cross white-cross
"""


def test_summary_fields_of_a_small_record() -> None:
    summary = replay_summary(SMALL)
    json.dumps(summary)  # plain JSON data
    assert summary["game"] == "verbindung"
    assert summary["turns"] == 3
    assert summary["over"] is False and summary["winner"] is None
    assert summary["to_move"] == "red" and summary["phase"] == "place"
    assert summary["roll"] == ["red-cross", "white-cross"]
    assert summary["supply"] == 33
    assert summary["board"] == {"a2": "white-cross", "a3": "arcs sw", "e6": "black-cross"}
    # red: the white cross joins the base left of a2; black: e6 joins the base above it.
    assert summary["bases_joined"] == {"red": 1, "black": 1}
    legal = summary["legal"]
    assert isinstance(legal, dict) and list(legal) == ["red-cross", "white-cross"]
    # The white cross is owed, and any empty field touching a die or a red base takes it.
    assert set(legal["white-cross"]) == {"a1", "b2", "a4", "b3", "b6", "f5", "e1", "e5", "d6", "f6"}
    # A red cross fits where a red or white side faces it: beside the white a2 and before red
    # bases; a3 shows black to a4 and b3 (its red arc faces a2 and the area's edge).
    assert set(legal["red-cross"]) == {"a1", "b2", "b6", "f5", "e1"}


def test_summary_roll_phase_and_after_the_end() -> None:
    roll_phase = replay_summary("roll arcs arcs\npass\n")
    assert roll_phase["phase"] == "roll" and roll_phase["to_move"] == "black"
    assert roll_phase["roll"] == [] and roll_phase["legal"] == {}
    assert roll_phase["supply"] == 36 and roll_phase["board"] == {}
    assert roll_phase["bases_joined"] == {"red": 0, "black": 0}
    over = replay_summary("roll arcs arcs\nresign red\n")
    assert over["over"] is True and over["winner"] == "black"
    assert over["phase"] is None and over["to_move"] is None
    assert over["roll"] == [] and over["legal"] == {}


def test_summary_error_for_an_illegal_line() -> None:
    text = SMALL + "\n# now a bad one\nred-cross c4\n"
    assert replay_summary(text) == {
        "error": {
            "line": 10,
            "text": "red-cross c4",
            "rule": "V7",
            "message": replay_summary(text)["error"]["message"],  # type: ignore[index]
        }
    }
    message = replay_summary(text)["error"]["message"]  # type: ignore[index]
    assert isinstance(message, str) and "c4" in message


def test_summary_error_for_a_line_that_does_not_parse() -> None:
    result = replay_summary("roll arcs arcs\n\n  Red-Cross  z \n")
    error = result["error"]
    assert isinstance(error, dict)
    assert error["line"] == 3 and error["rule"] is None
    assert error["text"] == "Red-Cross  z"
    assert isinstance(error["message"], str) and error["message"]


def test_summary_error_for_a_move_after_the_end() -> None:
    result = replay_summary("resign black\nroll arcs arcs\n")
    assert result["error"]["line"] == 2  # type: ignore[index]
    assert result["error"]["rule"] == "V12"  # type: ignore[index]
