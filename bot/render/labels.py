"""Every word the board images draw, so that the Discord layer can pass them in another language.

Numbers are drawn as numbers; everything else comes from a `Labels`: the words every game draws as
its fields, and each game's own words in `words` (which the game reads through a dataclass of its
own with English defaults: `own_words`). Entries with ``{name}`` are templates filled with a
player's display name (word order differs between languages).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


@dataclass(frozen=True, slots=True)
class Labels:
    """The words of the images, English by default.

    Pass another instance (for example ``Labels(winner="Sieger", words={"points": "Punkte"})``)
    to draw them in another language. A template should keep its ``{name}`` field (see
    `with_name`).
    """

    white: str = "White"
    red: str = "Red"
    black: str = "Black"
    to_move: str = "to move"
    turn: str = "turn"
    last_turn: str = "last turn"
    passed: str = "{name} passed"
    winner: str = "winner"
    wins: str = "{name} wins"
    draw: str = "Draw"
    resigned: str = "{name} resigned"
    words: Mapping[str, str] = field(default_factory=dict)  # the games' own words, by name


ENGLISH = Labels()
"""The default labels."""


def with_name(template: str, name: str) -> str:
    """`template` with ``{name}`` replaced by `name`; never raises, whatever braces either holds."""
    return template.replace("{name}", name)


W = TypeVar("W", bound="DataclassInstance")
"""A game's own words: a dataclass whose fields are texts with English defaults."""


def own_words(kind: type[W], labels: Labels) -> W:
    """A game's words (a dataclass of texts) in the language of `labels`: each field from
    `labels.words` where it has one, else the field's English default."""
    given = {f.name: labels.words[f.name] for f in fields(kind) if f.name in labels.words}
    return kind(**given)
