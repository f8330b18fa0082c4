"""Sample positions of both games, drawn once to choose the shared palette (see `encode`).

They hold every kind of thing the renderers draw: islands and sandbanks of both colours, bridges,
blocked fields, both highlights, every die face with halos, a roll, pills and results.
"""

from __future__ import annotations

from PIL import Image

from bot.render.ponte import ponte_image
from bot.render.theme import Theme
from bot.render.verbindung import verbindung_image
from engine.ponte import record_lines, replay
from engine.verbindung import load_text

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

VERBINDUNG_SAMPLE = """\
roll black-cross black-bridge
black-bridge f5 ns, black-cross f4
roll red-cross red-bridge black-bridge
red-bridge f6 ew, red-cross e6
roll red-bridge red-bridge
red-bridge b6 ns, red-bridge e5 ew
roll red-cross red-bridge arcs
arcs a6 nw, exchange e6
roll white-cross red-bridge black-bridge
white-cross a5
roll red-bridge red-bridge arcs
pass
roll black-cross red-bridge black-bridge
pass
roll red-cross red-cross black-cross
red-cross d5, red-cross c5
roll white-cross red-bridge black-bridge
white-cross e1
roll white-cross black-bridge black-bridge
black-bridge e4 ew, white-cross d4
roll red-cross white-cross arcs
arcs d1 sw, white-cross e3
roll white-cross black-bridge black-bridge
black-bridge d6 ns, white-cross f1
"""


def sample_images(theme: Theme) -> list[Image.Image]:
    """The sample positions drawn in `theme`: each game in play and after a resignation."""
    ponte = replay(record_lines(PONTE_SAMPLE))
    images = [ponte_image(ponte, theme=theme)]
    ponte.play("f4-h5")  # a knight's bridge for red, highlighted as the last turn
    images.append(ponte_image(ponte, theme=theme))
    ponte.play("resign white")
    images.append(ponte_image(ponte, theme=theme))
    verbindung = load_text(VERBINDUNG_SAMPLE + "roll black-cross white-cross arcs\n")
    images.append(verbindung_image(verbindung, theme=theme))
    verbindung = load_text(VERBINDUNG_SAMPLE + "resign red\n")
    images.append(verbindung_image(verbindung, theme=theme))
    return images
