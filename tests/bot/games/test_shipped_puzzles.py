"""The puzzles the project ships with each game (issue 48): each a position the engine replays,
the mover to play, the turn played and the best one both legal there, the best much better."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.games.puzzles import PUZZLE_LOSS
from engine.record import Record


@pytest.mark.parametrize("key", GAMES.keys())
def test_each_game_ships_puzzles_the_engine_accepts(key: str) -> None:
    kind = GAMES.kind(key)
    shipped = kind.shipped_puzzles()
    assert len(shipped) >= 20
    for puzzle in shipped:
        position = kind.game.from_record(Record.from_json(puzzle.position, key))
        assert position.to_move is not None and str(position.to_move) == puzzle.mover
        for turn in (puzzle.played, puzzle.best):
            position.check(position.parse_move(turn, by=position.to_move))
        assert puzzle.best_chance - puzzle.played_chance >= PUZZLE_LOSS
    assert len({puzzle.position for puzzle in shipped}) == len(shipped)
