"""The bot process's garbage collector (`bot.runtime.collector.settle`): the start-up's objects
set aside, the youngest generation collected less often."""

import gc
from collections.abc import Iterator

import pytest

from bot.runtime import collector


@pytest.fixture
def collector_restored() -> Iterator[None]:
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


@pytest.mark.usefixtures("collector_restored")
def test_settling_sets_the_objects_alive_aside_and_collects_less_often() -> None:
    kept = [[] for _ in range(1000)]  # alive at the start: set aside
    collector.settle()
    assert gc.get_freeze_count() >= len(kept)
    assert gc.get_threshold() == (collector.YOUNGEST, collector.OLDER, collector.OLDER)
    assert collector.YOUNGEST > 700  # Python's default, which a burst of work would outrun
