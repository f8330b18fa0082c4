"""Colours and the two variants of Ponte del Diavolo (P1, P2)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.errors import InvalidMoveError


class Colour(enum.StrEnum):
    """A stone colour. White moves first (P3); the pie rule may change who owns which (P4)."""

    WHITE = "white"
    RED = "red"

    @property
    def other(self) -> Colour:
        """The opposing colour."""
        return Colour.RED if self is Colour.WHITE else Colour.WHITE

    def __repr__(self) -> str:
        return f"Colour.{self.name}"


@dataclass(frozen=True, slots=True)
class Variant:
    """Board size and supplies; `None` supplies are unlimited."""

    name: str
    size: int
    stones_per_colour: int | None
    bridges: int | None
    rule: str  # the rule id that defines the variant, for errors about its limits


CLASSIC = Variant("classic", 10, stones_per_colour=40, bridges=15, rule="P1")
ONLINE = Variant("online", 12, stones_per_colour=None, bridges=None, rule="P2")
VARIANTS = {variant.name: variant for variant in (ONLINE, CLASSIC)}
DEFAULT_VARIANT = ONLINE


def get_variant(variant: str | Variant) -> Variant:
    """The variant named `variant` (``online`` or ``classic``); raise `InvalidMoveError`."""
    if isinstance(variant, Variant):
        return variant
    try:
        return VARIANTS[variant.strip().lower()]
    except KeyError:
        names = ", ".join(VARIANTS)
        raise InvalidMoveError(f"unknown variant {variant!r}; choose one of {names}") from None
