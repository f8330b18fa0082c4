"""What the store keeps secret (issue 27): a PostgreSQL password never reaches a log, in any form
libpq accepts, and the SQLite file with every game and the dice seeds is its owner's alone."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import pytest

from bot.store import DatabaseUnavailableError, open_database, redact_url, scrub_url
from testing.pgserver import free_port

SECRET = "s3cret-Pw"


@pytest.mark.parametrize(
    "url",
    [
        f"postgresql://bot:{SECRET}@db.example:5432/bot",
        f"postgres://:{SECRET}@db.example/bot",
        f"postgresql://bot@db.example/bot?password={SECRET}",
        f"postgresql://bot@db.example/bot?sslmode=require&password={SECRET}&connect_timeout=5",
        f"postgresql://bot@db.example/bot?pass%77ord={SECRET}",  # libpq decodes the key too
        f"postgresql://bot@db.example/bot?PASSWORD={SECRET}",
        f"postgresql://bot@db.example/bot?sslpassword={SECRET}",  # the client key's password
        f"postgresql://bot:{SECRET}@host1:5432,host2:5433/bot",  # several hosts
        f"postgresql://bot:{SECRET}@[::1]:5432/bot",
        f"postgresql://bot:{SECRET}@db.example/bot?password={SECRET}",
        f"postgresql://bot:{SECRET}%40x@db.example/bot",  # percent-encoded
        f"postgresql://bot:{SECRET}@db.example/bot#{SECRET}",
        f"postgresql://bot:{SECRET}/bot",  # no host: the password is taken for a port
        f"postgresql://bot:{SECRET}@db.example:5432,bot:{SECRET}/bot",
    ],
)
def test_every_form_of_password_is_redacted(url: str) -> None:
    shown = redact_url(url)
    assert SECRET not in shown and "***" in shown
    assert shown.startswith(url.split(":", 1)[0] + "://")  # still says what it is


def test_redacting_keeps_what_is_not_secret() -> None:
    url = "postgresql://bot:pw@db.example:5432/bot?sslmode=require&password=pw&search_path=x"
    assert redact_url(url) == (
        "postgresql://bot:***@db.example:5432/bot?sslmode=require&password=***&search_path=x"
    )
    plain = "postgresql://bot@db.example/bot?search_path=x"
    assert redact_url(plain) == plain


def test_a_message_that_repeats_a_password_is_scrubbed() -> None:
    url = f"postgresql://bot:{SECRET}@db/bot?sslpassword=other%2Bkey"
    message = f"could not use {SECRET} nor other+key nor other%2Bkey"
    scrubbed = scrub_url(message, url)
    assert SECRET not in scrubbed and "other+key" not in scrubbed and "other%2Bkey" not in scrubbed


async def test_opening_postgresql_logs_no_password(postgres_server, caplog) -> None:
    """The test server trusts every login, so any password connects: the one in the netloc and
    the one in the query string both stay out of the log."""
    fresh = await postgres_server.fresh_url()  # .../postgres?search_path=...
    netloc = fresh.replace("tests@", f"tests:{SECRET}@", 1)
    query = f"{fresh}&password={SECRET}"
    caplog.set_level(logging.DEBUG)
    for url in (netloc, query):
        async with open_database(url) as database:
            assert SECRET not in repr(database)
    assert "ready at schema version" in caplog.text and SECRET not in caplog.text


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def test_a_new_sqlite_database_and_its_folder_are_owner_only(tmp_path: Path) -> None:
    old = os.umask(0o022)  # the usual umask, which would give 0644 and 0755
    try:
        path = tmp_path / "data" / "games" / "bot.sqlite3"
        async with open_database(path) as database:
            async with database.transaction() as db:  # a write: the WAL file is made
                await db.execute("INSERT INTO user_settings (user_id, updated_at) VALUES (1, 0)")
            made = [path, *path.parent.glob("bot.sqlite3-*")]
            assert {p.name for p in made} >= {"bot.sqlite3", "bot.sqlite3-wal"}
            assert {p.name: _mode(p) for p in made} == dict.fromkeys((p.name for p in made), 0o600)
    finally:
        os.umask(old)
    assert _mode(path.parent) == 0o700 and _mode(path.parent.parent) == 0o700


async def test_an_existing_folder_and_file_keep_their_modes(tmp_path: Path) -> None:
    folder = tmp_path / "shared"
    folder.mkdir(mode=0o750)
    folder.chmod(0o750)
    async with open_database(folder / "bot.sqlite3"):
        pass
    assert _mode(folder) == 0o750  # the admin's choice: the bot warns at start instead


@pytest.mark.parametrize(
    ("url", "cause"),
    [
        (
            f"postgresql://bot:{SECRET}@127.0.0.1:{{port}}/bot",
            "cannot connect (Connection refused)",
        ),
        (f"postgresql://bot:{SECRET}@127.0.0.1:99999/bot", "the URL cannot be used"),
        (f"postgresql://bot:{SECRET}/bot", "the URL cannot be used"),  # no host, no port
        ("{server}?password=" + SECRET, 'database "no_such_database" does not exist'),
    ],
)
async def test_a_server_that_cannot_be_used_is_one_line_without_the_password(
    url: str, cause: str, postgres_server
) -> None:
    url = url.format(port=free_port(), server=postgres_server.url("no_such_database"))
    with pytest.raises(DatabaseUnavailableError) as refused:
        await open_database(url)
    message = str(refused.value)
    assert cause in message and SECRET not in message and "\n" not in message
    assert refused.value.__cause__ is None  # asyncpg's words may repeat the URL


@pytest.mark.parametrize("problem", ["a file where a folder goes", "no database"])
async def test_an_sqlite_file_that_cannot_be_opened_says_why(tmp_path: Path, problem: str) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a database, not a folder\n" * 50)
    path = blocker / "bot.sqlite3" if problem.startswith("a file") else blocker
    with pytest.raises(DatabaseUnavailableError, match=f"cannot open {path}: "):
        await open_database(path)
