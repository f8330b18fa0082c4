"""A sample Verbindung gesucht game, drawn once to choose the images' shared palette.

It holds every die face with its halos, a roll, the bases, both players' networks and a result.
"""

from __future__ import annotations

from PIL import Image

from bot.games.verbindung.drawing import verbindung_image
from bot.render.theme import Theme
from engine.verbindung import VerbindungGame

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


def palette_samples(theme: Theme) -> list[Image.Image]:
    """The sample game drawn in `theme`: with a roll to play, and after a resignation."""
    verbindung = VerbindungGame.from_text(VERBINDUNG_SAMPLE + "roll black-cross white-cross arcs\n")
    images = [verbindung_image(verbindung, theme=theme)]
    verbindung = VerbindungGame.from_text(VERBINDUNG_SAMPLE + "resign red\n")
    images.append(verbindung_image(verbindung, theme=theme))
    return images
