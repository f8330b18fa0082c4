"""``python -m bot.render``: output files, exit status and error messages."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from bot.games.cli import main
from bot.games.ponte.drawing import layout_of
from bot.games.verbindung.drawing import verbindung_layout
from engine.ponte import PonteGame
from testing.render_cases import decode, is_dark_red, pixel

GOLDEN = Path(__file__).parents[1] / "render" / "golden"
PONTE = "c3 d5\nh8 h10\n# a comment\n\nc3-d5\n"
VERBINDUNG = (
    "roll red-cross red-bridge\n"
    "red-cross b6, red-bridge a2 ew\n"
    "roll black-cross black-cross white-cross\n"
)


def run(argv: list[str], stdin: str = "") -> tuple[int, bytes]:
    out = io.BytesIO()
    status = main(argv, stdin=io.StringIO(stdin), stdout=out)
    return status, out.getvalue()


def test_a_ponte_record_becomes_a_png_of_its_final_position(tmp_path):
    record, image = tmp_path / "game.txt", tmp_path / "board.png"
    record.write_text(PONTE)
    status, _ = run(
        ["--game", "ponte", str(record), "-o", str(image), "--white", "Ann", "--red", "Bo"]
    )
    assert status == 0
    png = decode(image.read_bytes())
    game = PonteGame.from_text(PONTE)
    lay = layout_of(game)
    assert png.format == "PNG" and png.size == (lay.width, lay.height)
    assert is_dark_red(pixel(png.convert("RGB"), lay.centre("h8")))


def test_the_classic_variant_and_standard_input_and_output():
    status, data = run(["--game", "ponte", "--variant", "classic", "-", "-o", "-"], PONTE)
    assert status == 0
    game = PonteGame.from_text(PONTE, "classic")
    assert decode(data).size == (layout_of(game).width, layout_of(game).height)
    assert layout_of(game).size == 10


def test_a_verbindung_record_and_its_replay(tmp_path):
    status, data = run(
        ["--game", "verbindung", "-", "-o", "-", "--red", "Rosa", "--black", "Bram"], VERBINDUNG
    )
    assert status == 0 and decode(data).size == (
        verbindung_layout().width,
        verbindung_layout().height,
    )
    gif = tmp_path / "game.gif"
    status, _ = run(["--game", "verbindung", "-", "--replay", "-o", str(gif)], VERBINDUNG)
    assert status == 0
    animation = decode(gif.read_bytes())
    assert animation.format == "GIF" and animation.n_frames == 1  # one turn so far


def test_a_ponte_replay_has_a_frame_per_move(tmp_path):
    gif = tmp_path / "game.gif"
    status, _ = run(["--game", "ponte", "-", "--replay", "-o", str(gif)], PONTE)
    assert status == 0 and decode(gif.read_bytes()).n_frames == 3


def test_a_bad_move_exits_1_with_the_engines_message_and_where(capsys):
    status, data = run(["--game", "ponte", "-", "-o", "-"], "c3 d5\n# note\nc3 e5\n")
    assert (status, data) == (1, b"")
    error = capsys.readouterr().err
    assert "line 3" in error and "'c3 e5'" in error and "c3 is already taken (P5)" in error
    status, _ = run(
        ["--game", "verbindung", "-", "-o", "-"], "roll red-cross red-cross\n\nred-cross c3\n"
    )
    assert status == 1
    error = capsys.readouterr().err
    assert "line 3" in error and "(V7)" in error
    status, _ = run(["--game", "verbindung", "-", "-o", "-"], "roll purple\n")
    assert status == 1 and "line 1" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", "verbindung", "--variant", "classic", "-", "-o", "-"],
        ["--game", "ponte", "--black", "Bram", "-", "-o", "-"],
        ["--game", "verbindung", "--white", "Ann", "-", "-o", "-"],
        ["--game", "chess", "-", "-o", "-"],
        ["--game", "ponte", "-"],
        ["--game", "ponte", "-", "-o", "-", "--width", "20"],
    ],
)
def test_usage_errors_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        run(argv)
    assert exit_.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_unreadable_input_and_unwritable_output_exit_2(tmp_path, capsys):
    status, _ = run(
        ["--game", "ponte", str(tmp_path / "missing.txt"), "-o", str(tmp_path / "x.png")]
    )
    assert status == 2 and "cannot read" in capsys.readouterr().err
    status, _ = run(
        ["--game", "ponte", "-", "-o", str(tmp_path / "no" / "such" / "dir.png")], PONTE
    )
    assert status == 2 and "cannot write" in capsys.readouterr().err


def test_python_dash_m_runs_the_tool(tmp_path):
    image = tmp_path / "board.png"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot.render",
            "--game",
            "ponte",
            str(GOLDEN / "ponte_midgame.txt"),
            "-o",
            str(image),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert decode(image.read_bytes()).format == "PNG"


RECORDS = Path(__file__).parents[2] / "engine" / "exchange" / "records"


@pytest.mark.parametrize("name", ["abstractplay-pontedd.json", "boardspace-ponte.sgf"])
def test_a_record_file_names_its_own_game_variant_and_players(name: str) -> None:
    status, data = run([str(RECORDS / name), "-o", "-"])
    assert status == 0
    assert decode(data).size[0] > 0 and layout_of(PonteGame.new("classic")).size == 10


def test_an_open_record_is_drawn_and_its_bad_move_placed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = '[Game "ponte"]\n[Variant "classic"]\n[White "Ann"]\n[Result "*"]\n\n1. c3 d5\n'
    status, data = run(["-", "-o", "-"], record)
    game = PonteGame.from_moves("classic", ["c3 d5"])
    assert status == 0 and decode(data).size == (layout_of(game).width, layout_of(game).height)
    status, _ = run(["-", "-o", "-"], record + "2. c3 e7\n")
    error = capsys.readouterr().err
    assert status == 1 and "line 7 ('c3 e7')" in error and "(P5)" in error
