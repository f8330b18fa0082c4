"""Ponte del Diavolo: bridges and blocked fields (P11-P15), and the crossing geometry."""

from __future__ import annotations

from itertools import product

import pytest

from engine import Field
from engine.ponte import Bridge, Colour
from engine.ponte.board import Board
from engine.ponte.geometry import BRIDGE_OFFSETS, blocked_offsets, segments_meet
from testing.ponte_positions import position, rule_of

F = Field.parse


@pytest.mark.parametrize(
    ("stones", "bridge", "blocked"),
    [
        ("c3 e3", "c3-e3", ["d3"]),  # straight
        ("c3 c5", "c3-c5", ["c4"]),
        ("c3 e5", "c3-e5", ["d4"]),  # diagonal
        ("c5 e3", "c5-e3", ["d4"]),
        ("c3 e4", "c3-e4", ["d3", "d4"]),  # knight's jumps, two fields under each
        ("c4 e3", "c4-e3", ["d4", "d3"]),
        ("c3 d5", "c3-d5", ["c4", "d4"]),
        ("c5 d3", "c5-d3", ["c4", "d4"]),
    ],
)
def test_P11_three_shapes_and_P12_their_blocked_fields(stones, bridge, blocked):
    game = position(white=stones, red="h2 h4")
    game.play(bridge)
    board = game.board
    assert board.bridges == [Bridge(*(F(f) for f in bridge.split("-")))]
    assert sorted(f for f in range(len(board.cells)) if board.blocked[f]) == sorted(
        board.index(F(f)) for f in blocked
    )
    for field in blocked:  # P12: no stone of either colour may be placed there afterwards
        assert F(field) not in game.legal_fields()
        assert rule_of(game, f"{field} a1") == "P12"
    game.play("h6 a7")
    for field in blocked:
        assert rule_of(game, f"{field} a1") == "P12"


def test_P11_ends_must_be_one_field_apart_in_a_shape():
    game = position(white="c3 f3 c6 e7 g5", red="h2 h4")
    assert rule_of(game, "c3-f3") == "P11"  # three apart in a row
    assert rule_of(game, "c3-c6") == "P11"
    assert rule_of(game, "c3-g5") == "P11"  # (4, 2): no shape
    assert game.is_legal(Bridge(F("c6"), F("e7")))  # a knight's jump is


def test_P11_only_between_own_stones():
    game = position(white="c3", red="e3 c5", to_move=Colour.WHITE)
    assert rule_of(game, "c3-e3") == "P11"  # red stone
    assert rule_of(game, "c3-a3") == "P11"  # empty field


def test_P12_no_stone_of_either_colour_under_a_new_bridge():
    game = position(white="c3 e3 c5 e6", red="d3 d5")
    assert rule_of(game, "c3-e3") == "P12"  # red stone in the middle
    assert rule_of(game, "c5-e6") == "P12"  # knight over d5 (and d6)


def test_P13_a_stone_carries_one_bridge():
    game = position(white="c3 e3 e5", white_bridges="c3-e3", red="h2 h4")
    assert rule_of(game, "e3-e5") == "P13"


def test_P14_bridges_may_not_cross():
    game = position(white="c3 e4", white_bridges="c3-e4", red="c4 e3", to_move=Colour.RED)
    assert rule_of(game, "c4-e3") == "P14"  # E5: they cross over d3 / d4
    game = position(white="c3 e5", white_bridges="c3-e5", red="c5 e3", to_move=Colour.RED)
    assert rule_of(game, "c5-e3") == "P14"  # diagonals crossing over d4


def test_P14_parallel_knight_bridges_over_a_common_field_are_legal():
    game = position(white="c3 e4", white_bridges="c3-e4", red="c4 e5", to_move=Colour.RED)
    game.play("c4-e5")
    assert len(game.board.bridges) == 2


def test_P14_diagonals_meeting_at_a_field_corner_are_illegal():
    # b2-d4 passes the corner where b3, c3, b2 and c2 meet; a4-c2 passes the same corner.
    game = position(white="b2 d4", white_bridges="b2-d4", red="c2 a4", to_move=Colour.RED)
    assert rule_of(game, "a4-c2") == "P14"


def test_P15_bridges_join_islands_and_sandbanks_alike():
    game = position(
        white="a1 b1 a2 b2 d1 e1 g1 g2",  # island a1 b1 a2 b2, sandbanks d1 e1 and g1 g2
        red="h5 h7 j5 j7",
    )
    game.play("b1-d1")  # island to sandbank
    game.play("a6 a7")
    game.play("e1-g1")  # sandbank to sandbank
    assert len(game.board.bridges) == 2


# The segment rule over every pair of shapes at every offset --------------------------------------

DIRECTED = BRIDGE_OFFSETS + tuple((-dc, -dr) for dc, dr in BRIDGE_OFFSETS)


def _fields(start: tuple[int, int], offset: tuple[int, int]) -> tuple[set, set]:
    ends = {start, (start[0] + offset[0], start[1] + offset[1])}
    under = {(start[0] + bc, start[1] + br) for bc, br in blocked_offsets(*offset)}
    return ends, under


def _pairs():
    """Every pair of directed bridges, the second placed anywhere near the first, that the other
    rules (P12, P13) allow, as unordered pairs up to translation."""
    seen = set()
    for one, two in product(DIRECTED, repeat=2):
        for dc, dr in product(range(-4, 5), repeat=2):
            ends_a, under_a = _fields((0, 0), one)
            ends_b, under_b = _fields((dc, dr), two)
            if ends_a & ends_b or ends_a & under_b or ends_b & under_a:
                continue
            key = frozenset({(one, (0, 0)), (two, (dc, dr))})
            canonical = frozenset({(two, (0, 0)), (one, (-dc, -dr))})
            if canonical in seen:
                continue
            seen.add(key)
            yield one, two, (dc, dr), under_a & under_b


def test_P14_every_shape_pair_counted_against_the_segment_rule():
    parallel_knights_sharing_a_field = 0
    meeting_at_a_corner = 0
    for one, two, (dc, dr), shared in _pairs():
        meets = segments_meet((0, 0), one, (dc, dr), (dc + two[0], dr + two[1]))
        if shared and not meets:
            assert one in (two, (-two[0], -two[1])) and abs(one[0] * one[1]) == 2
            parallel_knights_sharing_a_field += 1
        both_diagonal = abs(one[0]) == abs(one[1]) == 2 == abs(two[0]) == abs(two[1])
        if meets and both_diagonal and not shared:
            meeting_at_a_corner += 1
    assert parallel_knights_sharing_a_field == 16
    assert meeting_at_a_corner == 16


def test_P14_engine_agrees_with_the_segment_rule_on_every_pair():
    """Build each allowed pair on a board: the second bridge is refused exactly when the
    segments meet."""
    checked = 0
    for one, two, (dc, dr), _shared in _pairs():
        if one not in BRIDGE_OFFSETS or two not in BRIDGE_OFFSETS:
            continue  # each undirected pair is also met with canonical directions
        board = Board(14)  # room for every offset around the middle
        first = _bridge((6, 6), one)
        second = _bridge((6 + dc, 6 + dr), two)
        for bridge, colour in ((first, Colour.WHITE), (second, Colour.RED)):
            board.place(board.index(bridge.first), colour)
            board.place(board.index(bridge.second), colour)
        board.build(first)
        meets = segments_meet((0, 0), one, (dc, dr), (dc + two[0], dr + two[1]))
        problem = board.bridge_problem(second, Colour.RED)
        assert (problem is not None and problem.rule == "P14") == meets, (first, second)
        assert problem is None or problem.rule == "P14"
        checked += 1
    assert checked > 100


def _bridge(start: tuple[int, int], offset: tuple[int, int]) -> Bridge:
    return Bridge(Field(*start), Field(start[0] + offset[0], start[1] + offset[1]))
