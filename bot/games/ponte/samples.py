"""A sample Ponte del Diavolo game, drawn once to choose the images' shared palette.

It holds every kind of thing the Ponte images draw: islands and sandbanks of both colours, bridges
(a knight's bridge highlighted as the last turn), blocked fields, and a result.
"""

from __future__ import annotations

from PIL import Image

from bot.games.ponte.drawing import ponte_image
from bot.render.theme import Theme
from engine.ponte import PonteGame

PONTE_SAMPLE = """\
b12 l10
h4 h5
a6 d8
i4 l2
c8 d12
d2 h3
c9 d1
d10 k2
d7 e3
k1 k5
f3 g3
e9 k3
g2 j8
i4-k2
c1 j7
b10 c10
b6 j9
c2 d3
c12 i9
c3 f6
b1 e12
e8 f12
a1 l6
e7 f11
d1-f3
e11 h7
a7 a8
a4 h8
b6-d7
g7 l7
f7 f8
f5 i12
f9 g9
a5 f4
g9-i9
a2 a3
l8 l9
a3-c3
d5 l11
"""


def palette_samples(theme: Theme) -> list[Image.Image]:
    """The sample game drawn in `theme`: in play, after a bridge, and after a resignation."""
    ponte = PonteGame.from_text(PONTE_SAMPLE)
    images = [ponte_image(ponte, theme=theme)]
    ponte.play("f4-h5")  # a knight's bridge for red, highlighted as the last turn
    images.append(ponte_image(ponte, theme=theme))
    ponte.play("resign white")
    images.append(ponte_image(ponte, theme=theme))
    return images
