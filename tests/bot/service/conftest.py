"""Fixtures: a service over a real database of each backend (an SQLite file in tmp_path, a
PostgreSQL server's), with a clock the test controls."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService
from testing.servicekit import CountingSeeds, FakeClock, open_service


@pytest.fixture
async def service(database_at: str | Path, clock: FakeClock) -> AsyncIterator[GameService]:
    service = await open_service(database_at, clock, CountingSeeds())
    yield service
    await service.connection.close()
