"""The web board's tests: the real bot with its web board against the fake Discord, and
Debian's Chromium (skipped, saying so, where it is not installed)."""

from __future__ import annotations

import pytest

from testing.webkit import chromium_available


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests need Debian's Chromium: skip them, saying why, where it is missing."""
    if chromium_available():
        return
    skip = pytest.mark.skip(reason="no /usr/bin/chromium: install Debian's chromium package")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)
