"""The registry of games: the one place in the bot that knows which games exist.

Each game is one `GameKind` (its images, suggestions, notes, chance, computer player and texts,
over the engine's own rules); everything else in the bot looks games up in a `Registry` and never
names one. `GAMES` holds the games the bot offers; a new game is an engine package, a kind and
one more entry there (the tests build a registry with a toy game of their own).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from bot.games.kind import SUGGESTIONS, GameKind, Note, Players, SomeGame
from bot.games.ponte import PONTE
from bot.games.verbindung import VERBINDUNG

SomeKind = GameKind[SomeGame]
"""The kind of some game, as the layers above hold it (see `bot.games.kind.SomeGame`)."""


class Registry:
    """The games a bot offers, by key, in the order given."""

    def __init__(self, kinds: Iterable[GameKind[Any]]) -> None:
        # Any: each kind keeps its own engine class, which no one type can say (see `kind`).
        self._kinds: dict[str, GameKind[Any]] = {}
        for kind in kinds:
            if kind.key in self._kinds:
                raise ValueError(f"a game called {kind.key!r} is registered already")
            self._kinds[kind.key] = kind

    def kind(self, key: str) -> SomeKind:
        """The game registered under `key`; raise `KeyError`."""
        return self._kinds[key]

    def __iter__(self) -> Iterator[SomeKind]:
        return iter(self._kinds.values())

    def __len__(self) -> int:
        return len(self._kinds)

    def __contains__(self, key: object) -> bool:
        return key in self._kinds

    def keys(self) -> tuple[str, ...]:
        """The keys of the games, in order."""
        return tuple(self._kinds)

    def with_kind(self, kind: GameKind[Any]) -> Registry:
        """A registry with these games and `kind` besides; raise `ValueError` if its key is
        taken."""
        return Registry([*self._kinds.values(), kind])

    def warm_up(self) -> None:
        """Draw a new game of every variant of every game once, so that the caches (the
        palette, sprites, backgrounds) are built now and not while a player waits: a few
        hundred milliseconds, once per process."""
        for kind in self:
            for variant in kind.variants:
                kind.png(kind.new(variant), {})


GAMES = Registry((PONTE, VERBINDUNG))
"""The games the bot offers."""

__all__ = [
    "GAMES",
    "SUGGESTIONS",
    "GameKind",
    "Note",
    "Players",
    "Registry",
    "SomeGame",
    "SomeKind",
]
