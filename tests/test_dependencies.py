"""What each install holds (pyproject.toml): the bot's own imports are its runtime dependencies,
what the tests and the benchmarks import is declared in an extra, and the test install stays
lean: the compiled strength yardstick (numba and its LLVM, about 280 MB with numpy) is the
`bench` extra's, not every developer's and CI's."""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator
from importlib.metadata import PackageNotFoundError, packages_distributions, requires
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
OWN = {"bot", "engine", "assets", "testing", "bench", "tests"}
TYPE_CHECKER_ONLY = {"_typeshed"}
"""Modules that exist only for a type checker (imported under `TYPE_CHECKING`)."""
HEAVY = {"numba", "llvmlite", "numpy"}
"""The compiled yardstick's packages: what the `bench` extra adds to the test install."""


def declared(*extras: str) -> set[str]:
    """The distributions pyproject.toml names: the runtime dependencies and those of `extras`."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = list(project["dependencies"])
    for extra in extras:
        lines += project["optional-dependencies"][extra]
    return {canonicalize_name(Requirement(line).name) for line in lines}


def third_party_imports(*folders: str) -> dict[str, set[str]]:
    """The top-level modules outside the standard library and the project that the Python files
    under `folders` import (also inside functions and `TYPE_CHECKING`), each with the files."""
    paths = [path for folder in folders for path in (ROOT / folder).rglob("*.py")]
    # A test module may import another beside it (pytest puts its folder on the path).
    own = OWN | TYPE_CHECKER_ONLY | {path.stem for path in paths}
    found: dict[str, set[str]] = {}
    for path in paths:
        for name in _imports(path):
            top = name.split(".")[0]
            if top not in sys.stdlib_module_names and top not in own:
                found.setdefault(top, set()).add(str(path.relative_to(ROOT)))
    return found


def _imports(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module


NOT_ITS_NAME = {"sklearn": "scikit-learn"}
"""Modules imported under another name than their distribution's, which `undeclared` cannot
ask of an install without them (the `train` extra's, left out of the tests' install)."""


def undeclared(imports: dict[str, set[str]], allowed: set[str]) -> dict[str, set[str]]:
    """The imports whose distribution (as installed here) is not among `allowed`."""
    providers = packages_distributions()
    missing = {}
    for module, paths in imports.items():
        # Not installed here (an extra the test install leaves out): its known distribution.
        names = {
            canonicalize_name(d) for d in providers.get(module, [NOT_ITS_NAME.get(module, module)])
        }
        if not names & allowed:
            missing[f"{module} ({', '.join(sorted(names))})"] = paths
    return missing


def test_every_package_the_bot_imports_is_a_runtime_dependency():
    # Reached through another package today (aiohttp and yarl through discord.py), a package
    # the bot imports itself must be declared: that package may drop it, or pin it elsewhere.
    imports = third_party_imports("bot", "engine")
    assert "aiohttp" in imports  # the check sees the bot's own use of it
    assert undeclared(imports, declared()) == {}


def test_every_package_the_tests_and_benchmarks_import_is_declared():
    imports = third_party_imports("testing", "bench", "tests")
    assert "numba" in imports
    assert undeclared(imports, declared("test", "bench", "train")) == {}


def installed_closure(names: set[str]) -> set[str]:
    """`names` and every distribution they require, as installed here (markers evaluated, no
    extras of theirs); a requirement that is not installed is left out."""
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        try:
            lines = requires(name) or []
        except PackageNotFoundError:
            continue
        seen.add(name)
        for line in lines:
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(canonicalize_name(requirement.name))
    return seen


def test_the_test_install_leaves_the_compiled_yardstick_to_the_bench_extra():
    assert installed_closure(declared("test")) & HEAVY == set()
    assert "numba" in declared("bench")
