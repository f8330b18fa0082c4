"""The compiled board of the plain search's playouts (`testing.strength.ponte_jit`) must play by
the engine's rules: every turn of its random playouts is legal in the engine, it offers exactly the
engine's bridges, it passes only when the engine allows it, and it counts the same score."""

from __future__ import annotations

import random

import pytest

from testing.strength import NEEDS_NUMBA

pytest.importorskip("numba", reason=NEEDS_NUMBA)

import numpy as np

from engine.ai.ponte.playout import random_turn as engine_turn
from engine.coords import Field
from engine.ponte import Move, Pass, Place, PonteGame
from testing.strength import ponte_arrays as arrays
from testing.strength import ponte_jit as jit


def _move(size: int, turn: tuple[int, int, int]) -> Move:
    """A playout's turn (`ponte_jit.random_turn`) as an engine move."""
    kind, first, second = turn
    if kind == jit.STONES:
        return Place(Field.from_index(first, size), Field.from_index(second, size))
    if kind == jit.BRIDGE:
        return arrays.bridge_move(size, first)
    return Pass()


def _start(variant: str, seed: int) -> PonteGame:
    """A game after a few turns of the engine's own random player (some with bridges)."""
    rng = random.Random(seed)
    game = PonteGame(variant)
    for _ in range(seed % 5 * 8):
        game.push(engine_turn(game, rng, bridge_chance=0.3, swap_chance=0.0))
    return game


def _buildable(game: PonteGame, state: arrays.State) -> set[str]:
    """The bridges the compiled board offers its player to move, as engine texts."""
    t, size = arrays.tables(game.board.size), game.board.size
    count = jit.bridges(t, state, state[11][jit.TURN])
    candidates = state[8][state[11][jit.TURN], :count].tolist()
    return {str(arrays.bridge_move(size, n)) for n in candidates}


@pytest.mark.parametrize("variant", ["online", "classic"])
@pytest.mark.parametrize("seed", range(10))
def test_every_turn_of_a_compiled_playout_is_legal_in_the_engine_and_the_scores_agree(
    variant, seed
):
    game = _start(variant, seed)
    t, size = arrays.tables(game.board.size), game.board.size
    state = arrays.state_of(game)
    jit.seed(seed)
    orders = jit.walks(state)
    at = np.zeros(3, np.int64)
    while not state[11][jit.OVER]:
        assert _buildable(game, state) == {str(b) for b in game.legal_bridges()}
        move = _move(size, jit.random_turn(t, state, orders, at))
        game.check(move)  # raises if the engine disagrees (a pass when two stones fit, too)
        game.push(move)
    assert game.is_over
    again = arrays.state_of(game)
    for part in (0, 1, 2):  # stones, blocked fields, bridge ends
        assert (state[part] == again[part]).all()
    white, red = jit.scores(t, state)
    for colour, got in zip(arrays.COLOURS, (white, red), strict=True):
        expected = game.score(colour)
        assert got == (expected.points, expected.islands, expected.bridges)


@pytest.mark.parametrize("seed", range(6))
def test_a_whole_compiled_playout_replays_in_the_engine_to_the_same_score(seed):
    game = _start("online", seed)
    state = arrays.state_of(game)
    jit.seed(100 + seed)
    for turn in jit.logged_playout(arrays.tables(12), state):
        game.push(_move(12, turn))
    assert game.is_over
    for colour, got in zip(arrays.COLOURS, jit.scores(arrays.tables(12), state), strict=True):
        expected = game.score(colour)
        assert got == (expected.points, expected.islands, expected.bridges)


def test_a_compiled_playout_is_the_same_for_a_seed_and_another_for_another_seed():
    game = _start("online", 3)

    def played(number: int) -> list[int]:
        state = arrays.state_of(game)
        jit.seed(number)
        jit.playout(arrays.tables(12), state)
        return state[0].tolist()

    assert played(1) == played(1)
    assert played(1) != played(2)


def test_a_first_stone_without_a_partner_after_it_in_the_walk_still_finds_another_pair():
    # White a1 a2 a3; white's walk starts with a4, which completes an island that every other
    # field of the walk touches; the walk must then look at every pair (b1 with a5: P7, P8)
    # rather than take itself for stuck and pass while two stones fit (P6).
    game = PonteGame()
    for text in ("a1 a2", "l1 l3", "a3 f6", "j1 j3"):
        game.push(game.parse_move(text))
    t, state = arrays.tables(12), arrays.state_of(game)
    walk = [Field.parse(f).index(12) for f in ("a4", "b1", "b2", "b3", "a5", "b4", "b5")]
    orders = np.array([walk, walk, walk], np.int32)
    at = np.zeros(3, np.int64)
    colour = state[11][jit.TURN]
    first, second = jit.walk_stones(t, state, orders, at, colour)
    move = _move(12, (jit.STONES, first, second))
    game.check(move)
    assert str(move) == "a5 b1"
    assert not state[11][jit.STUCK + colour]
