"""`python -m bot import FILE [--for USER_ID]` (issue 54, point 3): another site's record
printed in the open format, which reads back to the same game; a bad record refused in one line
naming the rule and the place, with its exit status; with --for, kept as that user's import."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.__main__ import main
from bot.cli.common import EXIT_BAD_RECORD, EXIT_CONFIG
from engine.exchange import read_open
from engine.exchange.imports import replay
from engine.ponte import PonteGame
from testing.servicekit import open_service

ROOT = Path(__file__).resolve().parents[3]
RECORDS = ROOT / "tests" / "engine" / "exchange" / "records"


def python_m_bot(cwd: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "bot", "import", *args],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_another_sites_record_is_printed_in_the_open_format(tmp_path: Path) -> None:
    done = python_m_bot(tmp_path, str(RECORDS / "abstractplay-pontedd.json"))
    assert done.returncode == 0, done.stderr
    game, tagged = replay(read_open(done.stdout), PonteGame)
    assert tagged.tag("Source") == "Abstract Play" and tagged.tag("Result") == "red"
    assert game.outcome() is not None and game.record().moves[1] == "swap"


def test_in_process_a_record_is_converted_or_kept_or_refused(tmp_path: Path, capsys) -> None:
    database = {"DATABASE_PATH": str(tmp_path / "bot.sqlite3")}
    assert main(["import", str(RECORDS / "boardspace-ponte.sgf")], database) == 0
    assert capsys.readouterr().out.startswith('[Game "ponte"]\n[Variant "classic"]')
    assert main(["import", str(RECORDS / "abstractplay-pontedd.json"), "--for", "7"], database) == 0
    assert capsys.readouterr().out.startswith("Imported as game 1 (ponte, classic) for user 7.")
    unfinished = tmp_path / "unfinished.txt"
    unfinished.write_text('[Game "ponte"]\n\n1. c3 d5\n')
    assert main(["import", str(unfinished), "--for", "7"], database) == EXIT_BAD_RECORD
    assert "no result" in capsys.readouterr().err
    unknown = tmp_path / "chess.txt"
    unknown.write_text('[Game "chess"]\n[Result "*"]\n\n1. e4\n')
    assert main(["import", str(unknown)], database) == EXIT_BAD_RECORD
    assert "no game 'chess'" in capsys.readouterr().err
    assert main(["import", str(tmp_path / "missing.txt")], database) == EXIT_CONFIG
    latin = tmp_path / "latin.txt"
    latin.write_bytes('[White "Zoë"]'.encode("latin-1"))
    assert main(["import", str(latin)], database) == EXIT_CONFIG  # not UTF-8
    garbage = tmp_path / "garbage.txt"
    garbage.write_text("hello")
    assert main(["import", str(garbage)], database) == EXIT_BAD_RECORD
    assert "not a record" in capsys.readouterr().err


def test_a_bad_record_is_refused_in_one_line(tmp_path: Path) -> None:
    bad = '[Game "ponte"]\n[Result "white"]\n\n1. c3 d5\n2. c3 e5\n'
    done = python_m_bot(tmp_path, "-", stdin=bad)
    assert done.returncode == EXIT_BAD_RECORD and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "python -m bot import: the record is refused: line 5 (c3 e5): c3 is already taken (P5)"
    ]


async def test_with_for_it_is_kept_as_that_users_import(tmp_path: Path) -> None:
    database = tmp_path / "data" / "bot.sqlite3"
    database.parent.mkdir()
    await (await open_service(database)).connection.close()  # the file made, migrated
    env_file = tmp_path / ".env"
    env_file.write_text(f"DATABASE_PATH={database}\n")
    done = python_m_bot(tmp_path, str(RECORDS / "boardspace-ponte.sgf"), "--for", "42")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Imported as game 1 (ponte, classic) for user 42.")
    service = await open_service(database)
    try:
        view = await service.queries.game(1)
        assert view.imported_by == 42 and view.ending is not None and view.ending.result == "red"
    finally:
        await service.connection.close()
