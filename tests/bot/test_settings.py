"""The bot's settings and its entry point without Discord."""

from __future__ import annotations

import base64
import errno
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import discord
import pytest

from bot.__main__ import EXIT_CONFIG, invite_url, main, user_install_url
from bot.settings import DEFAULT_DATABASE, Settings, SettingsError


def test_defaults_when_only_the_token_is_set():
    settings = Settings.from_env({"DISCORD_TOKEN": "secret-token"})
    assert settings.token == "secret-token"
    assert settings.database_path == DEFAULT_DATABASE
    assert settings.dev_guild_id is None and settings.log_level == "INFO"
    assert settings.api_base is None and settings.gateway_url is None
    assert (settings.ai_think_seconds, settings.ai_workers) == (2.0, 1)
    assert "secret-token" not in repr(settings)


def test_every_setting_is_read_and_normalised():
    settings = Settings.from_env(
        {
            "DISCORD_TOKEN": " t ",
            "DATABASE_PATH": "/var/lib/bot/games.sqlite3",
            "DEV_GUILD_ID": "123456789012345678",
            "LOG_LEVEL": "debug",
            "DISCORD_API_BASE": "http://127.0.0.1:8080/api/v10/",
            "DISCORD_GATEWAY_URL": "ws://127.0.0.1:8081",
            "AI_THINK_SECONDS": " 0.5 ",
            "AI_WORKERS": "3",
            "RULES_URL": "https://example.org/bot/blob/main/docs/rules.md",
        }
    )
    assert settings.token == "t"
    assert settings.database_path == Path("/var/lib/bot/games.sqlite3")
    assert settings.dev_guild_id == 123456789012345678
    assert settings.log_level == "DEBUG" and settings.log_level_number == 10
    assert settings.api_base == "http://127.0.0.1:8080/api/v10"
    assert settings.gateway_url == "ws://127.0.0.1:8081"
    assert (settings.ai_think_seconds, settings.ai_workers) == (0.5, 3)
    assert settings.rules_url == "https://example.org/bot/blob/main/docs/rules.md"


def test_a_gateway_url_keeps_its_trailing_slash():
    # A gateway proxy that serves /gw/ answers 404 on /gw: the path is the operator's to choose.
    settings = Settings.from_env({"DISCORD_GATEWAY_URL": "ws://127.0.0.1:8081/gw/"})
    assert settings.gateway_url == "ws://127.0.0.1:8081/gw/"


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("DEV_GUILD_ID", "my-server"),
        ("LOG_LEVEL", "loud"),
        ("DISCORD_API_BASE", "ftp://x"),
        ("DISCORD_GATEWAY_URL", "http://127.0.0.1"),
        ("RULES_URL", "http://example.org/rules.md"),  # a link players open: https only
        ("RULES_URL", "docs/rules.md"),  # a Discord message links no path
        ("AI_THINK_SECONDS", "0.05"),
        ("AI_THINK_SECONDS", "61"),
        ("AI_THINK_SECONDS", "two"),
        ("AI_THINK_SECONDS", "nan"),
        ("AI_WORKERS", "-1"),
        ("AI_WORKERS", "1.5"),
        ("SHARD_COUNT", "0"),
        ("SHARD_COUNT", "many"),
        ("SHARD_IDS", "0-1"),  # without SHARD_COUNT
        ("AI_WORKERS", "33"),
        ("AI_WORKERS", "²"),  # a digit to str.isdigit, not to int()
    ],
)
def test_bad_values_name_the_key(key, value):
    with pytest.raises(SettingsError, match=key):
        Settings.from_env({key: value})


@pytest.mark.parametrize(("value", "seconds"), [("0.1", 0.1), ("60", 60.0), ("2", 2.0)])
def test_the_thinking_time_bounds_are_allowed(value, seconds):
    assert Settings.from_env({"AI_THINK_SECONDS": value}).ai_think_seconds == seconds


def test_without_a_token_it_explains_and_exits_2(capsys):
    assert main([], {}) == EXIT_CONFIG
    assert "DISCORD_TOKEN" in capsys.readouterr().err


def test_a_bad_setting_exits_2_without_showing_the_token(capsys):
    assert main([], {"DISCORD_TOKEN": "very-secret", "LOG_LEVEL": "x"}) == EXIT_CONFIG
    captured = capsys.readouterr()
    assert "LOG_LEVEL" in captured.err and "very-secret" not in captured.err + captured.out


def _run_bot(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


# A made-up token in Discord's shape: base64 of the application id, then two more parts.
APP_ID = 123456789012345678
TOKEN = base64.b64encode(str(APP_ID).encode()).decode().rstrip("=") + ".GhIjKl.secret-part"


def test_python_m_bot_reads_dotenv_from_the_working_directory(tmp_path):
    configured, bare = tmp_path / "configured", tmp_path / "bare"
    configured.mkdir()
    bare.mkdir()
    (configured / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\n")
    result = _run_bot(configured, "invite")
    assert result.returncode == 0, result.stderr
    assert f"client_id={APP_ID}" in result.stdout
    assert "secret-part" not in result.stdout + result.stderr
    missing = _run_bot(bare)
    assert missing.returncode == EXIT_CONFIG and "DISCORD_TOKEN" in missing.stderr


def test_the_invite_asks_for_commands_and_the_minimal_permissions():
    url = invite_url(APP_ID)
    query = parse_qs(urlparse(url).query)
    assert query["scope"] == ["bot applications.commands"]
    assert query["integration_type"] == ["0"]  # installed to a server
    assert query["client_id"] == [str(APP_ID)]
    granted = discord.Permissions(int(query["permissions"][0]))
    assert granted.send_messages and granted.attach_files and granted.create_public_threads
    assert not (granted.administrator or granted.manage_messages or granted.mention_everyone)


def test_the_user_install_link_asks_for_the_commands_alone():
    url = user_install_url(APP_ID)
    parsed = urlparse(url)
    assert (parsed.scheme, parsed.netloc, parsed.path) == (
        "https",
        "discord.com",
        "/oauth2/authorize",
    )
    query = parse_qs(parsed.query)
    assert query == {
        "client_id": [str(APP_ID)],
        "scope": ["applications.commands"],  # no bot: a user install adds no bot user
        "integration_type": ["1"],  # installed to the user
    }


def test_invite_prints_both_links(capsys):
    assert main(["invite"], {"DISCORD_TOKEN": TOKEN}) == 0
    lines = capsys.readouterr().out.splitlines()
    server = [line for line in lines if invite_url(APP_ID) in line]
    user = [line for line in lines if user_install_url(APP_ID) in line]
    assert len(server) == 1 and "server" in server[0].lower()
    assert len(user) == 1 and "my apps" in user[0].lower()


def test_a_token_of_the_wrong_shape_is_reported(capsys):
    assert main(["invite"], {"DISCORD_TOKEN": "not a token"}) == EXIT_CONFIG
    assert "does not look like" in capsys.readouterr().err


def test_running_with_a_token_that_names_no_bot_exits_2_before_opening_the_database(
    tmp_path, capsys
):
    database = tmp_path / "data" / "bot.sqlite3"
    env = {"DISCORD_TOKEN": "not a token", "DATABASE_PATH": str(database)}
    assert main([], env) == EXIT_CONFIG
    error = capsys.readouterr().err
    assert "DISCORD_TOKEN" in error and "not a token" not in error
    assert not database.exists()


def test_a_postgresql_url_is_preferred_to_the_sqlite_file_and_kept_out_of_repr():
    url = "postgresql://bot:secret@db.example:5432/games"
    settings = Settings.from_env({"DATABASE_URL": url, "DATABASE_PATH": "/tmp/x.sqlite3"})
    assert settings.database == url and "secret" not in repr(settings)
    assert Settings.from_env({}).database == DEFAULT_DATABASE


@pytest.mark.parametrize("value", ["mysql://x@y/z", "postgresql:///nohost", "data/bot.sqlite3"])
def test_a_database_url_that_is_not_postgresql_is_refused(value):
    with pytest.raises(SettingsError, match="DATABASE_URL"):
        Settings.from_env({"DATABASE_URL": value})


def test_migrate_and_recompute_need_no_token_and_say_what_they_did(tmp_path, capsys):
    database = tmp_path / "data" / "bot.sqlite3"
    env = {"DATABASE_PATH": str(database)}
    assert main(["migrate"], env) == 0
    assert database.exists() and "schema version" in capsys.readouterr().out
    assert main(["ratings", "--recompute"], env) == 0
    assert "from 0 rated results" in capsys.readouterr().out


def test_ratings_without_recompute_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["ratings"], {})
    assert stopped.value.code == 2 and "--recompute" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("count", "ids", "shards", "name"),
    [
        ("4", None, (0, 1, 2, 3), "shards 0,1,2,3"),
        ("8", "0-3", (0, 1, 2, 3), "shards 0,1,2,3"),
        ("8", "4,6-7", (4, 6, 7), "shards 4,6,7"),
        ("3", " 2 ", (2,), "shards 2"),
    ],
)
def test_shards_are_read_as_ranges_and_name_the_process(count, ids, shards, name):
    env = {"SHARD_COUNT": count} | ({} if ids is None else {"SHARD_IDS": ids})
    settings = Settings.from_env(env)
    assert settings.shards is not None and settings.shards.ids == shards
    assert settings.shards.count == int(count) and settings.process_name == name
    assert Settings.from_env({}).shards is None and Settings.from_env({}).process_name == "bot"


@pytest.mark.parametrize("ids", ["4", "0-9", "a-b", "1,,2", "-1"])
def test_shard_ids_outside_the_count_or_unreadable_are_refused(ids):
    with pytest.raises(SettingsError, match="SHARD_IDS"):
        Settings.from_env({"SHARD_COUNT": "4", "SHARD_IDS": ids})


def test_a_process_may_leave_the_thinking_to_others():
    assert Settings.from_env({"AI_WORKERS": "0"}).ai_workers == 0


def test_the_limits_against_pestering_have_defaults_and_can_be_set():
    defaults = Settings.from_env({})
    assert (defaults.pending_challenges, defaults.computer_games) == (5, 3)
    chosen = Settings.from_env({"PENDING_CHALLENGES": " 2 ", "COMPUTER_GAMES": "10"})
    assert (chosen.pending_challenges, chosen.computer_games) == (2, 10)


def test_the_daily_analyses_have_a_default_and_can_be_set():
    assert Settings.from_env({}).analyses_per_day == 5
    assert Settings.from_env({"ANALYSES_PER_DAY": "12"}).analyses_per_day == 12


@pytest.mark.parametrize("key", ["PENDING_CHALLENGES", "COMPUTER_GAMES", "ANALYSES_PER_DAY"])
@pytest.mark.parametrize("value", ["0", "-1", "many", "101", "²"])
def test_a_limit_outside_one_to_a_hundred_is_refused_by_name(key, value):
    with pytest.raises(SettingsError, match=f"{key} must be a whole number from 1 to 100"):
        Settings.from_env({key: value})


@pytest.mark.parametrize(
    ("cause", "key", "words"),
    [
        (OSError(errno.EADDRINUSE, "Address already in use"), "WEB_PORT", "in use"),
        (PermissionError(errno.EACCES, "Permission denied"), "WEB_PORT", "1024"),
        (OSError(errno.EADDRNOTAVAIL, "Cannot assign"), "WEB_HOST", "no address of this machine"),
        (socket.gaierror(socket.EAI_NONAME, "Name or service not known"), "WEB_HOST", "resolves"),
        (OSError(errno.ENOBUFS, "No buffer space available"), "WEB_HOST, WEB_PORT", "No buffer"),
    ],
)
def test_an_address_the_board_cannot_listen_on_names_the_setting(cause, key, words):
    """What the bot's user meets when binding (a port under 1024 needs privileges that the
    tests, run as root, have: this case is told from the error alone)."""
    settings = Settings.from_env({"WEB_HOST": "board.example", "WEB_PORT": "80"})
    said = str(settings.cannot_listen(cause))
    assert said.startswith(f"{key}: ") and words in said, said
