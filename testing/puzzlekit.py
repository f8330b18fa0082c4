"""Puzzles for tests that need one without the computer's judgement: a turn of a finished game
made a puzzle, with chances given by the test (the service keeps what it is told; how the
computer finds and judges them is `bot.computer.puzzling`'s, tested there)."""

from __future__ import annotations

from bot.games import GAMES
from bot.games.puzzles import FoundPuzzle


def puzzle_at(
    game_kind: str,
    record: str,
    turn: int,
    *,
    played_chance: float = 0.3,
    best_chance: float = 0.7,
) -> FoundPuzzle:
    """Turn `turn` of the finished game `record` as a puzzle whose best turn is the first legal
    turn that is not the one played (the chances are the test's)."""
    kind = GAMES.kind(game_kind)
    game = kind.load(record)
    plies = game.turn_plies()
    start, end = plies[turn - 1], plies[turn]
    position = game.position_at(start)
    played = game.moves[start]
    best = next(
        move for move in position.legal_moves() if move != played and not position.is_chance(move)
    )
    mover = position.to_move
    assert mover is not None
    return FoundPuzzle(
        turn=turn,
        position=position.record().to_json(),
        events=tuple(str(event) for event in game.moves[start + 1 : end]),
        mover=str(mover.value),
        played=str(played),
        best=str(best),
        played_chance=played_chance,
        best_chance=best_chance,
        seed=f"test:{turn}",
    )
