"""`python -m bot` as an admin meets it in the first hour (issue 46): each command takes only its
own options, its help is plain text, a token of the wrong shape or a missing one is explained
before anything connects, and settings that would leave work to processes that cannot exist on
the SQLite file are refused at start in one line."""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from bot.__main__ import EXIT_CONFIG, main
from testing.pgserver import free_port

ROOT = Path(__file__).resolve().parents[2]
APP_ID = 123456789012345678
TOKEN = base64.b64encode(str(APP_ID).encode()).decode().rstrip("=") + ".GhIjKl.secret-part"
COMMANDS = [
    "run",
    "sync",
    "invite",
    "worker",
    "web",
    "migrate",
    "ratings",
    "backup",
    "copy-database",
    "import",
]


def closed_api() -> str:
    """A REST base nobody listens on: a command that wrongly connects fails at once, offline."""
    return f"http://127.0.0.1:{free_port()}/api/v10"


def python_m_bot(cwd: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`python -m bot ...` in `cwd` with only `env` (and what Python needs) set; killed after a
    minute, which fails the test (every command here should end by itself)."""
    base = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=base | env,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    """The only line the command wrote, checked to be no traceback."""
    shown = (result.stdout + result.stderr).strip()
    assert "Traceback" not in shown and len(shown.splitlines()) == 1, shown
    return shown


@pytest.mark.parametrize(
    ("argv", "option", "owner"),
    [
        (["migrate", "--to", "postgresql://bot:pw-123@db/bot"], "--to", "copy-database"),
        (["ratings", "--recompute", "--from", "old.sqlite3"], "--from", "copy-database"),
        (["--recompute"], "--recompute", "ratings"),
        (["sync", "--from=old.sqlite3"], "--from", "copy-database"),
        (["copy-database", "--from", "a.sqlite3", "--recompute"], "--recompute", "ratings"),
    ],
)
def test_an_option_of_another_command_is_refused_by_name(
    tmp_path: Path, capsys, argv: list[str], option: str, owner: str
) -> None:
    database = tmp_path / "bot.sqlite3"
    env = {"DISCORD_TOKEN": TOKEN, "DATABASE_PATH": str(database), "DISCORD_API_BASE": closed_api()}
    with pytest.raises(SystemExit) as stopped:
        main(argv, env)
    error = capsys.readouterr().err
    assert stopped.value.code == EXIT_CONFIG, error
    (said,) = [line for line in error.splitlines() if "error:" in line]
    assert option in said and owner in said, said
    assert "pw-123" not in error  # an option's value may be a password: never echoed
    assert not database.exists()  # nothing was done


def test_an_option_no_command_has_is_refused(tmp_path: Path, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["migrate", "--force"], {"DATABASE_PATH": str(tmp_path / "bot.sqlite3")})
    error = capsys.readouterr().err
    assert stopped.value.code == EXIT_CONFIG and "--force" in error and "migrate" in error


MARKUP = re.compile(r"`|\*\*|(?<![\w(])\*\w|:[a-z]+:|^\.\. ", re.MULTILINE)
"""Markdown's and reStructuredText's marks: backticks, emphasis, roles, directives."""


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_is_plain_text_and_lists_only_the_commands_own_options(command, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([*([command] if command else []), "--help"], {})
    shown = capsys.readouterr().out
    assert stopped.value.code == 0
    assert MARKUP.search(shown) is None, shown
    options = set(re.findall(r"--[a-z][a-z-]+", shown)) - {"--help"}
    own = {
        "ratings": {"--recompute"},
        "backup": {"--to"},
        "copy-database": {"--from", "--to"},
        "import": {"--for"},
    }
    if command is None:
        assert all(name in shown for name in COMMANDS)
    else:
        assert options == own.get(command, set()), shown


def test_version_says_the_installed_release(tmp_path: Path) -> None:
    """The version pyproject.toml gives (the release notes' newest), as pip installed it."""
    release = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    result = python_m_bot(tmp_path, "--version", env={})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"python -m bot {release}"


def test_sync_checks_the_tokens_shape_before_connecting(capsys) -> None:
    env = {"DISCORD_TOKEN": "not a token", "DISCORD_API_BASE": closed_api()}
    assert main(["sync"], env) == EXIT_CONFIG
    error = capsys.readouterr().err
    assert "DISCORD_TOKEN" in error and "does not look like" in error
    assert "not a token" not in error


def env_file_from_the_example(folder: Path) -> Path:
    """What the README's first command leaves: `.env`, a copy of `.env.example`."""
    env_file = folder / ".env"
    shutil.copy(ROOT / ".env.example", env_file)
    env_file.chmod(0o600)
    return env_file


@pytest.mark.parametrize("command", ["run", "sync", "invite", "worker"])
def test_without_a_token_it_names_the_line_of_env_to_fill(tmp_path: Path, command: str) -> None:
    env_file = env_file_from_the_example(tmp_path)
    lines = env_file.read_text().splitlines()
    number = lines.index("DISCORD_TOKEN=") + 1
    result = python_m_bot(tmp_path, command, env={})
    assert result.returncode == EXIT_CONFIG
    line = one_line(result)
    assert ".env.example" not in line  # the README's first command made .env already
    assert f"line {number} of .env" in line and "DISCORD_TOKEN=" in line, line
    assert "https://discord.com/developers/applications" in line and "Bot" in line
    assert not (tmp_path / "data").exists()


def test_without_a_token_or_env_file_it_says_where_the_token_may_be_set(tmp_path: Path) -> None:
    result = python_m_bot(tmp_path, "run", env={})
    assert result.returncode == EXIT_CONFIG
    line = one_line(result)
    assert "DISCORD_TOKEN" in line and "environment" in line and ".env" in line
    assert "https://discord.com/developers/applications" in line


def test_an_api_base_of_another_version_is_one_line(tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": TOKEN, "DISCORD_API_BASE": f"http://127.0.0.1:{free_port()}/api/v9"}
    result = python_m_bot(tmp_path, "run", env=env | {"DATABASE_PATH": str(tmp_path / "b")})
    assert result.returncode == EXIT_CONFIG
    line = one_line(result)
    assert "DISCORD_API_BASE" in line and "v10" in line


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        ({"AI_WORKERS": "0"}, "AI_WORKERS"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-1"}, "SHARD_IDS"),
    ],
)
def test_leaving_work_to_other_processes_is_refused_on_sqlite(
    tmp_path: Path, settings: dict[str, str], named: str
) -> None:
    """On the SQLite file this process is the bot's only one: nobody else would think for the
    computer, or serve the other shards' servers."""
    database = tmp_path / "data" / "bot.sqlite3"
    env = {"DISCORD_TOKEN": TOKEN, "DATABASE_PATH": str(database), "DISCORD_API_BASE": closed_api()}
    result = python_m_bot(tmp_path, "run", env=env | settings)
    assert result.returncode == EXIT_CONFIG
    line = one_line(result)
    assert named in line and "DATABASE_URL" in line and "SQLite" in line, line
    assert not database.exists()


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        ({}, "DATABASE_URL"),  # the SQLite file: the bot thinks itself
        ({"DATABASE_URL": "postgresql://bot@127.0.0.1:1/bot", "AI_WORKERS": "0"}, "AI_WORKERS"),
    ],
)
def test_a_worker_that_could_not_think_for_anyone_is_refused(
    tmp_path: Path, settings: dict[str, str], named: str
) -> None:
    database = tmp_path / "data" / "bot.sqlite3"
    env = {"DISCORD_TOKEN": TOKEN, "DATABASE_PATH": str(database)}
    result = python_m_bot(tmp_path, "worker", env=env | settings)
    assert result.returncode == EXIT_CONFIG
    assert named in one_line(result)
    assert not database.exists()
