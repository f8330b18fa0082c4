"""Boards are named by their size wherever players read them (issue 52, point 8): each variant's
name in every language is its board's size (12 by 12), its choice in /challenge begins with it,
and a size typed for a variant is that variant, while the stored names ("online", "classic")
are still accepted as they always were."""

from __future__ import annotations

import re

import pytest

from bot.games import GAMES, SomeKind
from bot.i18n import LANGUAGES, catalogue

SIZE = re.compile(r"[0-9]+\N{MULTIPLICATION SIGN}[0-9]+")
KINDS = list(GAMES)
TIMES = "\N{MULTIPLICATION SIGN}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.key)
def test_each_variant_is_named_by_its_boards_size(kind: SomeKind, language: str) -> None:
    messages = catalogue()
    for variant in kind.variants:
        name = messages.text(language, f"variant.{variant}")
        assert SIZE.fullmatch(name), (variant, name)
        assert messages.text(language, f"choice.variant.{variant}").startswith(name)
        size = name.replace(TIMES, "x")
        assert kind.BOARD_SIZES[size] == variant  # the size shown is a size accepted


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.key)
def test_a_variant_is_read_by_its_name_or_its_boards_size(kind: SomeKind) -> None:
    for size, variant in kind.BOARD_SIZES.items():
        assert kind.check_variant(variant) == variant  # the stored name, as before
        assert kind.check_variant(variant.upper()) == variant
        assert kind.check_variant(size) == variant
        assert kind.check_variant(f" {size.replace('x', TIMES)} ") == variant
        assert kind.check_variant(size.replace("x", " X ")) == variant
    assert set(kind.BOARD_SIZES.values()) == set(kind.variants)
    with pytest.raises(ValueError):
        kind.check_variant("99x99")
