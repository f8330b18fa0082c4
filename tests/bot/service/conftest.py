"""Fixtures: a service over a real SQLite file in tmp_path, with a clock the test controls."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from servicekit import CountingSeeds, FakeClock, open_service

from bot.service import GameService


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def service(tmp_path: Path, clock: FakeClock) -> AsyncIterator[GameService]:
    service = await open_service(tmp_path / "data" / "bot.sqlite3", clock, CountingSeeds())
    yield service
    await service.connection.close()
