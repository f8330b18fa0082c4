"""The interface both games share (engine.game), checked on both: whose turn, the move stack,
the legal-moves view, equality and an evaluable repr, the outcome, and who made which move."""

from __future__ import annotations

import random

import pytest

from engine.game import Game, LegalMoves, Termination
from engine.ponte import Colour, Pass, PonteGame, Swap
from engine.verbindung import Player, Resign, Roll, Turn, VerbindungGame, draw_roll
from testing.ponte_positions import classic_filled


def verbindung_opening() -> VerbindungGame:
    game = VerbindungGame.new()
    game.play("roll arcs white-cross")
    return game


def ponte_opening() -> PonteGame:
    return PonteGame.from_moves("classic", ["c3 e5"])


GAMES = [ponte_opening, verbindung_opening]


@pytest.mark.parametrize("make", GAMES)
def test_to_move_is_none_after_the_end_for_both_games(make) -> None:
    game: Game[object, Colour | Player] = make()
    assert game.to_move is not None and not game.is_over
    game.push(game.parse_move(f"resign {game.to_move.value}"))
    assert game.is_over and game.to_move is None
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.RESIGNATION
    assert not game.legal_moves() and len(game.legal_moves()) == 0


@pytest.mark.parametrize("make", GAMES)
def test_legal_moves_is_a_view_whose_in_agrees_with_is_legal(make) -> None:
    game = make()
    moves = game.legal_moves()
    assert isinstance(moves, LegalMoves) and moves
    listed = list(moves)
    assert len(moves) == len(listed) == moves.count() > 0
    for move in listed[:20]:
        assert move in moves and game.is_legal(move)
    assert "c3 e5" not in moves and object() not in moves  # not moves at all
    assert game.peek() == game.moves[-1] and game.ply == len(game.moves)


@pytest.mark.parametrize("make", GAMES)
def test_a_copy_is_equal_and_independent_and_repr_rebuilds_the_game(make) -> None:
    game = make()
    copy = game.copy()
    assert copy == game and copy is not game
    rebuilt = eval(repr(game), {"PonteGame": PonteGame, "VerbindungGame": VerbindungGame})
    assert rebuilt == game
    copy.push(next(iter(copy.legal_moves())))
    assert copy != game and game.ply == copy.ply - 1
    with pytest.raises(TypeError):
        hash(game)


def test_peek_on_a_new_game_raises_index_error() -> None:
    with pytest.raises(IndexError):
        PonteGame.new().peek()


def test_ponte_movers_follow_the_players_through_a_swap() -> None:
    game = PonteGame.from_moves("online", ["c3 e5", "swap", "g7 h9", "a1 a3"])
    # The first player opened as white and holds red after the swap; the swapper holds white.
    assert game.movers() == (Colour.RED, Colour.WHITE, Colour.RED, Colour.WHITE)
    assert game.last_move_by(Colour.WHITE) == game.moves[3]
    assert game.last_move_by(Colour.RED) == game.moves[2]
    assert game.first_player_colour is Colour.RED
    fresh = PonteGame.new()
    assert fresh.movers() == () and fresh.last_move_by(Colour.WHITE) is None
    assert isinstance(game.moves[1], Swap)


def test_verbindung_movers_leave_the_rolls_to_chance() -> None:
    rng = random.Random(7)
    game = VerbindungGame.new("standard")
    for _ in range(2):
        game.push(draw_roll(game, rng))
        game.push(Turn(()))  # pass
    assert game.movers() == (None, Player.RED, None, Player.BLACK)
    assert game.last_move_by(Player.BLACK) == Turn(())
    game.push(Resign(Player.BLACK))  # at any time, even before red's roll
    assert game.movers()[-1] is Player.BLACK
    assert isinstance(game.moves[0], Roll)


def test_only_the_default_variant_exists_for_verbindung() -> None:
    from engine.errors import InvalidMoveError

    with pytest.raises(InvalidMoveError):
        VerbindungGame.new("classic")
    assert VerbindungGame.new().variant_name == "standard"


def test_P16_the_coming_turn_is_known_to_be_the_last() -> None:
    game = classic_filled(white_turns=20, red_turns=20)
    assert not game.is_final_turn()
    game.push(Pass())
    assert game.is_final_turn() and game.to_move is Colour.RED
    game.push(Pass())
    assert game.is_over and not game.is_final_turn()
    assert not VerbindungGame.new().is_final_turn()
