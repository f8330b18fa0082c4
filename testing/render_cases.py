"""Positions for the render tests, built by real, checked play, and pixel helpers.

Pixel positions come from the renderers' layouts (`layout.centre(field)`), never from numbers
copied out of an image; colours are judged by kind (white, dark red, black, blue) or against the
theme, which is the specification of what each thing looks like.
"""

from __future__ import annotations

import io
import math

from PIL import Image

from engine.ponte import PonteGame
from engine.verbindung import VerbindungGame

RGB = tuple[int, int, int]


def ponte(*moves: str, variant: str = "online") -> PonteGame:
    """A Ponte del Diavolo game after `moves`, each checked."""
    game = PonteGame(variant)
    for move in moves:
        game.play(move)
    return game


def verbindung(*events: str) -> VerbindungGame:
    """A Verbindung gesucht game after `events` (rolls and turns), each checked."""
    game = VerbindungGame()
    for event in events:
        game.play(event)
    return game


# White stones c3 d5 (a knight's jump apart), red h8 h10; white to move.
OPENING = ("c3 d5", "h8 h10")
# White island a1-a4 (vertical), white sandbank c1 c2 c3; red to move.
ISLAND_AND_SANDBANK = ("a1 a2", "h8 h10", "a3 a4", "h1 h3", "c1 c2", "j8 j10", "c3 k12")
# RULES.md E5: parallel knight's bridges c3-e4 and c4-e5, both over d4.
PARALLEL = ("c3 e4", "h8 h10", "c4 e5", "j1 j3", "c3-e4", "j5 j7", "c4-e5")


def decode(data: bytes) -> Image.Image:
    """Image bytes opened and loaded."""
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def pixel(image: Image.Image, xy: tuple[float, float]) -> RGB:
    """The RGB colour at `xy` (rounded to the nearest pixel)."""
    value = image.getpixel((round(xy[0]), round(xy[1])))
    assert isinstance(value, tuple)
    return value[0], value[1], value[2]


def pixels(image: Image.Image) -> list[RGB]:
    """Every pixel's RGB colour, row by row."""
    data = image.convert("RGB").tobytes()
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]


def near(colour: RGB, expected: RGB, tolerance: int = 24) -> bool:
    """Whether every channel of `colour` lies within `tolerance` of `expected`."""
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=True))


def is_white(colour: RGB) -> bool:
    """Near white (a white stone or path)."""
    return min(colour) >= 215


def is_light(colour: RGB) -> bool:
    """Light and grey rather than wooden: a white plank, not the board."""
    return min(colour) >= 150 and max(colour) - min(colour) <= 40


def is_dark_red(colour: RGB) -> bool:
    """Clearly red: a red stone, plank or path."""
    r, g, b = colour
    return r >= 120 and g <= 80 and b <= 90 and r - max(g, b) >= 80


def is_black(colour: RGB) -> bool:
    """Near black (a black path)."""
    return max(colour) <= 60


def is_blue(colour: RGB) -> bool:
    """Clearly blue: the highlight of the last turn."""
    r, _g, b = colour
    return b >= 150 and b - r >= 80


def along(
    a: tuple[int, int], b: tuple[int, int], t: float, sideways: float = 0.0
) -> tuple[float, float]:
    """The point `t` of the way from `a` to `b`, moved `sideways` pixels to the left of a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    return a[0] + dx * t - dy / length * sideways, a[1] + dy * t + dx / length * sideways
