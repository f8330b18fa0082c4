"""The animated replay of a whole game: one GIF frame per turn, the last one held longer.

Every frame is drawn by the game's own renderer (see `bot.games`) and mapped to the shared palette
(see `encode`), so no frame is quantised on its own; `gif` stores each one as the part that changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from PIL import Image

from bot.render.encode import paletted
from bot.render.gif import write_gif
from bot.render.theme import DEFAULT_THEME, DEFAULT_WIDTH, Theme

FRAME_MS = 600
"""How long each turn is shown."""
LAST_FRAME_MS = 4000
"""How long the final position is shown before the animation starts again."""
MAX_BYTES = 8 * 1024 * 1024 - 64 * 1024
"""Discord's 8 MiB upload limit for an unboosted server, less room for the request around it."""

FrameSource = Callable[[int], Iterable[Image.Image]]
"""Draws a game's frames at a given width, one per turn (a game's `frames`, partly applied)."""


def _thinned(images: Iterable[Image.Image], step: int) -> Iterator[Image.Image]:
    """Every `step`-th image from the first, and always the last (it shows the result)."""
    held = None
    for index, image in enumerate(images):
        if index % step == 0:
            held = None
            yield image
        else:
            held = image
    if held is not None:
        yield held


def _attempts(width: int, turns: int) -> Iterator[tuple[int, int]]:
    """(width, keep every n-th frame) to try in turn: full size, smaller, then fewer frames,
    ending with the first and last frame only."""
    yield from ((width, 1), (width * 3 // 4, 1), (width // 2, 1))
    step = 2
    while step < turns:
        yield width // 2, step
        step *= 2
    yield width // 2, max(turns, 1)


def render_replay(
    frames: FrameSource,
    turns: int,
    *,
    width: int = DEFAULT_WIDTH,
    frame_ms: int = FRAME_MS,
    last_frame_ms: int = LAST_FRAME_MS,
    max_bytes: int = MAX_BYTES,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """An animated GIF of the `frames` of a game of `turns` moves: each frame shown `frame_ms`,
    the last one `last_frame_ms`.

    Should the animation exceed `max_bytes`, the frames are drawn smaller (three quarters, then
    half the width), then only every second (fourth, ...) turn is kept, so that it fits. Takes
    seconds for a long game: run it off the event loop.
    """
    data = b""
    for size, step in _attempts(width, turns):
        images = _thinned(frames(size), step)
        data = write_gif(
            (paletted(image, theme) for image in images), frame_ms * step, last_frame_ms
        )
        if len(data) <= max_bytes:
            break
    return data
