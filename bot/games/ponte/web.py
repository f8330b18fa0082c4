"""Ponte del Diavolo on the web board (`bot.web`): the position as JSON, the look (the images'
own colours and proportions, `look` and `drawing`), and what the player to move may click.

A turn is built by clicks: two empty fields (two stones, P5), or one of the mover's stones and
then another (a bridge, P11); `swap` and `pass` are buttons. The legal targets come from the
engine; a click on anything else is answered with the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict

from bot.games.kind import WebJson, WebTargets, hex_palette, web_marker
from bot.games.ponte.drawing import PONTE_SHAPE, last_turn, ponte_layout, stone_colours
from bot.games.ponte.look import COLOURS
from bot.render.sprites import PLANK_SHAPE
from bot.render.theme import DEFAULT_THEME
from engine.coords import Field
from engine.errors import IllegalMoveError, InvalidMoveError
from engine.ponte import Bridge, Colour, Pass, Place, PonteGame, Swap
from engine.ponte.board import ISLAND
from engine.ponte.scoring import groups
from engine.ponte.variants import VARIANTS

SWAP, PASS = "swap", "pass"
"""The two turns made by a button rather than by clicks on the board."""


def look() -> WebJson:
    """The colours of the stones and islands, and each variant's geometry as the images lay it
    out at their default width (the web board draws in the same units)."""
    palette = hex_palette(COLOURS)
    geometry: WebJson = {}
    for name, variant in VARIANTS.items():
        board = ponte_layout(variant.size).board
        left, top, right, bottom = board.plate
        geometry[name] = {
            "size": variant.size,
            "cell": board.grid.cell,
            "grid": [board.grid.left, board.grid.top],
            "plate": [left, top, right, bottom],
            "band": board.band,
            "frame": board.frame,
        }
    markers = {colour.value: web_marker(*stone_colours(colour, DEFAULT_THEME)) for colour in Colour}
    return {
        "palette": palette,
        "markers": markers,
        "shape": asdict(PONTE_SHAPE),
        "plank": asdict(PLANK_SHAPE),
        "geometry": geometry,
    }


def position(game: PonteGame) -> WebJson:
    """Stones, islands (the fields of each, which sit on a patch), bridges, blocked fields, the
    last turn and each colour's score."""
    board = game.board
    stones = {str(board.field(i)): owner.value for i, owner in enumerate(board.cells) if owner}
    islands = [
        {"colour": colour.value, "fields": sorted(str(board.field(i)) for i in group)}
        for colour in Colour
        for group in groups(board, colour)
        if len(group) == ISLAND
    ]
    bridges = []
    for bridge in board.bridges:
        owner = board.bridge_colour(bridge)
        assert owner is not None  # a built bridge stands on two stones
        bridges.append({"ends": [str(bridge.first), str(bridge.second)], "colour": owner.value})
    last = last_turn(game)
    return {
        "variant": game.variant_name,
        "size": game.variant.size,
        "stones": stones,
        "islands": islands,
        "bridges": bridges,
        "blocked": [str(board.field(i)) for i, blocked in enumerate(board.blocked) if blocked],
        "last": _last(last),
        "scores": {colour.value: _score(game, colour) for colour in Colour},
        "bridges_left": game.bridges_left,
        "swapped": game.swapped,
    }


def _last(last: Place | Bridge | None) -> WebJson:
    if isinstance(last, Place):
        return {"stones": [str(last.first), str(last.second)]}
    if isinstance(last, Bridge):
        return {"bridge": [str(last.first), str(last.second)]}
    return {}


def _score(game: PonteGame, colour: Colour) -> WebJson:
    score = game.score(colour)
    return {
        "points": score.points,
        "islands": score.islands,
        "bridges": score.bridges,
        "stones_left": game.stones_left(colour),
    }


def targets(game: PonteGame, picks: Sequence[str]) -> WebTargets:
    """After no click: the fields a first stone may take, the bridges that may be built (by
    their two ends), and whether `swap` or `pass` may be played. After one click: the fields
    for the second stone, or the other ends of the first stone's bridges. After two: the
    turn. Raises the engine's error for a click that may not be made."""
    if game.to_move is None:
        return WebTargets({})
    if list(picks) in ([SWAP], [PASS]):
        button = Swap() if picks[0] == SWAP else Pass()
        game.check(button)
        return WebTargets({}, str(button))
    chosen = [_field(game, pick) for pick in picks]
    if not chosen:
        return WebTargets(_first(game))
    first = chosen[0]
    own = game.board.cells[game.board.index(first)] is game.to_move
    if len(chosen) == 1:
        return WebTargets(_bridge_ends(game, first) if own else _second_stones(game, first))
    if len(chosen) == 2:
        move: Place | Bridge = Bridge(*chosen) if own else Place(*chosen)
        game.check(move)
        return WebTargets({}, str(move))
    raise InvalidMoveError("a turn is two stones or one bridge", reason="too_many_picks")


def _field(game: PonteGame, pick: str) -> Field:
    field = Field.parse(pick)
    if not field.on_board(game.variant.size):
        game.check(Place(field, field))  # raises the rule of the board's size
    return field


def _first(game: PonteGame) -> WebJson:
    return {
        "stones": [str(field) for field in game.legal_fields()],
        "bridges": [[str(b.first), str(b.second)] for b in game.legal_bridges()],
        "swap": game.ply == 1,
        "pass": game.can_pass(),
    }


def _second_stones(game: PonteGame, first: Field) -> WebJson:
    legal = game.legal_fields()
    if first not in legal:
        _explain_stone(game, first)
    seconds = [f for f in legal if f != first and game.is_legal(Place(first, f))]
    return {"stones": [str(field) for field in seconds], "first": str(first)}


def _bridge_ends(game: PonteGame, first: Field) -> WebJson:
    found = [
        str(b.second if b.first == first else b.first)
        for b in game.legal_bridges()
        if first in (b.first, b.second)
    ]
    if not found:
        _explain_bridge(game, first)
    return {"ends": found, "first": str(first)}


def _explain_bridge(game: PonteGame, first: Field) -> None:
    """Raise why no bridge can start at the mover's stone on `first`: the rule the bridge to
    each of their stones a bridge away breaks (the engine's check), or P11 when none is."""
    board = game.board
    for span in board.geo.spans[board.index(first)]:
        if board.cells[span.other] is game.to_move:
            game.check(Bridge(first, board.field(span.other)))
    message = f"no stone of yours lies a bridge away from {first}"
    raise IllegalMoveError("P11", message, fields=(first,))


def _explain_stone(game: PonteGame, field: Field) -> None:
    """Raise the rule a stone on `field` breaks (for a stone already there: that it is taken)."""
    colour = game.to_move
    assert colour is not None  # the game goes on (see `targets`)
    problem = game.board.stone_problem(game.board.index(field), colour)
    if problem is not None:
        raise problem.error()
    game.check(Place(field, field))  # no stone may be placed at all (P1, P5): its rule
