"""Random Ponte del Diavolo games to the end, checking invariants at every turn."""

from __future__ import annotations

import itertools

import pytest

from engine.ponte import Colour, Pass, Place, PonteGame, parse_move
from testing.ponte_playout import board_is_valid, oracle_legal_fields, playout

SEEDS = range(6)


@pytest.mark.parametrize("variant", ["online", "classic"])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_every_invariant(seed, variant):
    game = PonteGame(variant)
    for before, move in playout(seed, variant):
        assert parse_move(str(move)) == move  # canonical text round-trips
        assert move in before.legal_moves()
        mover = before.to_move
        scores = {colour: before.score(colour) for colour in Colour}
        game.play(str(move))
        assert game.score(mover).points >= scores[mover].points  # own score never drops
        assert game.score(mover).islands >= scores[mover].islands
        assert game.score(mover.other) == scores[mover.other]  # colours never interfere
        assert board_is_valid(game.board.cells, game.board.size, mover)
    assert game.is_over and game.outcome() is not None
    record = game.record()
    for replayed in (
        PonteGame.from_text(record.to_text(), variant),
        PonteGame.from_json(record.to_json()),
    ):
        assert replayed == game and replayed.board == game.board
        assert replayed.outcome() == game.outcome()


@pytest.mark.parametrize("seed", range(3))
def test_legal_queries_agree_with_an_independent_oracle(seed):
    for ply, (game, _move) in enumerate(playout(seed)):
        if ply % 7 and not game.can_pass():
            continue
        fields = [game.board.index(f) for f in game.legal_fields()]
        assert fields == oracle_legal_fields(game)
        pairs = [
            (a, b)
            for a, b in itertools.combinations(fields, 2)
            if board_is_valid(_with(game, a, b), game.board.size, game.to_move)
        ]
        assert game.can_pass() == (ply >= 2 and not pairs)
        if ply >= 2 and len(pairs) < 400:
            listed = [m for m in game.legal_moves() if isinstance(m, Place)]
            assert sorted(listed, key=str) == sorted(
                (Place(game.board.field(a), game.board.field(b)) for a, b in pairs), key=str
            )


def _with(game: PonteGame, *indices: int) -> list:
    cells = game.board.cells.copy()
    for index in indices:
        cells[index] = game.to_move
    return cells


def test_every_listed_turn_applies():
    for ply, (game, _move) in enumerate(playout(11)):
        if ply % 15:
            continue
        for move in itertools.islice(game.legal_moves(), 0, None, 37):
            trial = game.copy()
            trial.play(str(move))
            assert trial.ply == game.ply + 1
        for bridge in game.legal_bridges():
            game.copy().play(str(bridge))
        assert (Pass() in game.legal_moves()) == game.can_pass()
