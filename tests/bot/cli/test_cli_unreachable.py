"""How discord.py's log of a failed gateway connection is watched (issue 46): while the bot
starts, the failure stops it, to be said in one line; once it is ready, discord.py's attempts
to reconnect after an outage are logged in one line each, without a traceback."""

from __future__ import annotations

import logging

import aiohttp
import pytest

from bot.cli.unreachable import StartWatch
from testing.pgserver import free_port


@pytest.fixture
async def refused() -> aiohttp.ClientConnectorError:
    """A real refused connection, on loopback."""
    async with aiohttp.ClientSession() as session:
        try:
            await session.get(f"http://127.0.0.1:{free_port()}/")
        except aiohttp.ClientConnectorError as error:
            return error
    raise AssertionError("nobody should listen there")


def connect(error: Exception) -> None:
    """What discord.py's `Client.connect` logs before it tries again."""
    try:
        raise error
    except Exception:
        logging.getLogger("discord.client").exception("Attempting a reconnect in %.2fs", 1.5)


def on_message(error: Exception) -> None:
    """Another record of the same logger with the same error (an event handler's failure)."""
    try:
        raise error
    except Exception:
        logging.getLogger("discord.client").exception("Ignoring exception in %s", "on_message")


async def test_while_starting_a_failed_connection_stops_the_bot(refused, caplog) -> None:
    stops: list[bool] = []
    watch = StartWatch(lambda: False, lambda: stops.append(True))
    with watch.installed(), caplog.at_level(logging.INFO, "discord.client"):
        connect(refused)
        connect(refused)
        on_message(refused)
    assert watch.failure is refused and stops == [True]  # once, for the first failure
    assert [record.funcName for record in caplog.records] == ["on_message"]


async def test_once_ready_a_failed_reconnection_is_one_line(refused, caplog) -> None:
    stops: list[bool] = []
    watch = StartWatch(lambda: True, lambda: stops.append(True))
    with watch.installed(), caplog.at_level(logging.INFO, "discord.client"):
        connect(refused)
    (record,) = caplog.records
    assert record.getMessage() == "Attempting a reconnect in 1.50s (connection refused)"
    assert record.exc_info is None and "Traceback" not in caplog.text
    assert watch.failure is None and stops == []
    connect(refused)  # the watch is gone with its `with` block
    assert caplog.records[-1].exc_info is not None
