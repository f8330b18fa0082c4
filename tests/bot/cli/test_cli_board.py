"""The web board's process as an admin meets it (issue 52): an address it cannot listen on (a
port another program holds, a WEB_HOST that is no address) is one line naming the setting and an
exit status that tells systemd not to try again; `python -m bot web` on the SQLite file, where no
other process could tell it of a move, is refused as a worker is."""

from __future__ import annotations

import base64
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.__main__ import EXIT_CONFIG
from testing.pgserver import PostgresServer, free_port

ROOT = Path(__file__).resolve().parents[3]
APP_ID = 123456789012345678
TOKEN = base64.b64encode(str(APP_ID).encode()).decode().rstrip("=") + ".GhIjKl.secret-part"
SECRET = "activity-secret-123"


def python_m_bot(cwd: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`python -m bot ...` in `cwd` with only `env` (and what Python needs) set; killed after two
    minutes, which fails the test (every command here should end by itself)."""
    base = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=base | env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def the_problem(result: subprocess.CompletedProcess[str]) -> str:
    """The one line that says what went wrong (the bot logs its start at INFO before it), checked
    to come without a traceback and without a secret."""
    shown = result.stdout + result.stderr
    assert "Traceback" not in shown and SECRET not in shown, shown
    (line,) = [line for line in shown.splitlines() if "WEB_" in line]
    return line


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A port on 127.0.0.1 that another program listens on."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield holder.getsockname()[1]


def the_bot(folder: Path, **settings: str) -> dict[str, str]:
    """A bot's settings with its board on, on the SQLite file in `folder`, and a Discord API
    nobody listens on (nothing here may get that far)."""
    return {
        "DISCORD_TOKEN": TOKEN,
        "DATABASE_PATH": str(folder / "data" / "bot.sqlite3"),
        "DISCORD_API_BASE": f"http://127.0.0.1:{free_port()}/api/v10",
        "ACTIVITY_CLIENT_SECRET": SECRET,
        "WEB_HOST": "127.0.0.1",
        **settings,
    }


def test_the_bot_with_its_board_on_a_busy_port_says_so_in_one_line(
    tmp_path: Path, busy_port: int
) -> None:
    result = python_m_bot(tmp_path, env=the_bot(tmp_path, WEB_PORT=str(busy_port)))
    assert result.returncode == EXIT_CONFIG, result.stderr
    line = the_problem(result)
    assert "WEB_PORT" in line and str(busy_port) in line and "in use" in line, line


@pytest.mark.parametrize(
    ("host", "cause"),
    [
        ("no-such-host.invalid", "resolves"),  # a name nobody can resolve
        ("http://127.0.0.1", "resolves"),  # a URL where an address belongs
        ("192.0.2.1", "no address of this machine"),  # TEST-NET-1: never this machine's
    ],
)
def test_the_bot_with_a_web_host_it_cannot_listen_on_says_so_in_one_line(
    tmp_path: Path, host: str, cause: str
) -> None:
    settings = the_bot(tmp_path, WEB_HOST=host, WEB_PORT=str(free_port()))
    result = python_m_bot(tmp_path, env=settings)
    assert result.returncode == EXIT_CONFIG, result.stderr
    line = the_problem(result)
    assert "WEB_HOST" in line and cause in line, line


async def test_a_web_process_on_a_busy_port_says_so_in_one_line(
    tmp_path: Path, busy_port: int, postgres_server: PostgresServer
) -> None:
    url = await postgres_server.fresh_url()
    env = the_bot(tmp_path, WEB_PORT=str(busy_port), DATABASE_URL=url)
    result = python_m_bot(tmp_path, "web", env=env)
    assert result.returncode == EXIT_CONFIG, result.stderr
    line = the_problem(result)
    assert line.startswith("Configuration error: WEB_PORT"), line
    assert str(busy_port) in line and "in use" in line, line


@pytest.mark.parametrize("secret", [SECRET, ""])
def test_a_web_process_on_the_sqlite_file_is_refused_as_a_worker_is(
    tmp_path: Path, secret: str
) -> None:
    """No other process can tell it of a move made with /move, nor the bot of one made on its
    board: the bot serves the board itself there (said first: without the secret too)."""
    settings = the_bot(tmp_path, WEB_PORT=str(free_port()), ACTIVITY_CLIENT_SECRET=secret)
    result = python_m_bot(tmp_path, "web", env=settings)
    assert result.returncode == EXIT_CONFIG
    shown = (result.stdout + result.stderr).strip()
    assert "Traceback" not in shown and len(shown.splitlines()) == 1, shown
    assert "DATABASE_URL" in shown and "python -m bot" in shown and "itself" in shown, shown
    assert not Path(settings["DATABASE_PATH"]).exists()
