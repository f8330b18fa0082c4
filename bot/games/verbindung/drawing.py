"""The Verbindung gesucht image: the 6x6 area with the eight bases, every placed die, the roll
beside the area, and a header with both players, how many bases each has joined and the result.

Drawing order: the cached background (frame, plate, fields, coordinates, bases, the roll's tray),
then each die as a sprite, with a halo on the segments of a highlighted network (each player's
largest while the game runs, the winning one at the end) and on its bases, a frame round the dice
of the last turn, the dice of the roll in the tray, and the header.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from bot.games.kind import turn_in_play
from bot.games.verbindung.dice import Segment, die
from bot.games.verbindung.look import COLOURS, VerbindungWords
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
from bot.render.text import clean, draw_text, fit, font
from bot.render.theme import DEFAULT_THEME, DEFAULT_WIDTH, RGB, Theme, even, mix
from engine.coords import Field
from engine.verbindung import (
    BASES,
    SIZE,
    Base,
    Network,
    Player,
    Roll,
    Side,
    Termination,
    Turn,
    VerbindungGame,
)
from engine.verbindung.layout import FACE_SEGMENTS, Face

Players = Mapping[Player, str]

_OUTWARDS = {Side.N: (0, -1), Side.E: (1, 0), Side.S: (0, 1), Side.W: (-1, 0)}  # y grows down


@dataclass(frozen=True, slots=True)
class VerbindungLayout(BoardGeometry):
    """Pixel geometry of a Verbindung image: `centre` finds a field, `base_centre` a base and
    `roll_centre` the n-th die of the roll (tests use them too)."""

    width: int
    height: int
    header: HeaderLayout
    board: Board
    tray: tuple[int, int, int, int]  # the roll's tray: left, top, right, bottom

    @property
    def base_depth(self) -> int:
        """How far a base's pad reaches out from the grid."""
        return round(self.cell * 0.26)

    @property
    def base_gap(self) -> int:
        """Room between the grid's edge and a base's pad."""
        return max(3, round(self.cell * 0.05))

    def base_centre(self, base: Base) -> tuple[int, int]:
        """The centre of `base`'s pad, on the plate beside the field it faces."""
        x, y = self.centre(base.field)
        step = self.cell // 2 + self.base_gap + self.base_depth // 2
        dx, dy = _OUTWARDS[base.side]
        return x + dx * step, y + dy * step

    @property
    def roll_size(self) -> int:
        """A rolled die's size in the tray."""
        x0, _, x1, _ = self.tray
        return even(min(self.cell, x1 - x0 - 2 * round(self.cell * 0.18)))

    def roll_centre(self, number: int) -> tuple[int, int]:
        """The centre of the die `number` (from 0) of the roll in the tray."""
        x0, y0, x1, _ = self.tray
        step = self.roll_size + round(self.cell * 0.22)
        return (x0 + x1) // 2, y0 + round(self.cell * 0.62) + step * number + self.roll_size // 2


@cache
def verbindung_layout(width: int = DEFAULT_WIDTH) -> VerbindungLayout:
    """The geometry at `width` pixels: the area on the left, the roll's tray to its right."""
    scale = width / 760
    header = header_layout(width, 0)
    gap = round(12 * scale)
    board = make_board(
        SIZE, (0, width - round(124 * scale) - gap), header.height, band=56, scale=scale
    )
    _, top, right, bottom = board.plate
    tray = (right + gap, top, width - board.frame, bottom)
    return VerbindungLayout(width, bottom + board.frame, header, board, tray)


# The background ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BaseShape:
    """A base's proportions (and the last turn's frame's); the web board draws from the same
    numbers (`bot.games.verbindung.web`'s look)."""

    along: float = 0.62  # its length along the area's edge, of a field's width
    round: float = 0.3  # its corners, of its depth
    edge: float = 0.14  # its rim, of its depth (at least 2 px)
    light: float = 0.55  # the rim, mixed from its colour towards white (unlit)
    last_frame: float = 0.05  # the last turn's frame, of a field's width (at least 2.5 px)


BASE_SHAPE = BaseShape()


def _base_colour(player: Player, theme: Theme) -> RGB:
    return COLOURS.base_red if player is Player.RED else COLOURS.base_black


@cache
def _pad(size: tuple[int, int], fill: RGB, edge: RGB) -> Image.Image:
    """A base: a rounded pad with an `edge` round it."""
    w, h = size
    radius = min(w, h) * BASE_SHAPE.round

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        sprites.rounded_box(draw, (w * s, h * s), radius * s, edge)
        sprites.rounded_box(
            draw, (w * s, h * s), radius * s, fill, inset=max(2, min(w, h) * BASE_SHAPE.edge) * s
        )

    return sprites.supersample(w, h, paint)


def _draw_base(
    image: Image.Image, base: Base, lay: VerbindungLayout, theme: Theme, *, lit: bool = False
) -> None:
    along, depth = round(lay.cell * BASE_SHAPE.along), lay.base_depth
    size = (along, depth) if base.side in (Side.N, Side.S) else (depth, along)
    fill = _base_colour(base.player, theme)
    edge = COLOURS.network if lit else mix(fill, (255, 255, 255), BASE_SHAPE.light)
    sprites.paste_centred(image, _pad(size, fill, edge), lay.base_centre(base))


def _paint_tray(image: Image.Image, lay: VerbindungLayout, theme: Theme) -> None:
    x0, y0, x1, y1 = lay.tray
    w, h, radius = x1 - x0, y1 - y0, 14 * lay.header.scale

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        sprites.rounded_box(draw, (w * s, h * s), radius * s, theme.card_edge)
        sprites.rounded_box(
            draw, (w * s, h * s), radius * s, theme.card, inset=1.5 * lay.header.scale * s
        )

    tray = sprites.supersample(w, h, paint)
    image.paste(tray, (x0, y0), tray)


@cache
def _background(lay: VerbindungLayout, theme: Theme) -> Image.Image:
    """Everything that never changes: made once, copied for every image."""
    image = Image.new("RGB", (lay.width, lay.height), theme.frame)
    scale = lay.header.scale
    paint_plate(image, lay.board, theme, scale)
    paint_grid(image, lay.grid, theme, COLOURS.field, scale)
    # The coordinates sit outside the bases, in the middle of the plate's remaining width.
    inner = lay.base_gap + lay.base_depth
    paint_coordinates(image, lay.board, theme, inner + (lay.board.band - inner) / 2, scale)
    for bases in BASES.values():
        for base in bases:
            _draw_base(image, base, lay, theme)
    _paint_tray(image, lay, theme)
    return image


# The area ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Scene:
    """Everything one image is drawn from."""

    game: VerbindungGame
    players: Players | None
    labels: Labels
    lay: VerbindungLayout
    theme: Theme
    turn: int | None = None  # the header's turn number, if not the one being played

    @property
    def words(self) -> VerbindungWords:
        """The game's own words, in the language of `labels`."""
        return own_words(VerbindungWords, self.labels)


def _largest(networks: tuple[Network, ...]) -> Network | None:
    return max(
        networks, key=lambda network: (len(network.bases), len(network.segments)), default=None
    )


def highlighted(game: VerbindungGame) -> list[Network]:
    """The networks drawn with a halo: the winning one after a win, else each player's largest
    (most bases joined, then most segments)."""
    outcome = game.outcome()
    if (
        outcome is not None
        and outcome.winner is not None
        and outcome.termination is not Termination.RESIGNATION
    ):
        complete = len(BASES[outcome.winner])
        return [n for n in game.networks(outcome.winner) if len(n.bases) == complete][:1]
    found = (_largest(game.networks(player)) for player in Player)
    return [network for network in found if network is not None]


def last_fields(game: VerbindungGame) -> set[Field]:
    """The fields the last turn placed a die on or exchanged."""
    for move in reversed(game.moves):
        if isinstance(move, Turn):
            return {action.field for action in move.actions}
    return set()


def _draw_area(image: Image.Image, scene: _Scene) -> None:
    lay, theme = scene.lay, scene.theme
    glowing: dict[Field, set[Segment]] = {}
    for network in highlighted(scene.game):
        for ref in network.segments:
            glowing.setdefault(ref.field, set()).add((ref.colour, ref.sides))
        for base in network.bases:
            _draw_base(image, base, lay, theme, lit=True)
    for name, tile in scene.game.board.items():
        lit = glowing.get(Field.parse(name), set())
        glow = frozenset(i for i, segment in enumerate(tile.segments) if segment in lit)
        sprites.paste_centred(image, die(lay.cell, tile.segments, glow, theme), lay.centre(name))
    mark = sprites.frame(lay.cell + 2, max(2.5, lay.cell * BASE_SHAPE.last_frame), theme.highlight)
    for field in last_fields(scene.game):
        sprites.paste_centred(image, mark, lay.centre(field))


def _tray_title(image: Image.Image, scene: _Scene, title: str) -> None:
    x0, y0, x1, _ = scene.lay.tray
    face = font(round(17 * scene.lay.header.scale), bold=True)
    xy = ((x0 + x1) / 2, y0 + scene.lay.cell * 0.36)
    draw_text(
        ImageDraw.Draw(image),
        xy,
        fit(title, face, x1 - x0 - 8),
        face,
        scene.theme.text,
        anchor="mm",
    )


def _draw_tray(image: Image.Image, scene: _Scene) -> None:
    """The roll (the dice to place, unturned), empty slots while a roll is due, or at the end
    the winner's colour (both colours for a draw)."""
    game, lay, theme = scene.game, scene.lay, scene.theme
    size = lay.roll_size
    outcome = game.outcome()
    if outcome is not None:
        _tray_title(image, scene, scene.labels.winner if outcome.winner else scene.labels.draw)
        shown = [outcome.winner] if outcome.winner else list(Player)
        for number, player in enumerate(shown):
            sprites.paste_centred(
                image, _marker(player, even(size * 0.7), theme), lay.roll_centre(number)
            )
        return
    _tray_title(image, scene, scene.words.roll if game.roll else scene.words.to_roll)
    for number, rolled in enumerate(game.roll):
        sprite = die(size, FACE_SEGMENTS[Face(rolled)], frozenset(), theme)
        sprites.paste_centred(image, sprite, lay.roll_centre(number))
    slot = sprites.frame(size, max(2.0, size * 0.03), theme.muted)
    for number in range(game.dice_to_roll()):
        sprites.paste_centred(image, slot, lay.roll_centre(number))


# The header ----------------------------------------------------------------------------------


def player_name(players: Players | None, player: Player, labels: Labels) -> str:
    """The display name of `player`, or the colour's label when none is given."""
    name = clean((players or {}).get(player) or "")
    return name or (labels.red if player is Player.RED else labels.black)


def marker_colours(player: Player, theme: Theme) -> tuple[RGB, RGB]:
    """A player's marker, a stone in the colour of their bases: its body and its light rim."""
    fill = _base_colour(player, theme)
    return fill, mix(fill, (255, 255, 255), BASE_SHAPE.light)


@cache
def _marker(player: Player, size: int, theme: Theme) -> Image.Image:
    return sprites.stone(size, *marker_colours(player, theme), theme.shadow)


def _card(scene: _Scene, player: Player) -> Card:
    words = scene.words
    game, labels = scene.game, scene.labels
    outcome = game.outcome()
    moving = outcome is None and game.to_move is player
    tag = labels.to_move if moving else None
    if outcome is not None and outcome.winner is player:
        tag = labels.winner
    return Card(
        name=player_name(scene.players, player, labels),
        marker=_marker(player, even(26 * scene.lay.header.scale), scene.theme),
        big=f"{game.bases_joined(player)}/{len(BASES[player])}",
        big_label=words.bases,
        tag=tag,
        active=moving,
    )


def _result(scene: _Scene) -> str:
    words = scene.words
    outcome, labels = scene.game.outcome(), scene.labels
    assert outcome is not None
    if outcome.winner is None:
        return f"{labels.draw} \u00b7 {words.full_board}"
    wins = with_name(labels.wins, player_name(scene.players, outcome.winner, labels))
    if outcome.termination is Termination.RESIGNATION:
        loser = player_name(scene.players, outcome.winner.other, labels)
        return f"{with_name(labels.resigned, loser)} \u00b7 {wins}"
    return wins


def _status(scene: _Scene) -> Status:
    words = scene.words
    game, labels = scene.game, scene.labels
    right = f"{labels.turn} {scene.turn or turn_in_play(game)} \u00b7 {words.supply} {game.supply}"
    if game.is_over:
        return Status(_result(scene), right, result=True)
    turns = [move for move in game.moves if isinstance(move, Turn)]
    if not turns:
        return Status("", right)
    if turns[-1].actions:
        return Status(f"{labels.last_turn}: {turns[-1]}", right)
    # Red plays the odd turns; a roll does not change whose turn it is.
    mover = Player.RED if len(turns) % 2 else Player.BLACK
    return Status(with_name(labels.passed, player_name(scene.players, mover, labels)), right)


# The image -----------------------------------------------------------------------------------


def verbindung_image(
    game: VerbindungGame,
    players: Players | None = None,
    *,
    labels: Labels = ENGLISH,
    width: int = DEFAULT_WIDTH,
    theme: Theme = DEFAULT_THEME,
    turn: int | None = None,
) -> Image.Image:
    """The position of `game` as an RGB image (the arguments as for `render_verbindung`;
    `turn`: the turn the header names, by default the one being played, `turn_in_play`)."""
    scene = _Scene(game, players, labels, verbindung_layout(width), theme, turn)
    image = _background(scene.lay, theme).copy()
    _draw_area(image, scene)
    _draw_tray(image, scene)
    draw_header(
        image,
        (_card(scene, Player.RED), _card(scene, Player.BLACK)),
        _status(scene),
        scene.lay.header,
        theme,
    )
    return image


def render_verbindung(
    game: VerbindungGame,
    players: Players | None = None,
    *,
    labels: Labels = ENGLISH,
    width: int = DEFAULT_WIDTH,
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """The position of `game` as PNG bytes: the area and its bases, the dice, the roll, each
    player's largest network (the winning one at the end) and the result.

    `players` maps red and black to display names; a missing or blank name shows the colour's
    label. `labels` holds every word drawn. Pure (safe to call from several threads); call it off
    the event loop.
    """
    return png_bytes(
        verbindung_image(game, players, labels=labels, width=width, theme=theme), theme
    )


def verbindung_frames(
    game: VerbindungGame,
    players: Mapping[Player, str] | None = None,
    *,
    labels: Labels = ENGLISH,
    width: int = DEFAULT_WIDTH,
    theme: Theme = DEFAULT_THEME,
) -> Iterator[Image.Image]:
    """The position after each turn or resignation of `game`, with the roll that follows it when
    the record holds one (just the position now if no turn was played)."""
    rolls = [isinstance(move, Roll) for move in game.moves]
    shown = 0
    for position in game.positions():
        ply = position.ply
        if ply == 0 or (rolls[ply - 1] and (ply == 1 or rolls[ply - 2])):
            continue  # only a turn (or a resignation) makes a picture
        if ply < len(rolls) and rolls[ply]:
            continue  # the next player's roll belongs to this picture: drawn after it
        shown += 1
        yield verbindung_image(position, players, labels=labels, width=width, theme=theme)
    if not shown:
        yield verbindung_image(game, players, labels=labels, width=width, theme=theme)
