"""The interface both games share (engine.game), checked on both: whose turn, the move stack,
the legal-moves view, equality and an evaluable repr, the outcome, and who made which move."""

from __future__ import annotations

import random

import pytest

from engine.game import Game, LegalMoves, Outcome, Termination, game_over
from engine.ponte import Colour, Pass, PonteGame, Swap
from engine.verbindung import Phase, Player, Resign, Roll, Turn, VerbindungGame, draw_roll
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


@pytest.mark.parametrize("make", GAMES)
def test_both_games_share_one_shape_of_colours_moves_and_resignation(make) -> None:
    game = make()
    first, second = game.colours()
    assert first.other is second and second.other is first
    assert type(game).colour(first.value) is first
    with pytest.raises(ValueError, match="no colour"):
        type(game).colour("purple")
    assert isinstance(game.moves, tuple) and game.variant_name in type(game).VARIANTS
    mover = game.to_move
    assert mover is not None
    # A bare "resign" is whoever wrote it, not necessarily the player to move (P18, V12).
    assert game.resigner(game.parse_move("resign", by=mover.other)) is mover.other
    assert game.resigner(game.parse_move("resign")) is mover
    assert game.resigner(game.resignation(mover)) is mover
    assert game.resigner(game.moves[-1]) is None


def test_V5_only_a_roll_is_a_chance_event_and_the_phase_says_which_step_is_due() -> None:
    game = verbindung_opening()
    assert game.phase is Phase.PLACE and game.phase == "place"
    assert game.is_chance(game.moves[0]) and not game.is_chance(game.parse_move("pass"))
    game.play("white-cross a2")
    assert game.phase is Phase.ROLL
    game.play("resign red")
    assert game.phase is None
    assert not PonteGame().is_chance(PonteGame().parse_move("c3 d5"))


def test_P19_only_ponte_has_scores_and_its_first_player_changes_colour_by_a_swap() -> None:
    game = PonteGame.from_moves("online", ["c3 d5"])
    assert game.scores() == {Colour.WHITE: 0, Colour.RED: 0}
    assert game.first_player_colour is Colour.WHITE
    game.play("swap")
    assert game.first_player_colour is Colour.RED
    assert verbindung_opening().scores() is None
    assert verbindung_opening().first_player_colour is Player.RED


def test_the_history_steps_over_chance_events_and_a_takeback_knows_its_length() -> None:
    game = VerbindungGame.from_moves(
        None, ["roll arcs white-cross", "white-cross a2", "roll arcs arcs arcs"]
    )
    assert game.turn_plies() == [1, 3]  # the start with its roll, then the turn with the next roll
    assert game.last_turn_length(Player.RED) == 2  # the turn and the roll after it
    assert game.last_turn_length(Player.BLACK) == 0  # black has not moved at all
    assert VerbindungGame().last_turn_length(Player.RED) == 0
    answered = VerbindungGame.from_moves(
        None, [*map(str, game.moves), "pass", "roll arcs white-cross", "white-cross a3"]
    )
    assert answered.last_turn_length(Player.BLACK) is None  # red moved since
    assert answered.last_turn_length(Player.RED) == 1  # red has no roll after it yet
    # Everything since a colour's last turn, the opponent's answer and the rolls included.
    assert answered.since_last_turn(Player.BLACK) == 3  # pass, the roll, red's turn
    assert answered.since_last_turn(Player.RED) == 1
    assert VerbindungGame().since_last_turn(Player.BLACK) == 0
    earlier = game.position_at(1)
    assert earlier.moves == game.moves[:1] and earlier.phase is Phase.PLACE
    with pytest.raises(ValueError, match="no position"):
        game.position_at(4)


def test_an_outcome_no_rule_decided_has_no_rule_and_a_game_over_error_says_so() -> None:
    outcome = Outcome(Colour.RED, Termination.RESIGNATION, "P18")
    assert outcome.result == "red" and game_over(outcome).rule == "P18"
    drawn: Outcome[Colour] = Outcome(None, Termination.FINISHED, None)
    assert drawn.result == "draw" and game_over(drawn).rule == ""
    assert {reason.value for reason in Termination} >= {"finished", "resignation"}
    assert "timeout" not in {reason.value for reason in Termination}  # the service's, not a rule's
