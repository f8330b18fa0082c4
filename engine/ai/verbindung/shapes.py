"""How readily the dice serve a player's lightest trees: a correction to the race model.

The race model counts the dice a player still needs as if any die would do. But a field of a
lightest tree takes only the faces whose segments fit the way there: the player's cross and the
white cross on any such field, the player's bridge only where the way runs straight, the arcs
only where it bends. A network that waits for crosses at its junctions is slower than one any
bridge or arc can extend, at the same distance. `ease` measures that as the faces (of six) that
shorten the player's way, summed over the fields of his lightest trees, against the number of
those fields (the logarithms of both: of the forms tried, the one that foretold the winner
best); `bias` is the difference between the two players, weighted, in the logit of the win
chance. `bench.strength.shapes` measures how much it adds to the race model's foresight on
recorded games it was not fitted on.
"""

from __future__ import annotations

import math

from engine.ai.verbindung.oracle import Oracle
from engine.ai.verbindung.race import logit
from engine.verbindung import Player
from engine.verbindung.layout import FACE_ORDER, FACE_ORIENTATIONS
from engine.verbindung.tables import TILES, Tile

_TURNED: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(TILES[(face, turn)] for turn in FACE_ORIENTATIONS[face]) for face in FACE_ORDER
)
"""Every face in each of its quarter turns (V4)."""


def serving(oracle: Oracle, index: int) -> int:
    """How many of the six faces, turned as the player likes, would shorten his way on the
    empty field `index` (none off his lightest trees)."""
    return sum(any(oracle.helps(index, tile) for tile in turns) for turns in _TURNED)


def ease(oracle: Oracle) -> float:
    """The log of one plus the faces that would shorten the player's way, summed over the empty
    fields of his lightest trees, less the log of one plus the number of fields on those trees
    (placed dice included)."""
    faces = sum(serving(oracle, i) for i in oracle.relevant if oracle.tiles[i] is None)
    return math.log1p(faces) - math.log1p(len(oracle.relevant))


def bias(oracles: dict[Player, Oracle], me: Player, weight: float) -> float:
    """How much `me`'s dice are likelier to serve than the opponent's, in logit units."""
    if not weight:
        return 0.0
    return weight * (ease(oracles[me]) - ease(oracles[me.other]))


def shifted(chance: float, logit_shift: float) -> float:
    """`chance` with its logit (kept finite, `race.logit`) moved by `logit_shift`."""
    if not logit_shift:
        return chance
    return 1 / (1 + math.exp(-(logit(chance) + logit_shift)))
