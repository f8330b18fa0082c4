"""What every board image shares, whatever the game: pure functions from data to image bytes.

The board grid and its wooden plate (`board`), the header with the players' cards (`panel`), the
colours (`theme`), fonts and text fitting (`text`), antialiased sprites (`sprites`), the one palette
every image is mapped to and its PNG encoding (`encode`), and the animated replay (`replay`, `gif`).
Each game draws its own position with these (see `bot.games`); every word drawn comes from a
`Labels`, so the caller can pass another language.

Everything here is CPU-bound and its caches hold only finished, never-changed results: call it
from worker threads (`asyncio.to_thread`), never on the event loop.
"""

from bot.render.labels import ENGLISH, Labels
from bot.render.replay import FRAME_MS, LAST_FRAME_MS, MAX_BYTES, FrameSource, render_replay
from bot.render.theme import DEFAULT_THEME, DEFAULT_WIDTH, Theme

__all__ = [
    "DEFAULT_THEME",
    "DEFAULT_WIDTH",
    "ENGLISH",
    "FRAME_MS",
    "LAST_FRAME_MS",
    "MAX_BYTES",
    "FrameSource",
    "Labels",
    "Theme",
    "render_replay",
]
