"""Random playouts to the end with seeded rolls, checking invariants at every step."""

from __future__ import annotations

import random

import pytest

from engine.ai.verbindung.playout import random_turn as random_policy_turn
from engine.errors import GameOverError, IllegalMoveError
from engine.verbindung import (
    Face,
    Player,
    Resign,
    Roll,
    Turn,
    VerbindungGame,
    draw_roll,
    parse_move,
)


def random_turn(game: VerbindungGame, rng: random.Random) -> Turn:
    """A turn built from the engine's listings, stopping at random (the benchmarks' policy)."""
    return random_policy_turn(game, rng, stop_chance=0.15)


def check_invariants(game: VerbindungGame) -> None:
    assert game.supply + len(game.board) == 36
    for player in Player:
        joined = game.bases_joined(player)
        assert 0 <= joined <= 4
        assert (joined == 4) == game.is_connected(player)
        # A connected player's four bases are all in one potential network too (V9).
        assert not game.is_connected(player) or game.cut_off(player) == ()
    if game.phase == "place":
        assert len(game.roll) <= 3


def play_out(seed: int) -> VerbindungGame:
    rng = random.Random(seed)
    game = VerbindungGame()
    while not game.is_over:
        roll = draw_roll(game, rng)
        assert game.is_legal(roll)
        game.push(roll)
        turn = random_turn(game, rng)
        before = game.copy()
        game.check(turn)  # every turn built from the listings is legal
        game.push(turn)
        assert before.moves == game.moves[:-1]  # the copy is independent
        assert parse_move(str(turn)) == turn
        check_invariants(game)
    return game


@pytest.mark.parametrize("seed", range(60))
def test_playout_reaches_an_end_and_round_trips(seed: int) -> None:
    game = play_out(seed)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.rule in ("V11", "V12")
    if outcome.winner is not None:
        assert game.is_connected(outcome.winner)
    else:
        assert game.supply == 0
    record = game.record()
    texts = (record.to_text(), record.to_json())
    for replayed in (VerbindungGame.from_text(texts[0]), VerbindungGame.from_json(texts[1])):
        assert replayed.board == game.board
        assert replayed.outcome() == outcome
        assert replayed.moves == game.moves
    assert list(game.legal_moves()) == []


@pytest.mark.parametrize("seed", range(3))
def test_listed_turns_are_exactly_the_legal_ones_early(seed: int) -> None:
    rng = random.Random(100 + seed)
    game = VerbindungGame()
    for _ in range(4):
        game.push(draw_roll(game, rng))
        turns = list(game.legal_moves())
        assert len(turns) == len(set(turns))
        for turn in rng.sample(turns, min(40, len(turns))):
            assert isinstance(turn, Turn) and game.is_legal(turn)
            after = game.copy()
            after.push(turn)
            assert after.supply + len(after.board) == 36
        for _ in range(10):  # turns built from the per-face listings are all listed too
            assert random_turn(game, rng) in set(turns)
        game.push(rng.choice(turns))


def test_listed_rolls_in_the_roll_phase() -> None:
    game = VerbindungGame()
    rolls = list(game.legal_moves())
    assert len(rolls) == 21  # two dice of six faces, as multisets
    assert all(isinstance(r, Roll) and len(r.faces) == 2 for r in rolls)
    assert Roll((Face.WHITE_CROSS, Face.WHITE_CROSS)) in rolls
    game.push(Roll((Face.ARCS, Face.ARCS)))
    game.push(Turn(()))
    assert len(list(game.legal_moves())) == 56  # three dice for black


def test_draw_roll_uses_the_callers_generator() -> None:
    game = VerbindungGame()
    first = draw_roll(game, random.Random(7))
    assert first == draw_roll(game, random.Random(7))  # reproducible from the seed
    assert len(first.faces) == 2
    game.push(first)
    with pytest.raises(IllegalMoveError) as info:
        draw_roll(game, random.Random(7))
    assert info.value.rule == "V5"
    game.push(Resign(Player.RED))
    with pytest.raises(GameOverError):
        draw_roll(game, random.Random(7))
