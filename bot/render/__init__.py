"""Board images of both games: pure functions from an engine position to image bytes.

    render_ponte(game, players) -> PNG bytes        ponte_image(...) -> PIL image
    render_verbindung(game, players) -> PNG bytes   verbindung_image(...) -> PIL image
    render_replay(game, players) -> GIF bytes       (one frame per turn, under 8 MiB)

`players` maps each colour to a display name; every word drawn comes from a `Labels` (English by
default), so the caller can pass another language. The layouts (`ponte_layout`,
`verbindung_layout`) tell where each field is drawn. Everything here is CPU-bound and its caches
hold only finished, never-changed results: call it from worker threads (`asyncio.to_thread`), never
on the event loop. The first image in a process takes about 0.3 s (the palette and the sprites are
built once); later ones take a few milliseconds.
"""

from bot.render.labels import ENGLISH, Labels
from bot.render.ponte import PonteLayout, layout_of, ponte_image, ponte_layout, render_ponte
from bot.render.replay import FRAME_MS, LAST_FRAME_MS, MAX_BYTES, frames, render_replay
from bot.render.theme import DEFAULT_WIDTH
from bot.render.verbindung import (
    VerbindungLayout,
    render_verbindung,
    verbindung_image,
    verbindung_layout,
)
from engine.ponte import PonteGame
from engine.verbindung import VerbindungGame


def warm_up() -> None:
    """Build the caches (palette, sprites, backgrounds) that the first image would otherwise
    build while a player waits: a few hundred milliseconds, once per process."""
    render_ponte(PonteGame("online"))
    render_ponte(PonteGame("classic"))
    render_verbindung(VerbindungGame())


__all__ = [
    "DEFAULT_WIDTH",
    "ENGLISH",
    "FRAME_MS",
    "LAST_FRAME_MS",
    "MAX_BYTES",
    "Labels",
    "PonteLayout",
    "VerbindungLayout",
    "frames",
    "layout_of",
    "ponte_image",
    "ponte_layout",
    "render_ponte",
    "render_replay",
    "render_verbindung",
    "verbindung_image",
    "verbindung_layout",
    "warm_up",
]
