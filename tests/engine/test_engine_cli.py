"""``python -m engine replay``: the JSON it prints and its exit status."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

from engine.cli import main


def run(argv: list[str], stdin: str = "") -> tuple[int, dict, str]:
    out = io.StringIO()
    old = sys.stdout
    sys.stdout = out
    try:
        status = main(argv, stdin=io.StringIO(stdin))
    finally:
        sys.stdout = old
    text = out.getvalue()
    return status, json.loads(text), text


def test_replay_prints_the_position():
    status, data, text = run(["replay", "--game", "ponte"], "c3 d5\nswap\n# c\n\ne7 f9\n")
    assert status == 0 and text.count("\n") == 1
    assert data["game"] == "ponte" and data["variant"] == "online"
    assert (data["plies"], data["over"], data["to_move"], data["winner"]) == (
        3,
        False,
        "white",
        None,
    )
    assert data["can_pass"] is False
    assert data["score"] == {
        "white": {"points": 0, "islands": 0, "bridges": 0},
        "red": {"points": 0, "islands": 0, "bridges": 0},
    }
    assert "c3" not in data["legal_fields"] and len(data["legal_fields"]) == 144 - 4
    assert data["legal_fields"][:3] == ["a1", "a2", "a3"]  # by column, then row
    assert data["legal_fields"][11:13] == ["a12", "b1"]
    assert data["legal_bridges"] == ["c3-d5"]  # white's opening stones are a knight's jump apart


def test_replay_lists_bridges_canonically_and_ends_with_a_winner(tmp_path):
    record = tmp_path / "game.txt"
    record.write_text("c3 e4\nh8 h10\nc5 a1\n")
    status, data, _ = run(["replay", "--game", "ponte", str(record)])
    assert status == 0 and data["to_move"] == "red" and data["legal_bridges"] == ["h8-h10"]
    record.write_text("c3 e4\nh8 h10\nresign white\n")
    status, data, _ = run(["replay", "--game", "ponte", "--variant", "classic", str(record)])
    assert (status, data["over"], data["winner"], data["to_move"]) == (0, True, "red", None)
    assert data["legal_fields"] == [] and data["legal_bridges"] == [] and data["can_pass"] is False


def test_replay_reports_the_first_bad_move():
    text = "c3 d5\n# a note\ne7 f9\nc3 e5\nnonsense\n"
    status, data, _ = run(["replay", "--game", "ponte"], text)
    assert status == 1
    assert data == {
        "error": {
            "ply": 3,
            "line": 4,
            "move": "c3 e5",
            "rule": "P5",
            "message": "c3 is already taken",
        }
    }
    status, data, _ = run(["replay", "--game", "ponte"], "c3 d5\n  Nonsense \n")
    assert status == 1 and data["error"]["ply"] == 2 and data["error"]["rule"] is None
    assert data["error"]["move"] == "Nonsense"


def test_module_runs_as_a_program(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "--game", "ponte", "--variant", "classic"],
        input="a1 k1\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert json.loads(result.stdout)["error"]["rule"] == "P1"
    missing = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "--game", "ponte", str(tmp_path / "none")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert missing.returncode == 2 and "cannot read" in missing.stderr


def test_replay_verbindung_prints_the_position_and_errors():
    status, data, _ = run(["replay", "--game", "verbindung"], "# opening\nroll arcs white-cross\n")
    assert status == 0
    assert (data["game"], data["turns"], data["to_move"], data["phase"]) == (
        "verbindung",
        1,
        "red",
        "place",
    )
    assert sorted(data["roll"]) == ["arcs", "white-cross"] and data["supply"] == 36
    assert set(data["legal"]) == {"arcs", "white-cross"}
    # The first bad line in order: the illegal pass, before the unreadable "c3".
    status, data, _ = run(["replay", "--game", "verbindung"], "roll arcs white-cross\npass\nc3\n")
    assert status == 1 and data["error"]["line"] == 2 and data["error"]["text"] == "pass"
    assert data["error"]["rule"] == "V6"


def test_variant_is_for_ponte_only():
    try:
        run(["replay", "--game", "verbindung", "--variant", "classic"])
    except SystemExit as exit_:
        assert exit_.code == 2
    else:
        raise AssertionError("--variant was accepted for verbindung")


def test_a_reader_that_stops_early_ends_the_replay_quietly():
    """`python -m engine replay ... | head -c 20`: as Unix tools do on a closed pipe, it stops
    without a word (a shell reports 141 for a tool that SIGPIPE ended)."""
    reading, writing = os.pipe()
    os.close(reading)  # the reader has gone before anything is written
    try:
        result = subprocess.run(
            [sys.executable, "-m", "engine", "replay", "--game", "ponte"],
            input="c3 d5\nswap\n",
            stdout=writing,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    finally:
        os.close(writing)
    assert result.stderr == "" and result.returncode == 141


def test_help_is_plain_text(capsys):
    for argv in (["--help"], ["replay", "--help"]):
        try:
            main(argv)
        except SystemExit as exit_:
            assert exit_.code == 0
        shown = capsys.readouterr().out
        assert "`" not in shown and "usage: python -m engine" in shown, shown
