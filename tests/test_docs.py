"""The documentation a clone carries: README.md and the pages of docs/.

Every relative link leads somewhere (a file, and for `#anchor` a heading of it, named as GitHub
names headings), the README stays short enough to read to the end, every page says whom it is
for, and the rules reference carries exactly the rule ids the tests are named after.
"""

from __future__ import annotations

import ast
import re
import unicodedata
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token

from bot.games import GAMES
from bot.i18n import LANGUAGES, text
from bot.words.games import rules_text

ROOT = Path(__file__).resolve().parent.parent
README_LINES = 350
RULES = Path("docs") / "rules.md"
# A rule id as the tests write it in their names: P7, V10, E3 (E3a is part a of example E3).
TEST_NAME_ID = re.compile(r"^([PVE]\d+)[a-z]?$")
RULE_ID = re.compile(r"(?<![A-Za-z0-9])([PVE]\d+)(?!\d)")
# GitHub keeps letters, marks, decimal and letter numbers, connector punctuation (`_`), hyphens
# and spaces of a heading's text, lower-cased, and turns each space into a hyphen (its
# html-pipeline TOC filter: /[^\p{Word}\- ]/u); a repeated slug gets -1, -2, ...
KEPT_CATEGORIES = {"Nd", "Nl", "Pc"}

PARSER = MarkdownIt("commonmark").enable("table")


def documents(root: Path) -> list[Path]:
    """README.md, the release notes (where there are any) and every page of docs/, relative to
    `root`."""
    notes = [Path("CHANGELOG.md")] if (root / "CHANGELOG.md").exists() else []
    pages = sorted(p.relative_to(root) for p in root.glob("docs/*.md"))
    return [Path("README.md"), *notes, *pages]


def inline_tokens(tokens: list[Token]) -> Iterator[Token]:
    """Every inline child token (text, code, links, images) of a parsed document."""
    for token in tokens:
        yield from token.children or ()


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading whose rendered text is `heading`."""
    kept = (
        c
        for c in heading.lower()
        if c in "- "
        or unicodedata.category(c)[0] in "LM"
        or unicodedata.category(c) in KEPT_CATEGORIES
    )
    return "".join(kept).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """The anchors of a document's headings, repeated slugs numbered as GitHub numbers them."""
    tokens = PARSER.parse(markdown)
    found: set[str] = set()
    for opening, inline in pairwise(tokens):
        if opening.type != "heading_open":
            continue
        words = "".join(
            child.content
            for child in inline.children or ()
            if child.type in {"text", "code_inline"}
        )
        base = name = slug(words)
        count = 0
        while name in found:
            count += 1
            name = f"{base}-{count}"
        found.add(name)
    return found


def headings_of(path: Path) -> set[str]:
    """The anchors of the Markdown file at `path` (none for a file of another kind)."""
    return anchors(path.read_text(encoding="utf-8")) if path.suffix == ".md" else set()


def links(markdown: str) -> list[str]:
    """Every link and image target of a document (not the text of code spans or blocks)."""
    targets = []
    for token in inline_tokens(PARSER.parse(markdown)):
        if token.type == "link_open":
            targets.append(str(token.attrGet("href")))
        elif token.type == "image":
            targets.append(str(token.attrGet("src")))
    return targets


def broken_links(root: Path) -> list[str]:
    """Each relative link of README.md and docs/ that leads to no file, or to no heading there."""
    broken = []
    for document in documents(root):
        for target in links((root / document).read_text(encoding="utf-8")):
            parts = urlsplit(target)
            if parts.scheme or parts.netloc:
                continue  # an absolute address: not the clone's to keep
            path = (root / document).parent / unquote(parts.path) if parts.path else root / document
            if not path.exists():
                broken.append(f"{document}: {target} (no such file)")
            elif parts.fragment and parts.fragment not in headings_of(path):
                broken.append(f"{document}: {target} (no such heading)")
    return broken


def test_every_relative_link_resolves() -> None:
    assert broken_links(ROOT) == []


def test_the_link_check_finds_missing_files_and_headings(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text(
        "# Title\n\n## What's new: `v2` & more\n\n## Setup\n\n## Setup\n\n"
        "[ok](#whats-new-v2--more) [ok](#setup-1) [ok](docs/page.md#a-b) [ok](https://x.org/y.md)\n"
        "[gone](docs/gone.md) [gone](#setup-2) [gone](docs/page.md#nowhere)\n"
        "![gone](docs/images/none.png) `[code](docs/code.md)`\n\n"
        "| a | b |\n| --- | --- |\n| [in a table](docs/table.md) | x |\n",
        encoding="utf-8",
    )
    (tmp_path / "docs" / "page.md").write_text("# Page\n\n## A b\n\n[up](../README.md#setup)\n")
    assert broken_links(tmp_path) == [
        "README.md: docs/gone.md (no such file)",
        "README.md: #setup-2 (no such heading)",
        "README.md: docs/page.md#nowhere (no such heading)",
        "README.md: docs/images/none.png (no such file)",
        "README.md: docs/table.md (no such file)",
    ]


def test_the_readme_is_short_enough_to_read_to_the_end() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) < README_LINES, f"README.md has {len(lines)} lines"


def test_every_page_says_whom_it_is_for() -> None:
    for page in documents(ROOT)[1:]:
        blocks = (ROOT / page).read_text(encoding="utf-8").split("\n\n")
        assert blocks[0].startswith("# "), page
        assert blocks[1].startswith("*For "), f"{page} does not open by saying whom it is for"


def test_the_tests_and_the_rules_both_name_rule_ids() -> None:
    """Else the two checks below would pass on nothing."""
    assert {"P1", "P20", "V1", "V13", "E3"} <= ids_in_test_names()
    assert {"P1", "P20", "V1", "V13", "E3"} <= ids_in_rules()


def ids_in_test_names() -> set[str]:
    """The rule ids the tests are named after (`test_P7_no_group_above_four` names P7)."""
    found = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            functions = ast.FunctionDef | ast.AsyncFunctionDef
            if isinstance(node, functions) and node.name.startswith("test_"):
                words = (TEST_NAME_ID.match(word) for word in node.name.split("_"))
                found |= {match.group(1) for match in words if match}
    return found


def ids_in_rules() -> set[str]:
    """The rule ids docs/rules.md names."""
    return set(RULE_ID.findall((ROOT / RULES).read_text(encoding="utf-8")))


def test_the_rules_carry_every_rule_id_the_tests_are_named_after() -> None:
    assert sorted(ids_in_test_names() - ids_in_rules()) == []


def test_the_rules_name_no_id_the_tests_do_not_know() -> None:
    assert sorted(ids_in_rules() - ids_in_test_names()) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_in_discord_link_to_each_games_section_of_the_rules(language: str) -> None:
    """`/rules` answers with a game's summary and, where docs/rules.md is published
    (`RULES_URL`: a Discord message cannot link to a path), a link to the game's section."""
    published = "https://example.org/bot/blob/main/" + RULES.as_posix()
    sections = anchors((ROOT / RULES).read_text(encoding="utf-8"))
    for kind in GAMES:
        summary = rules_text(language, kind.key, published)
        (anchor,) = re.findall(rf"<{re.escape(published)}#([^>]+)>", summary)
        assert anchor in sections, (kind.key, anchor)
        assert anchor == slug(text("en", kind.title_key)), kind.key  # its own section


def test_the_rules_title_each_board_by_its_size_as_challenge_offers_it() -> None:
    """Issue 52, point 8: boards are named by their size wherever a newcomer reads them, and
    `/rules` sends them to docs/rules.md, whose board rules were titled 'classic' and 'online'
    (the stored names) while /challenge offered the sizes."""
    rules = (ROOT / RULES).read_text(encoding="utf-8")
    titles = re.findall(r"^\*\*[PV]\d+ — ([^*]+)\.\*\*", rules, re.M)
    for kind in GAMES:
        for variant in kind.variants if len(kind.variants) > 1 else ():
            size = text("en", f"variant.{variant}")
            assert f"{size} (`{variant}`)" in titles, (size, titles)
