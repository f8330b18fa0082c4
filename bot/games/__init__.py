"""The registry of games: the one place in the bot that knows which games exist.

Each game registers one `GameSpec` (its rules adapter, images, suggestions, computer player and
texts) under its key; everything else in the bot looks games up here and never names one. A new
game is an engine package, a spec and one `register` call (the tests register a toy game).
"""

from __future__ import annotations

from typing import cast

from bot.games import ponte, verbindung
from bot.games.spec import Ending, G, GameSpec, M, Note, Players, Position, RollNotYoursError
from engine.game import Termination

SomeSpec = GameSpec[Position, object]
"""The spec of some game, its own types forgotten. The layers above hold a game's positions
and moves only as they came from its spec and hand them back to the same spec, so forgetting
the types is safe; this is the one place they are forgotten."""

_SPECS: dict[str, SomeSpec] = {}


def register(spec: GameSpec[G, M]) -> None:
    """Make `spec`'s game known to the bot; raise `ValueError` if its key is taken."""
    if spec.key in _SPECS:
        raise ValueError(f"a game called {spec.key!r} is registered already")
    _SPECS[spec.key] = cast(SomeSpec, spec)


def unregister(key: str) -> None:
    """Forget a game (for tests that register one of their own)."""
    del _SPECS[key]


def spec(key: str) -> SomeSpec:
    """The game registered under `key`; raise `KeyError`."""
    return _SPECS[key]


def specs() -> tuple[SomeSpec, ...]:
    """Every registered game, in the order they were registered."""
    return tuple(_SPECS.values())


register(ponte.SPEC)
register(verbindung.SPEC)

__all__ = [
    "Ending",
    "GameSpec",
    "Note",
    "Players",
    "Position",
    "RollNotYoursError",
    "SomeSpec",
    "Termination",
    "register",
    "spec",
    "specs",
    "unregister",
    "warm_up",
]


def warm_up() -> None:
    """Draw a new game of every variant of every game once, so that the caches (the palette,
    sprites, backgrounds) are built now and not while a player waits: a few hundred
    milliseconds, once per process."""
    for game_spec in specs():
        for variant in game_spec.variants:
            game_spec.png(game_spec.new(variant), {})
