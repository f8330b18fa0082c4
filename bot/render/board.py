"""Geometry and background shared by both boards: a square grid of fields on a wooden plate with
coordinates round it, inside a walnut frame.

Columns are letters from the left and rows numbers from the bottom (docs/rules.md), so row 1 is
drawn lowest. Field centres are whole pixels (the field size is even), so sprites centred on them
stay sharp.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render import sprites
from bot.render.text import draw_text, font
from bot.render.theme import RGB, Theme, mix
from engine.coords import Field


@dataclass(frozen=True, slots=True)
class Grid:
    """Where a `size` x `size` grid of fields lies in an image; (`left`, `top`) is its corner."""

    size: int
    cell: int
    left: int
    top: int

    @property
    def extent(self) -> int:
        """The grid's width and height in pixels."""
        return self.size * self.cell

    def centre(self, field: Field | str) -> tuple[int, int]:
        """The pixel at the centre of `field` (a `Field` or its name, such as ``"c3"``)."""
        if isinstance(field, str):
            field = Field.parse(field)
        half = self.cell // 2
        return (
            self.left + field.col * self.cell + half,
            self.top + (self.size - 1 - field.row) * self.cell + half,
        )

    def box(self, field: Field | str) -> tuple[int, int, int, int]:
        """The field's square: left, top, right and bottom edges (right and bottom exclusive)."""
        x, y = self.centre(field)
        half = self.cell // 2
        return (x - half, y - half, x + half, y + half)


@dataclass(frozen=True, slots=True)
class Board:
    """The board area: the grid, the plate round it (`band` wide) and the frame outside it."""

    grid: Grid
    band: int
    frame: int

    @property
    def plate(self) -> tuple[int, int, int, int]:
        """The plate's box: left, top, right, bottom."""
        g, b = self.grid, self.band
        return (g.left - b, g.top - b, g.left + g.extent + b, g.top + g.extent + b)


class BoardGeometry:
    """What every image layout with a `board` tells about its grid (tests use it too)."""

    __slots__ = ()
    board: Board

    @property
    def grid(self) -> Grid:
        """The grid of fields."""
        return self.board.grid

    @property
    def cell(self) -> int:
        """A field's width in pixels."""
        return self.board.grid.cell

    def centre(self, field: Field | str) -> tuple[int, int]:
        """The pixel at the centre of `field` (a `Field` or a name such as ``"c3"``)."""
        return self.board.grid.centre(field)


def make_board(size: int, room: tuple[int, int], top: int, *, band: float, scale: float) -> Board:
    """A board of `size` fields centred between the x positions `room` = (left, right), below
    `top`; `band` is the plate's width round the grid at the default image width, and `scale`
    the image width over the default."""
    left, right = room
    frame = round(14 * scale)
    band_px = round(band * scale)
    inner = right - left - 2 * (frame + band_px)
    cell = inner // size
    cell -= cell % 2
    grid_left = left + frame + band_px + (inner - cell * size) // 2
    return Board(Grid(size, cell, grid_left, top + frame + band_px), band_px, frame)


def paint_plate(image: Image.Image, board: Board, theme: Theme, scale: float) -> None:
    """The plate: a rounded wooden slab with a darker edge."""
    x0, y0, x1, y1 = board.plate
    size = (x1 - x0, y1 - y0)

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        big = (size[0] * s, size[1] * s)
        sprites.rounded_box(draw, big, 14 * scale * s, theme.plate_edge)
        sprites.rounded_box(draw, big, 14 * scale * s, theme.plate, inset=2.5 * scale * s)

    slab = sprites.supersample(*size, paint)
    image.paste(slab, (x0, y0), slab)


def paint_grid(image: Image.Image, grid: Grid, theme: Theme, fill: RGB, scale: float) -> None:
    """The fields in `fill` and the lines between them, with a stronger line round them all."""
    draw = ImageDraw.Draw(image)
    x0, y0 = grid.left, grid.top
    x1, y1 = x0 + grid.extent - 1, y0 + grid.extent - 1
    draw.rectangle((x0, y0, x1, y1), fill=fill)
    line = max(1, round(1.5 * scale))
    for k in range(1, grid.size):
        offset = k * grid.cell
        draw.line((x0 + offset, y0, x0 + offset, y1), fill=theme.grid, width=line)
        draw.line((x0, y0 + offset, x1, y0 + offset), fill=theme.grid, width=line)
    outer = max(2, round(3 * scale))
    edge = mix(theme.grid, theme.coordinate, 0.5)
    draw.rectangle((x0 - outer, y0 - outer, x1 + outer, y1 + outer), outline=edge, width=outer)


def paint_coordinates(
    image: Image.Image, board: Board, theme: Theme, offset: float, scale: float
) -> None:
    """Column letters above and below the grid and row numbers left and right of it, `offset`
    pixels out from its edge (docs/rules.md: columns from ``a`` on the left, rows from 1 at the
    bottom)."""
    draw = ImageDraw.Draw(image)
    grid = board.grid
    face = font(round(17 * scale), bold=True)
    top, bottom = grid.top - offset, grid.top + grid.extent + offset
    left, right = grid.left - offset, grid.left + grid.extent + offset
    for k in range(grid.size):
        x, y = grid.centre(Field(k, k))  # column k's x and row k's y
        letter, number = chr(ord("a") + k), str(k + 1)
        for xy, text in (
            ((x, top), letter),
            ((x, bottom), letter),
            ((left, y), number),
            ((right, y), number),
        ):
            draw_text(draw, xy, text, face, theme.coordinate, anchor="mm")
