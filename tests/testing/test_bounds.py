"""Bounds on waiting are generous everywhere (issue 52, point 17): on a loaded machine a whole run
failed on a bound of 5 s that the same test met in 9 s alone, and a bound costs nothing when the
test passes. The helpers wait `WAIT` seconds by default, and no test bounds a wait by a shorter
number of its own, but where the bound is the behaviour under test."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from testing import crashkit, servicekit
from testing.fakediscord import WAIT, BotProcess, FakeDiscord, InProcessBot
from testing.fakediscord.interactions import InteractionHandle
from testing.fakediscord.world import World

ROOT = Path(__file__).resolve().parents[2]
GENEROUS = 30.0
"""The shortest bound on waiting a test may set (the project's rule for a loaded machine)."""
BEHAVIOUR = {
    # file, function: a short bound that is what the test is about
    (
        "tests/bot/discord/shared/test_in_progress.py",
        "test_a_stop_also_waits_for_work_begun_while_it_waits_and_gives_up_in_time",
    ),
    (
        "tests/bot/computer/test_processes.py",
        "test_a_job_process_that_dies_or_hangs_is_reported_and_gone",
    ),
    ("tests/testing/fakediscord/test_fake_server.py", "test_waits_time_out_with_what_was_awaited"),
    (
        "tests/testing/fakediscord/test_fake_server.py",
        "test_stopping_the_fake_answers_a_held_request_before_it_returns",
    ),
}
"""The stop's give-up, a hung process's timeout, the message of a wait that times out, and a stop
of the fake that must not wait out its minute of grace."""
WAITS: list[Callable[..., Any]] = [
    World.wait_until,
    FakeDiscord.wait_ready,
    FakeDiscord.wait_resumed,
    FakeDiscord.wait_commands_synced,
    FakeDiscord.wait_for_message,
    FakeDiscord.wait_for_thread,
    InteractionHandle.result,
    InteractionHandle.wait_for_messages,
    InProcessBot.start,
    BotProcess.start,
    BotProcess.stop,
    servicekit.until,
    crashkit.Life.wait,
]


def test_the_wait_is_generous() -> None:
    assert WAIT >= 60 and servicekit.WAIT == WAIT


@pytest.mark.parametrize("wait", WAITS, ids=lambda wait: wait.__qualname__)
def test_each_helper_waits_the_generous_bound_by_default(wait: Callable[..., Any]) -> None:
    assert inspect.signature(wait).parameters["timeout"].default == WAIT


def test_no_test_bounds_a_wait_shortly() -> None:
    short = [
        f"{path}:{line} in {function}"
        for path, function, line in short_bounds()
        if (path, function) not in BEHAVIOUR
    ]
    assert short == [], f"bounds on waiting under {GENEROUS:.0f} s"


def short_bounds() -> Iterator[tuple[str, str, int]]:
    """Each literal bound under `GENEROUS` seconds on a wait in the tests and their helpers: a
    `timeout=` argument, `asyncio.timeout(n)`, `asyncio.wait_for(x, n)`."""
    for file in sorted([*ROOT.glob("tests/**/*.py"), *ROOT.glob("testing/**/*.py")]):
        path = str(file.relative_to(ROOT))
        tree = ast.parse(file.read_text())
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for call in ast.walk(function):
                if isinstance(call, ast.Call) and _is_short(call):
                    yield path, function.name, call.lineno


def _is_short(call: ast.Call) -> bool:
    bounds = [keyword.value for keyword in call.keywords if keyword.arg == "timeout"]
    name = ast.unparse(call.func)
    if name == "asyncio.timeout" and call.args:
        bounds.append(call.args[0])
    if name == "asyncio.wait_for" and len(call.args) > 1:
        bounds.append(call.args[1])
    return any(
        isinstance(bound, ast.Constant)
        and isinstance(bound.value, int | float)
        and bound.value < GENEROUS
        for bound in bounds
    )
