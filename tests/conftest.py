"""Fixtures every test folder shares: where a test's database lives, on each backend.

The store and service tests run twice, on SQLite (a real file in `tmp_path`) and on PostgreSQL
(a server the tests start themselves from the machine's binaries, see `pgserver`). The
PostgreSQL runs are skipped, saying why, only where no PostgreSQL server binary exists.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from testing.pgserver import PostgresServer, server_binaries
from testing.servicekit import FakeClock

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture
def clock() -> FakeClock:
    """A clock the test moves by hand (the service's time)."""
    return FakeClock()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the whole run, started on first use."""
    binaries = server_binaries()
    if binaries is None:
        pytest.skip(
            "no PostgreSQL server binaries (initdb, pg_ctl, postgres) on this machine: the "
            "PostgreSQL runs are skipped; install Debian's postgresql package to run them"
        )
    server = PostgresServer(binaries)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=BACKENDS)
async def database_at(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """Where a test's new, empty database lives: an SQLite file, or a PostgreSQL URL."""
    if request.param == "sqlite":
        return tmp_path / "data" / "bot.sqlite3"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return await server.fresh_url()
