"""How readily the dice serve a player's lightest trees (`shapes`): a field where the way runs
straight takes a bridge, one where it bends takes the arcs, a junction only a cross."""

from __future__ import annotations

import math
import random

import pytest

from engine.ai.base import Level, never
from engine.ai.verbindung import EFFORT, _chanced
from engine.ai.verbindung.deep import Deep
from engine.ai.verbindung.oracle import Oracle
from engine.ai.verbindung.search import Line, Planner, Width, candidate_turns, racing
from engine.ai.verbindung.shapes import bias, ease, serving, shifted
from engine.coords import Field
from engine.verbindung import Face, Player, VerbindungGame
from engine.verbindung.layout import FIELDS, SIZE
from engine.verbindung.tables import TILES, Tile
from testing.strength.players import TODAY_VERBINDUNG_HARD
from testing.verbindung_positions import open_game

RED = Player.RED
WALL = TILES[(Face.BLACK_CROSS, None)]  # joins nothing for red
CROSS = TILES[(Face.RED_CROSS, None)]

# Red's bases face b6 (north), f5 (east), e1 (south) and a2 (west). Each board below leaves red
# one empty field short of joining them, every other field a red cross on the way or a wall.
WEST = ("b6", "b5", "b4", "b3", "b2", "a2", "c2", "d2")
STRAIGHT = (*WEST, "c5", "d5", "e5", "f5", "e2")  # e1 joins e2 to the south base: N-S
BEND = (*WEST, "c5", "d5", "e5", "f5", "e1")  # e2 joins d2 to e1: W-S
JUNCTION = (*WEST, "e1", "e3", "e4", "e5", "f5")  # e2 joins d2, e1 and e3: W-S-N


def board(crosses: tuple[str, ...]) -> list[Tile | None]:
    """Red crosses on `crosses`, walls elsewhere, the one field red still needs left empty."""
    tiles: list[Tile | None] = [WALL] * FIELDS
    for name in crosses:
        tiles[Field.parse(name).index(SIZE)] = CROSS
    for gap in ("e1", "e2"):
        if gap not in crosses:
            tiles[Field.parse(gap).index(SIZE)] = None
    return tiles


def red_oracle(crosses: tuple[str, ...]) -> Oracle:
    oracle = Oracle(board(crosses), RED)
    assert oracle.opt == 1 and not oracle.exchange
    return oracle


@pytest.mark.parametrize(
    ("crosses", "gap", "faces"),
    [(STRAIGHT, "e1", 3), (BEND, "e2", 3), (JUNCTION, "e2", 2)],
    ids=["straight: crosses and the red bridge", "bend: crosses and the arcs", "junction"],
)
def test_a_field_is_served_by_the_faces_that_fit_its_way(
    crosses: tuple[str, ...], gap: str, faces: int
) -> None:
    assert serving(red_oracle(crosses), Field.parse(gap).index(SIZE)) == faces


def test_a_field_off_the_lightest_trees_is_served_by_no_face() -> None:
    tiles = board(STRAIGHT)
    off = Field.parse("f1").index(SIZE)  # a dead end beside the gap e1: no lightest tree needs it
    tiles[off] = None
    oracle = Oracle(tiles, RED)
    assert off not in oracle.relevant
    assert serving(oracle, off) == 0


def test_a_network_waiting_for_a_cross_is_less_easy_than_one_a_bridge_completes() -> None:
    straight, junction = red_oracle(STRAIGHT), red_oracle(JUNCTION)
    assert len(straight.relevant) == len(junction.relevant)  # the same number of fields
    assert ease(straight) > ease(junction)


def test_the_bias_favours_the_player_whose_network_is_easier() -> None:
    # (Both oracles measure red's boards; `bias` only compares the ease of the two it is given.)
    oracles = {RED: red_oracle(STRAIGHT), Player.BLACK: red_oracle(JUNCTION)}
    assert bias(oracles, RED, 0.5) > 0 > bias(oracles, Player.BLACK, 0.5)
    assert bias(oracles, RED, 0.0) == 0.0


def test_a_shift_moves_the_chance_along_its_logit_and_back() -> None:
    rng = random.Random(7)
    for _ in range(100):
        chance, lean = rng.uniform(0.01, 0.99), rng.uniform(-2, 2)
        moved = shifted(chance, lean)
        assert (moved > chance) == (lean > 0) or lean == 0
        assert math.isclose(shifted(moved, -lean), chance, rel_tol=1e-9)
    assert shifted(0.3, 0.0) == 0.3


def test_hard_weighs_the_ease_and_hard0v_does_not() -> None:
    assert EFFORT[Level.HARD].shapes > 0
    assert TODAY_VERBINDUNG_HARD.shapes == 0.0
    assert EFFORT[Level.NORMAL].shapes == 0.0


def _lines(game: VerbindungGame) -> tuple[Planner, list[Line]]:
    planner = Planner(game, racing)
    lines = [line for line in candidate_turns(planner, Width(4, 8), never) if not line.ended]
    return planner, lines[:6]


def test_each_best_turn_leans_by_the_ease_on_the_board_it_leaves() -> None:
    planner, lines = _lines(open_game(3))
    blind = {line.actions: line.value for line in _chanced(planner, lines, 6, never)}
    weighed = _chanced(planner, lines, 6, never, shapes=1.0)
    assert len(weighed) == len(blind) > 1
    leans = []
    for line in weighed:
        tiles = planner.board(line.changes)
        lean = bias({p: Oracle(tiles, p) for p in Player}, planner.me, 1.0)
        assert math.isclose(line.value, shifted(blind[line.actions], lean), rel_tol=1e-12)
        leans.append(lean)
    assert len(set(leans)) > 1  # the turns leave networks of different ease


def test_two_rolls_ahead_the_ease_is_weighed_with_the_weight_given() -> None:
    planner, lines = _lines(open_game(3))
    blind = [Deep(planner, line, never).value() for line in lines[:3]]
    weighed = [Deep(planner, line, never, 1.0).value() for line in lines[:3]]
    assert blind == [Deep(planner, line, never, 0.0).value() for line in lines[:3]]
    assert all(value is not None and 0 < value < 1 for value in weighed)
    assert weighed != blind
