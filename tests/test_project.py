"""The project's own promises: README commands, CI, the engine's purity, the ignored secrets."""

from __future__ import annotations

import ast
import os
import re
import shutil
import stat
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Imports the rules may not use (DESIGN.md: no Discord, images, database, event loop, logging
# setup, randomness or files of their own). The command-line tool is the one place with I/O.
FORBIDDEN = {"discord", "PIL", "aiosqlite", "asyncio", "logging", "random", "os", "pathlib", "io"}
IO_MODULES = {"cli.py", "__main__.py"}


def readme_commands() -> list[str]:
    """The shell commands of the README's first two code blocks."""
    text = (ROOT / "README.md").read_text()
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", text, re.S)[:2]]


def test_readme_opens_with_the_two_setup_commands():
    bot, tests = readme_commands()
    assert "pip install -e ." in bot and bot.endswith("python -m bot")
    assert ".env.example .env" in bot
    assert "'.[test]'" in tests and tests.endswith("python -m pytest")


def test_the_first_command_leaves_env_readable_by_its_owner_only(tmp_path):
    """`.env` holds the token: made from the example under the usual umask (0022), it must
    still be the owner's alone; a second run keeps the file as it is."""
    bot, _ = readme_commands()
    (making,) = [step for step in bot.split(" && ") if ".env.example" in step]
    shutil.copy(ROOT / ".env.example", tmp_path / ".env.example")
    for _ in range(2):
        subprocess.run(["bash", "-c", f"umask 022; {making}"], cwd=tmp_path, check=True)
        assert stat.S_IMODE(os.stat(tmp_path / ".env").st_mode) == 0o600
    assert (tmp_path / ".env").read_text() == (ROOT / ".env.example").read_text()


def test_ci_runs_exactly_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    _, tests = readme_commands()
    assert tests in ci.splitlines()
    assert ci.index("ruff check") < ci.index("ruff format --check") < ci.index(tests)
    assert "mypy engine bot" in ci
    assert ci.index("lint-imports") < ci.index(tests)  # the layer contracts, before the tests


def imported_modules(path: Path) -> list[str]:
    """The absolute imports of the module at `path`, anywhere in it."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
    return names


def test_engine_imports_nothing_impure():
    for path in (ROOT / "engine").rglob("*.py"):
        if path.name in IO_MODULES:
            continue
        for name in imported_modules(path):
            assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"
            assert not name.startswith("bot"), f"{path.name} imports upward: {name}"


def test_the_tests_never_import_the_benchmarks():
    # What tests and benchmarks share lives in `testing` (lint-imports checks that `testing`
    # imports no benchmark; the tests are no package, so it cannot see them).
    for path in (ROOT / "tests").rglob("*.py"):
        for name in imported_modules(path):
            assert name.split(".")[0] != "bench", f"{path.relative_to(ROOT)} imports {name}"


def test_secrets_and_databases_are_ignored():
    ignored = (ROOT / ".gitignore").read_text().splitlines()
    assert ".env" in ignored and "data/" in ignored and "*.sqlite3" in ignored


def test_env_example_documents_every_setting():
    example = (ROOT / ".env.example").read_text()
    settings_source = (ROOT / "bot" / "settings.py").read_text()
    keys = set(re.findall(r'get\("([A-Z_]+)"\)', settings_source))
    assert keys >= {"DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL"}
    for key in keys:
        assert re.search(rf"^{key}=", example, re.M), key
        assert re.search(rf"^#.*\n{key}=", example, re.M), f"{key} has no comment"


def test_the_readme_table_lists_every_setting():
    """The README's Configuration table is where an admin looks a key up: every key the
    settings read is in it, in a row of its own or beside its partner (SHARD_COUNT, SHARD_IDS)."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Configuration", 1)[1].split("\n### ", 1)[0]
    listed = set(re.findall(r"^\| `([A-Z_]+)`(?:, `([A-Z_]+)`)? \|", section, re.M))
    keys = {key for row in listed for key in row if key}
    settings_source = (ROOT / "bot" / "settings.py").read_text()
    read = set(re.findall(r'get\("([A-Z_]+)"\)', settings_source))
    assert read >= {"DISCORD_TOKEN", "ACTIVITY_CLIENT_SECRET", "WEB_HOST", "WEB_PORT"}
    assert sorted(read - keys) == []


def test_the_readme_leaves_no_placeholder():
    assert "<!--" not in (ROOT / "README.md").read_text()


def test_the_release_notes_open_with_this_version():
    """The newest entry of CHANGELOG.md is the version pip records (`python -m bot --version`),
    so a release is never made without its notes."""
    release = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    notes = (ROOT / "CHANGELOG.md").read_text()
    versions = re.findall(r"^## (\d+\.\d+\.\d+) \(\d{4}-\d{2}-\d{2}\)$", notes, re.M)
    assert versions and versions[0] == release, versions


def test_the_newest_notes_and_the_upkeep_page_name_this_versions_schema():
    """What the newest release notes and the backup's sample line in docs/upkeep.md say of the
    schema is the version this version's migrations reach: an admin compares it with what
    `migrate` and `backup` print (1.0.0's notes said 20 after migrations 21 to 24 came)."""
    from bot.store.migrations import SCHEMA_VERSION

    notes = (ROOT / "CHANGELOG.md").read_text()
    newest = re.split(r"^## \d", notes, flags=re.M)[1]
    upkeep = (ROOT / "docs" / "upkeep.md").read_text()
    named = re.findall(r"schema (?:at )?version (\d+)", newest + upkeep)
    assert named and {int(number) for number in named} == {SCHEMA_VERSION}, named
