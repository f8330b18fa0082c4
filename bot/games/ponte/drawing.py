"""The Ponte del Diavolo image: stones, bridges, blocked fields, islands, the last turn, and a
header with both players, their scores, whose turn it is and the result.

Drawing order, bottom to top: the cached background (frame, plate, grid, coordinates), hatching
on blocked fields, an outlined patch under each island (which tells islands from sandbanks), a
halo under each stone of the last turn, the stones, then the bridges as planks lying on their two
stones (a halo marks the last turn's bridge).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from bot.games.kind import turn_in_play
from bot.games.ponte.look import COLOURS, PonteWords
from bot.render import sprites
from bot.render.board import (
    Board,
    BoardGeometry,
    make_board,
    paint_coordinates,
    paint_grid,
    paint_plate,
)
from bot.render.encode import png_bytes
from bot.render.labels import ENGLISH, Labels, own_words, with_name
from bot.render.panel import Card, HeaderLayout, Status, draw_header, header_layout
from bot.render.text import clean
from bot.render.theme import DEFAULT_THEME, DEFAULT_WIDTH, RGB, Theme, even
from engine.coords import Field
from engine.ponte import Bridge, Colour, Pass, Place, PonteGame, Resign, Swap, Termination
from engine.ponte.board import ISLAND
from engine.ponte.scoring import groups

Players = Mapping[Colour, str]


@dataclass(frozen=True, slots=True)
class PonteShape:
    """The proportions of Ponte's pieces as shares of a field's width (the stone's own inside
    `sprites.StoneShape`, the plank's in `sprites.PlankShape`); the web board draws from the same
    numbers (`bot.games.ponte.web`'s look)."""

    stone: float = 0.78  # a stone's diameter
    plank: float = 0.3  # two parallel knight's bridges lie 0.89 fields apart: both stay visible
    island_outline: float = 0.04
    island_inset: float = 0.06  # the patch's fill inside its outline, at least 2 px
    island_round: float = 0.28  # the corners, of the patch's square
    last_ring: float = 0.98  # the ring round a stone of the last turn
    last_ring_width: float = 0.13
    hatch_lines: int = 6  # a blocked field's hatching: lines a sixth of a field apart,
    hatch_width: int = 22  # a 22nd of a field wide (at least 1.5 px),
    hatch_inset: int = 9  # a 9th of a field in from its edge (at least 3 px)


PONTE_SHAPE = PonteShape()


@dataclass(frozen=True, slots=True)
class PonteLayout(BoardGeometry):
    """Pixel geometry of a Ponte image; `centre(field)` finds a field (tests use it too)."""

    size: int
    width: int
    height: int
    header: HeaderLayout
    board: Board

    @property
    def stone_diameter(self) -> int:
        """A stone's diameter in pixels."""
        return even(self.cell * PONTE_SHAPE.stone)


@cache
def ponte_layout(size: int, width: int = DEFAULT_WIDTH, classic: bool = False) -> PonteLayout:
    """The geometry of a `size` x `size` board in an image `width` pixels wide; `classic` cards
    have a second line for the stones left."""
    header = header_layout(width, 2 if classic else 1)
    board = make_board(size, (0, width), header.height, band=30, scale=width / 760)
    return PonteLayout(size, width, board.plate[3] + board.frame, header, board)


def layout_of(game: PonteGame, width: int = DEFAULT_WIDTH) -> PonteLayout:
    """The geometry `ponte_image` uses for `game` at `width`."""
    return ponte_layout(game.variant.size, width, game.variant.stones_per_colour is not None)


@cache
def _background(lay: PonteLayout, theme: Theme) -> Image.Image:
    """Everything that never changes for one layout: made once, copied for every image."""
    image = Image.new("RGB", (lay.width, lay.height), theme.frame)
    scale = lay.width / 760
    paint_plate(image, lay.board, theme, scale)
    paint_grid(image, lay.grid, theme, theme.board, scale)
    paint_coordinates(image, lay.board, theme, lay.board.band / 2, scale)
    return image


@dataclass(frozen=True, slots=True)
class _Scene:
    """Everything one image is drawn from."""

    game: PonteGame
    players: Players | None
    labels: Labels
    lay: PonteLayout
    theme: Theme
    turn: int | None = None  # the header's turn number, if not the one being played

    @property
    def words(self) -> PonteWords:
        """The game's own words, in the language of `labels`."""
        return own_words(PonteWords, self.labels)


# The board -----------------------------------------------------------------------------------


def stone_colours(colour: Colour, theme: Theme) -> tuple[RGB, RGB]:
    """A stone's body and rim (the web board's player markers are these stones too)."""
    if colour is Colour.WHITE:
        return COLOURS.white_stone, COLOURS.white_rim
    return COLOURS.red_stone, COLOURS.red_rim


def stone_sprite(colour: Colour, diameter: int, theme: Theme) -> Image.Image:
    """A stone of `colour` (cached)."""
    fill, rim = stone_colours(colour, theme)
    return sprites.stone(diameter, fill, rim, theme.shadow)


def _draw_blocked(image: Image.Image, scene: _Scene) -> None:
    lay, cell = scene.lay, scene.lay.cell
    shape = PONTE_SHAPE
    mark = sprites.hatch(
        cell,
        max(3, cell // shape.hatch_inset),
        cell / shape.hatch_lines,
        max(1.5, cell / shape.hatch_width),
        scene.theme.hatch,
    )
    board = scene.game.board
    for index, blocked in enumerate(board.blocked):
        if blocked:
            left, top, _, _ = lay.grid.box(board.field(index))
            image.paste(mark, (left, top), mark)


def _draw_islands(image: Image.Image, scene: _Scene) -> None:
    """An outlined patch under each island: a rounded square per stone, joined to its neighbours."""
    board, lay = scene.game.board, scene.lay
    outline = round(lay.cell * PONTE_SHAPE.island_outline)
    fill_inset = outline + max(2, round(lay.cell * PONTE_SHAPE.island_inset))
    for colour in Colour:
        fill, edge = (
            (COLOURS.white_island, COLOURS.white_island_edge)
            if colour is Colour.WHITE
            else (COLOURS.red_island, COLOURS.red_island_edge)
        )
        for group in groups(board, colour):
            if len(group) == ISLAND:
                fields = {board.field(index) for index in group}
                _draw_patch(image, fields, lay, edge, inset=outline)
                _draw_patch(image, fields, lay, fill, inset=fill_inset)


def _draw_patch(
    image: Image.Image, fields: set[Field], lay: PonteLayout, colour: RGB, *, inset: int
) -> None:
    size = lay.cell - 2 * inset
    square = sprites.rounded_square(size, size * PONTE_SHAPE.island_round, colour)
    draw = ImageDraw.Draw(image)
    join = size // 3  # how far a joint reaches into each of the two squares
    for field in fields:
        left, top, right, bottom = lay.grid.box(field)
        image.paste(square, (left + inset, top + inset), square)
        east, south = Field(field.col + 1, field.row), Field(field.col, field.row - 1)
        if east in fields:
            draw.rectangle(
                (right - inset - join, top + inset, right + inset + join, bottom - inset - 1),
                colour,
            )
        if south in fields:
            draw.rectangle(
                (left + inset, bottom - inset - join, right - inset - 1, bottom + inset + join),
                colour,
            )
        if {east, south, Field(field.col + 1, field.row - 1)} <= fields:
            # A square island: the four rounded corners leave a hole where they meet.
            draw.rectangle(
                (right - inset - 2, bottom - inset - 2, right + inset + 2, bottom + inset + 2),
                colour,
            )


def last_turn(game: PonteGame) -> Place | Bridge | None:
    """The stones or the bridge of the last turn (looking past a resignation, which draws
    nothing); None after a swap or a pass."""
    moves = game.moves
    if moves and isinstance(moves[-1], Resign):
        moves = moves[:-1]
    if moves and isinstance(moves[-1], Place | Bridge):
        return moves[-1]
    return None


def _draw_stones(image: Image.Image, scene: _Scene, lit: Iterable[Field]) -> None:
    lay, theme = scene.lay, scene.theme
    ring, width = PONTE_SHAPE.last_ring, PONTE_SHAPE.last_ring_width
    halo = sprites.ring(even(lay.cell * ring), lay.cell * width, theme.highlight)
    stones = {colour: stone_sprite(colour, lay.stone_diameter, theme) for colour in Colour}
    board = scene.game.board
    lit = set(lit)
    for index, owner in enumerate(board.cells):
        if owner is not None:
            field = board.field(index)
            if field in lit:
                sprites.paste_centred(image, halo, lay.centre(field))
            sprites.paste_centred(image, stones[owner], lay.centre(field))


def _draw_bridges(image: Image.Image, scene: _Scene, lit: Bridge | None) -> None:
    board, lay, theme = scene.game.board, scene.lay, scene.theme
    for bridge in board.bridges:
        owner = board.bridge_colour(bridge)
        assert owner is not None  # a built bridge always stands on two stones
        fill, rim = stone_colours(owner, theme)
        (x0, y0), (x1, y1) = lay.centre(bridge.first), lay.centre(bridge.second)
        halo = theme.highlight if bridge == lit else None
        sprite, pad = sprites.plank(
            (x1 - x0, y1 - y0), lay.cell * PONTE_SHAPE.plank, fill, rim, halo
        )
        image.paste(sprite, (min(x0, x1) - pad, min(y0, y1) - pad), sprite)


def _draw_board(image: Image.Image, scene: _Scene) -> None:
    last = last_turn(scene.game)
    _draw_blocked(image, scene)
    _draw_islands(image, scene)
    _draw_stones(image, scene, (last.first, last.second) if isinstance(last, Place) else ())
    _draw_bridges(image, scene, last if isinstance(last, Bridge) else None)


# The header ----------------------------------------------------------------------------------


def player_name(players: Players | None, colour: Colour, labels: Labels) -> str:
    """The display name of `colour`'s player, or the colour's label when none is given."""
    name = clean((players or {}).get(colour) or "")
    return name or (labels.white if colour is Colour.WHITE else labels.red)


def _card(scene: _Scene, colour: Colour) -> Card:
    words = scene.words
    game, labels = scene.game, scene.labels
    score = game.score(colour)
    # Label before number: no plural forms to get wrong in any language.
    lines = [f"{words.islands} {score.islands} \u00b7 {words.bridges} {score.bridges}"]
    left = game.stones_left(colour)
    if left is not None:
        lines.append(f"{words.stones_left} {left}")
    outcome = game.outcome()
    moving = outcome is None and game.to_move is colour
    tag = labels.to_move if moving else None
    if outcome is not None and outcome.winner is colour:
        tag = labels.winner
    return Card(
        name=player_name(scene.players, colour, labels),
        marker=stone_sprite(colour, even(26 * scene.lay.header.scale), scene.theme),
        big=str(score.points),
        big_label=words.points,
        lines=tuple(lines),
        tag=tag,
        active=moving,
    )


def _status(scene: _Scene) -> Status:
    words = scene.words
    game, players, labels = scene.game, scene.players, scene.labels
    right = f"{labels.turn} {scene.turn or turn_in_play(game)}"
    if game.bridges_left is not None:
        right = f"{words.bridges_left} {game.bridges_left} \u00b7 {right}"
    if game.is_over:
        return Status(_result(game, players, labels), right, result=True)
    if not game.moves:
        return Status("", right)
    move = game.moves[-1]
    # The player who just moved; after a swap that is the second player, who now holds white.
    assert game.to_move is not None  # the game goes on (see above)
    mover = player_name(players, game.to_move.other, labels)
    if isinstance(move, Swap):
        return Status(with_name(words.swapped, mover), right)
    if isinstance(move, Pass):
        return Status(with_name(labels.passed, mover), right)
    return Status(f"{labels.last_turn}: {move}", right)


def _result(game: PonteGame, players: Players | None, labels: Labels) -> str:
    """The result: the winner and the score, a draw, or a resignation."""
    outcome = game.outcome()
    assert outcome is not None
    points = dict(outcome.scores or {})
    if outcome.winner is None:
        return f"{labels.draw}  {points[Colour.WHITE]} : {points[Colour.RED]}"
    winner, loser = outcome.winner, outcome.winner.other
    wins = with_name(labels.wins, player_name(players, winner, labels))
    if outcome.termination is Termination.RESIGNATION:
        return f"{with_name(labels.resigned, player_name(players, loser, labels))} \u00b7 {wins}"
    return f"{wins}  {points[winner]} : {points[loser]}"


# The image -----------------------------------------------------------------------------------


def ponte_image(
    game: PonteGame,
    players: Players | None = None,
    *,
    labels: Labels = ENGLISH,
    width: int = DEFAULT_WIDTH,
    theme: Theme = DEFAULT_THEME,
    turn: int | None = None,
) -> Image.Image:
    """The position of `game` as an RGB image (the arguments as for `render_ponte`; `turn`:
    the turn the header names, by default the one being played, `turn_in_play`)."""
    scene = _Scene(game, players, labels, layout_of(game, width), theme, turn)
    image = _background(scene.lay, theme).copy()
    _draw_board(image, scene)
    cards = (_card(scene, Colour.WHITE), _card(scene, Colour.RED))
    draw_header(image, cards, _status(scene), scene.lay.header, theme)
    return image


def render_ponte(
    game: PonteGame,
    players: Players | None = None,
    *,
    labels: Labels = ENGLISH,
    width: int = DEFAULT_WIDTH,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """The position of `game` as PNG bytes: the board, both players, the last turn, the result.

    `players` maps each colour to a display name as the colours are held now (after a swap the
    second player holds white); a missing or blank name shows the colour's label. `labels` holds
    every word drawn. Pure (safe to call from several threads); about 10 ms, so call it off the
    event loop.
    """
    return png_bytes(ponte_image(game, players, labels=labels, width=width, theme=theme), theme)


def ponte_frames(
    game: PonteGame,
    players: Mapping[Colour, str] | None = None,
    *,
    labels: Labels = ENGLISH,
    width: int = DEFAULT_WIDTH,
    theme: Theme = DEFAULT_THEME,
) -> Iterator[Image.Image]:
    """The position after each move of `game` (just the empty board if it has none).

    `players` names the colours as they are held at the end; before a swap the first player held
    white, so the frame before it shows the two names exchanged.
    """
    names = dict(players or {})
    before_swap = {Colour.WHITE: names.get(Colour.RED, ""), Colour.RED: names.get(Colour.WHITE, "")}
    for position in game.positions():
        if position.ply == 0 and game.moves:
            continue  # the empty board only stands for a game without moves
        shown = before_swap if game.swapped and not position.swapped else names
        yield ponte_image(position, shown, labels=labels, width=width, theme=theme)
