"""Verbindung gesucht on the web board (`bot.web`): the position as JSON, the look (the images'
own colours and proportions, `look`, `drawing` and `dice`), and what the player to move may click.

A turn is built die by die: the player picks a rolled die, then a field the engine allows for it
(turning it through the orientations that field allows), or a placed die to exchange for a white
cross (V10); the white-cross duty of V6 is the engine's (`VerbindungGame.placements` leaves out
what would break it), so the board can only offer what may be played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict

from bot.games.kind import WebJson, WebTargets, hex_palette, web_marker
from bot.games.verbindung.dice import DIE_SHAPE, Segment
from bot.games.verbindung.drawing import (
    BASE_SHAPE,
    highlighted,
    last_fields,
    marker_colours,
    verbindung_layout,
)
from bot.games.verbindung.look import COLOURS
from bot.render.theme import DEFAULT_THEME
from engine.coords import Field
from engine.errors import IllegalMoveError, InvalidMoveError
from engine.verbindung import BASES, Player, Turn, VerbindungGame
from engine.verbindung.layout import FACE_ORIENTATIONS, FACE_SEGMENTS, FIELDS, SIZE, Face
from engine.verbindung.moves import Action, Exchange, Place, parse_action

TURN_ACTIONS = 2
"""V6: a turn places at most two dice."""


def look() -> WebJson:
    """The colours of dice, paths and bases, each face's segments unturned with the quarter
    turns of its orientations (V3, V4), and the geometry of the images at their default width."""
    palette = hex_palette(COLOURS)
    lay = verbindung_layout()
    board = lay.board
    faces = {
        face.value: {
            "segments": [[colour.value, [int(s) for s in sides]] for colour, sides in segments],
            "orientations": {str(o or ""): turns for o, turns in FACE_ORIENTATIONS[face].items()},
        }
        for face, segments in FACE_SEGMENTS.items()
    }
    markers = {
        player.value: web_marker(*marker_colours(player, DEFAULT_THEME)) for player in Player
    }
    return {
        "palette": palette,
        "markers": markers,
        "die": asdict(DIE_SHAPE),
        "base": asdict(BASE_SHAPE),
        "faces": faces,
        "geometry": {
            "size": board.grid.size,
            "cell": board.grid.cell,
            "grid": [board.grid.left, board.grid.top],
            "plate": list(board.plate),
            "band": board.band,
            "frame": board.frame,
            "tray": list(lay.tray),
            "base_depth": lay.base_depth,
            "base_gap": lay.base_gap,
            "roll_size": lay.roll_size,
            "roll_centres": [list(lay.roll_centre(n)) for n in range(3)],
        },
    }


def position(game: VerbindungGame) -> WebJson:
    """Every placed die (its segments, those of a highlighted network glowing), the bases (lit
    where a highlighted network reaches them), the roll, the last turn's fields and each
    player's bases joined."""
    glowing: dict[str, set[Segment]] = {}
    lit: set[tuple[str, str]] = set()
    for network in highlighted(game):
        for ref in network.segments:
            glowing.setdefault(str(ref.field), set()).add((ref.colour, ref.sides))
        lit.update((str(base.field), base.side.name) for base in network.bases)
    dice = {}
    for name, tile in game.board.items():
        shine = glowing.get(str(name), set())
        dice[str(name)] = {
            "face": tile.face.value,
            "orientation": str(tile.orientation or ""),
            "segments": [[c.value, [int(s) for s in sides]] for c, sides in tile.segments],
            "glow": [i for i, seg in enumerate(tile.segments) if seg in shine],
        }
    bases = [
        {
            "player": player.value,
            "field": str(base.field),
            "side": base.side.name,
            "lit": (str(base.field), base.side.name) in lit,
        }
        for player, player_bases in BASES.items()
        for base in player_bases
    ]
    return {
        "dice": dice,
        "bases": bases,
        "roll": [str(face) for face in game.roll],
        "dice_to_roll": game.dice_to_roll(),
        "last": sorted(str(field) for field in last_fields(game)),
        "joined": {player.value: game.bases_joined(player) for player in Player},
        "bases_each": {player.value: len(BASES[player]) for player in Player},
        "supply": game.supply,
        "turns": game.turns,
        "duty": game.white_duty(),
    }


def targets(game: VerbindungGame, picks: Sequence[str]) -> WebTargets:
    """After the dice placed so far (`picks`, each a placement or an exchange in notation):
    the dice still to place, where each may go (by field, with the orientations it may take
    there), the dice that may be exchanged for a white cross, and the turn so far when it may be
    sent (`pass` for none). Raises the engine's error for a pick that may not be made."""
    if game.to_move is None or not game.roll:
        return WebTargets({})
    if len(picks) > TURN_ACTIONS:
        raise InvalidMoveError("a turn places at most two dice", reason="too_many_picks")
    before: list[Action] = []
    for pick in picks:
        action = parse_action(pick)
        _check_next(game, before, action)
        before.append(action)
    turn = Turn(tuple(before))
    move = str(turn) if game.is_legal(turn) else None
    if len(before) == TURN_ACTIONS or (move is not None and _ends(game, turn)):
        return WebTargets({"left": [], "place": {}, "exchange": []}, move)
    left = _left(game, before)
    place: WebJson = {}
    stuck: WebJson = {}
    for face in dict.fromkeys(left):
        where: dict[str, list[str]] = {}
        for placement in game.placements(Face(face), before):
            where.setdefault(str(placement.field), []).append(str(placement.orientation or ""))
        if where:
            place[face] = where
        else:
            stuck[face] = _why_nowhere(game, before, Face(face))
    exchange = [str(e.field) for e in game.exchanges(before)]
    found: WebJson = {"left": left, "place": place, "stuck": stuck, "exchange": exchange}
    return WebTargets(found, move)


def _why_nowhere(game: VerbindungGame, before: Sequence[Action], face: Face) -> str:
    """The rule that keeps rolled `face` off every field (the page says it when the die is
    chosen): V6 when some field would take it but the rolled white cross would then have none,
    else V7 (no empty field where one of its edges continues a path)."""
    taken = {str(name) for name in game.board} | {
        str(action.field) for action in before if isinstance(action, Place)
    }
    for index in range(FIELDS):
        field = Field.from_index(index, SIZE)
        if str(field) in taken:
            continue
        for orientation in FACE_ORIENTATIONS[face]:
            try:
                game.check(Turn((*before, Place(face, field, orientation))))
            except IllegalMoveError as error:
                if error.rule == "V6":
                    return "V6"
                continue
            return "V6"  # a whole turn as it is: only the white cross's order kept it off
    return "V7"


def _ends(game: VerbindungGame, turn: Turn) -> bool:
    after = game.copy()
    after.push(turn)
    return after.is_over


def _left(game: VerbindungGame, before: Sequence[Action]) -> list[str]:
    """The rolled dice not yet placed (an exchange uses a rolled white cross if one is left)."""
    left = [str(face) for face in game.roll]
    for action in before:
        face = action.face if isinstance(action, Place) else Face.WHITE_CROSS
        if str(face) in left:
            left.remove(str(face))
    return left


def _check_next(game: VerbindungGame, before: Sequence[Action], action: Action) -> None:
    """Raise the rule `action` breaks after `before` (V6 when it is legal now but would leave a
    rolled white cross unplaceable)."""
    if isinstance(action, Place):
        allowed: Sequence[Action] = game.placements(action.face, before)
    else:
        allowed = game.exchanges(before)
    if action in allowed:
        return
    game.check(Turn((*before, action)))  # raises the rule it breaks, if it breaks one now
    if isinstance(action, Exchange) or action.face in _left(game, before):
        raise IllegalMoveError("V6", f"{action} would leave a rolled white cross without a field")
    message = f"{action.face} is not among the dice left to place"
    raise IllegalMoveError("V5", message)
