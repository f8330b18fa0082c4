"""The layout the docs and the docstrings describe is the tree's own (issue 52, point 20): every
path the pages name exists, the development page's table of the Discord adapter names each of its
modules and packages (and nothing gone), and no docstring names a module that is gone."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = ROOT / "bot" / "discord"
DEVELOPMENT = ROOT / "docs" / "development.md"
CODE = re.compile(r"`([^`\s]+)`")


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def named_paths(page: Path) -> set[str]:
    """The repository paths `page` names in code spans (`bot/web/static`, `bot/games/*/look.py`),
    leaving out placeholders (`bot/service/...`, `{en,de}.json`)."""
    tops = {path.name for path in ROOT.iterdir() if not path.name.startswith(".")}
    return {
        name.rstrip("/")
        for name in CODE.findall(page.read_text())
        if "/" in name and name.split("/")[0] in tops and not re.search(r"\.\.\.|[{}]", name)
    }


def test_every_path_the_pages_name_exists():
    missing = [
        f"{page.name}: {name}"
        for page in pages()
        for name in sorted(named_paths(page))
        if not list(ROOT.glob(name))
    ]
    assert missing == []


def adapter_parts() -> set[str]:
    """The modules and packages directly in `bot/discord`, as the table writes them."""
    return {
        f"{path.name}/" if path.is_dir() else path.name
        for path in ADAPTER.iterdir()
        if path.name not in {"__init__.py", "__pycache__"}
    }


def adapter_table() -> set[str]:
    """What the first column of the development page's table of the adapter's layers names."""
    text = DEVELOPMENT.read_text()
    table = text[text.index("The Discord adapter, `bot/discord/`") :].split("\n\n")[1]
    rows = [row.split("|")[1] for row in table.splitlines()[2:]]
    return {name for row in rows for name in CODE.findall(row)}


def test_the_development_pages_adapter_table_names_each_module_of_the_adapter():
    assert adapter_table() == adapter_parts()


def test_the_adapters_docstring_names_each_of_its_modules():
    docstring = ast.get_docstring(ast.parse((ADAPTER / "__init__.py").read_text())) or ""
    named = {name for name in CODE.findall(docstring) if re.fullmatch(r"[a-z_]+", name)}
    assert named == {part.removesuffix("/").removesuffix(".py") for part in adapter_parts()}


def docstrings(path: Path) -> list[str]:
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    nodes = [node for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, kinds)]
    return [doc for node in nodes if (doc := ast.get_docstring(node))]


def exists(dotted: str) -> bool:
    """Whether `dotted` (`bot.discord.posting.courier`, `bot.store.Db`) is a module of the bot,
    or a name in one."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(found, name):
                return False
            found = getattr(found, name)
        return True
    return False


def test_no_docstring_names_a_module_that_is_gone():
    gone = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in sorted((ROOT / "bot").rglob("*.py"))
        for doc in docstrings(path)
        for name in re.findall(r"`(bot(?:\.\w+)+)", doc)
        if not exists(name)
    ]
    assert gone == []
