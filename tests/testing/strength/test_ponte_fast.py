"""The fast board of the plain search's playouts (`testing.strength.ponte_fast`) must play by the
engine's rules: every turn of its random playouts is legal in the engine, it offers exactly the
engine's bridges, it passes only when the engine allows it, and it counts the same score."""

from __future__ import annotations

import random

import pytest

from engine.ai.ponte.playout import random_turn as engine_turn
from engine.coords import Field
from engine.ponte import Move, Pass, Place, PonteGame
from testing.strength.ponte_fast import COLOURS, Board, Walks, random_turn


def _turn_between(before: Board, after: Board) -> Move:
    """The engine move that took `before` to `after`."""
    if len(after.built) > len(before.built):
        return after.bridge(after.built[-1])
    size = after.tab.size
    stones = [f for f, (a, b) in enumerate(zip(before.owner, after.owner, strict=True)) if a != b]
    if stones:
        first, second = stones
        return Place(Field.from_index(first, size), Field.from_index(second, size))
    return Pass()


def _start(variant: str, seed: int) -> tuple[PonteGame, random.Random]:
    """A game after a few turns of the engine's own random player (some with bridges)."""
    rng = random.Random(seed)
    game = PonteGame(variant)
    for _ in range(seed % 5 * 8):
        game.push(engine_turn(game, rng, bridge_chance=0.3, swap_chance=0.0))
    return game, rng


@pytest.mark.parametrize("variant", ["online", "classic"])
@pytest.mark.parametrize("seed", range(10))
def test_every_turn_of_a_fast_playout_is_legal_in_the_engine_and_the_scores_agree(variant, seed):
    game, rng = _start(variant, seed)
    sim = Board.of(game)
    walks = Walks.of(sim, rng)
    while not sim.over:
        engine_bridges = {str(b) for b in game.legal_bridges()}
        assert {str(sim.bridge(b)) for b in sim.bridges(sim.turn)} == engine_bridges
        before = sim.copy()
        random_turn(sim, walks, rng)
        move = _turn_between(before, sim)
        game.check(move)  # raises if the engine disagrees (a pass when two stones fit, too)
        game.push(move)
    assert game.is_over
    again = Board.of(game)
    assert (sim.owner, sim.blocked, sim.ends) == (again.owner, again.blocked, again.ends)
    for colour, code in COLOURS.items():
        expected = game.score(colour)
        assert sim.score(code) == (expected.points, expected.islands, expected.bridges)


def test_a_fast_playout_is_the_same_for_a_seed_and_another_for_another_seed():
    game, _ = _start("online", 3)

    def played(seed: int) -> list[int]:
        sim = Board.of(game)
        walks = Walks.of(sim, random.Random(seed))
        rng = random.Random(seed)
        while not sim.over:
            random_turn(sim, walks, rng)
        return sim.owner

    assert played(1) == played(1)
    assert played(1) != played(2)


def test_a_first_stone_without_a_partner_after_it_in_the_walk_still_finds_another_pair():
    # White a1 a2 a3; white's walk starts with a4, which completes an island that every other
    # field of the walk touches; the walk must then look at every pair (b1 with a5: P7, P8)
    # rather than take itself for stuck and pass while two stones fit (P6).
    game = PonteGame()
    for text in ("a1 a2", "l1 l3", "a3 f6", "j1 j3"):
        game.push(game.parse_move(text))
    sim = Board.of(game)
    walk = [Field.parse(f).index(12) for f in ("a4", "b1", "b2", "b3", "a5", "b4", "b5")]
    before = sim.copy()
    assert Walks([], walk, []).stones(sim, sim.turn)
    move = _turn_between(before, sim)
    game.check(move)
    assert str(move) == "a5 b1"
    assert not sim.stuck[COLOURS[game.to_move]]
