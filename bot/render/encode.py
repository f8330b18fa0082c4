"""Encoding: one fixed palette shared by every image, then PNG or GIF bytes.

Every image is drawn in a few dozen flat theme colours plus the antialiased edges between them, so
255 palette entries hold it without visible change. Mapping to a fixed palette costs about a
millisecond, and a one-byte-per-pixel PNG encodes several times faster and smaller than RGB. The
GIF replay shares the palette across frames, so no frame is quantised on its own and unchanged
pixels can be marked with the one index the palette leaves free.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import astuple
from functools import cache

from PIL import Image

from bot.render.theme import RGB, Theme

TRANSPARENT = 255
"""The palette index no drawn pixel uses: GIF frames mark unchanged pixels with it."""
_UNUSED: RGB = (255, 0, 255)  # its colour, far from everything the theme draws

PNG_COMPRESS_LEVEL = 4
"""zlib level for PNGs: on a palette image level 4 costs about 1.5 ms more than level 1 and saves a
fifth of the bytes; level 6 costs another 2.5 ms for a tenth, level 9 ten times as much."""


def _theme_colours(theme: Theme) -> list[RGB]:
    """The theme's colours without repeats, in declaration order."""
    return list(dict.fromkeys(astuple(theme)))


_FREQUENT = 96  # palette entries given to the commonest sample colours (flat areas, sprites)


def _counts(images: Sequence[Image.Image]) -> Counter[RGB]:
    """How many pixels of `images` have each colour."""
    counts: Counter[RGB] = Counter()
    for image in images:
        found = image.getcolors(image.width * image.height)
        assert found is not None
        for count, colour in found:
            assert isinstance(colour, tuple)  # an RGB image counts colour triples
            counts[(colour[0], colour[1], colour[2])] += count
    return counts


def _cover(colours: Sequence[RGB], entries: int) -> list[RGB]:
    """`entries` colours spread over `colours`, each counted once: rare antialiased edge colours
    weigh as much as common ones."""
    if not colours or entries <= 0:
        return []
    row = Image.new("RGB", (len(colours), 1))
    row.putdata(list(colours))
    flat = row.quantize(colors=entries, method=Image.Quantize.MAXCOVERAGE).getpalette() or []
    return [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, min(len(flat), 3 * entries), 3)]


def build_palette(
    samples: Sequence[Image.Image], theme: Theme, colours: Sequence[RGB] = ()
) -> Image.Image:
    """A palette image for the renderings of `theme`, from rendered `samples`.

    Flat colours are kept exactly (the theme's colours, the games' own `colours`, then the
    commonest sample colours, such as the tones of a stone); the remaining entries cover the
    edge colours; index `TRANSPARENT` gets a colour nothing is drawn in.
    """
    counts = _counts(samples)
    exact = list(dict.fromkeys([*_theme_colours(theme), *colours]))
    common = (colour for colour, _count in counts.most_common() if colour not in exact)
    exact += [colour for colour, _ in zip(common, range(_FREQUENT), strict=False)]
    rest = sorted(set(counts) - set(exact))
    entries = exact + [c for c in _cover(rest, TRANSPARENT - len(exact)) if c not in exact]
    # Pad (a sample this plain never happens, but the index must stay free) and reserve the last.
    entries = [*entries, *[exact[0]] * TRANSPARENT][:TRANSPARENT]
    entries.append(_UNUSED)
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in entries for channel in colour])
    return palette


SampleSource = Callable[[Theme], Sequence[Image.Image]]
_SAMPLES: list[SampleSource] = []
_COLOURS: list[RGB] = []


def add_palette_samples(source: SampleSource, colours: Iterable[RGB] = ()) -> None:
    """Let the palette cover what `source` draws, with the game's own flat `colours` exactly
    (each game adds its sample positions when its package is imported, before anything is
    drawn)."""
    _SAMPLES.append(source)
    _COLOURS.extend(colours)
    palette.cache_clear()


@cache
def palette(theme: Theme) -> Image.Image:
    """The palette for `theme`, built once from the sample positions the games added."""
    samples = [image for source in _SAMPLES for image in source(theme)]
    return build_palette(samples, theme, _COLOURS)


def paletted(image: Image.Image, theme: Theme) -> Image.Image:
    """`image` mapped to the fixed palette (nearest colour, no dithering)."""
    return image.quantize(palette=palette(theme), dither=Image.Dither.NONE)


def png_bytes(image: Image.Image, theme: Theme) -> bytes:
    """`image` as PNG bytes, through the fixed palette."""
    buffer = io.BytesIO()
    paletted(image, theme).save(buffer, "PNG", compress_level=PNG_COMPRESS_LEVEL, optimize=False)
    return buffer.getvalue()
