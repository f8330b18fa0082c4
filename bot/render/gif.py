"""A streaming GIF writer for the replay: each frame is stored as the rectangle that changed since
the previous one, with the unchanged pixels inside it set to the palette's transparent index.

Frames are written as they come, so a long replay holds two frames in memory rather than all of
them, and the size does not depend on which frame optimisations a Pillow version makes on its own.
Pillow's GIF encoder still writes the header and the LZW data (`getheader`, `getdata`).
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from PIL import GifImagePlugin, Image, ImageChops

from bot.render.encode import TRANSPARENT

_UNCHANGED = [255, *(0,) * 255]  # a difference of 0 becomes a set bit of the mask


def _indices(image: Image.Image) -> Image.Image:
    """The palette indices of `image` as a greyscale image (no colour lookup)."""
    return Image.frombytes("L", image.size, image.tobytes())


def _delta(previous: Image.Image, current: Image.Image) -> tuple[Image.Image, tuple[int, int]]:
    """What to draw over `previous` to get `current`: a cropped frame and where it goes."""
    difference = ImageChops.difference(_indices(previous), _indices(current))
    box = difference.getbbox()
    if box is None:
        still = Image.new("P", (1, 1), TRANSPARENT)
        still.putpalette(current.getpalette() or [])
        return still, (0, 0)
    part = current.crop(box)
    part.paste(TRANSPARENT, mask=difference.crop(box).point(_UNCHANGED, "1"))
    return part, (box[0], box[1])


def _write_frame(out: io.BytesIO, frame: Image.Image, offset: tuple[int, int], ms: int) -> None:
    # Disposal 1 ("leave in place") makes every viewer draw the next frame over this one.
    for chunk in GifImagePlugin.getdata(
        frame, offset, duration=ms, transparency=TRANSPARENT, disposal=1
    ):
        out.write(chunk)


def write_gif(frames: Iterable[Image.Image], frame_ms: int, last_frame_ms: int) -> bytes:
    """A looping GIF of `frames` (palette images of one size sharing one palette): each shown
    `frame_ms`, the last one `last_frame_ms`. Raises `ValueError` when there are no frames."""
    out = io.BytesIO()
    previous: Image.Image | None = None
    pending: tuple[Image.Image, tuple[int, int]] | None = None
    for current in frames:
        if previous is None:
            header, _ = GifImagePlugin.getheader(
                current, info={"loop": 0, "transparency": TRANSPARENT}
            )
            out.write(b"".join(header))
            part = (current, (0, 0))
        else:
            part = _delta(previous, current)
        if pending is not None:
            _write_frame(out, *pending, frame_ms)
        # Held back one step: only the last frame learns that it is the last.
        pending, previous = part, current
    if pending is None:
        raise ValueError("an animation needs at least one frame")
    _write_frame(out, *pending, last_frame_ms)
    out.write(b";")
    return out.getvalue()
